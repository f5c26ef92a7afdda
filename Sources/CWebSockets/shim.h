// libwebsockets (libwebsockets-dev 4.1) as one small WebSocket client for LiveTickerWebSocket.
//
// lws is driven through option structs and a protocol callback table, neither of which Swift
// can fill comfortably; these static inline functions do it in C and expose a plain client:
// create (one lws context per client, no listening socket), connect, service, destroy. Whole
// messages (fragments joined into a buffer of fixed capacity, allocated once) are handed to a
// C function pointer on the thread that calls lt_ws_service. A message longer than the
// capacity is never stored: its bytes are skipped and it is counted (oversized), so no server
// can make the client grow.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libwebsockets.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

/// Longest reason kept for a failed or closed connection.
#define LT_WS_REASON_CAPACITY 256

/// The connection's state, as lt_ws_service reports it.
enum {
    /// No connection (before the first connect, or after lt_ws_service saw it end).
    LT_WS_IDLE = 0,
    /// TCP/TLS/HTTP upgrade in progress.
    LT_WS_CONNECTING = 1,
    /// Upgraded: messages flow.
    LT_WS_ESTABLISHED = 2,
    /// Ended (refused, failed, closed by either side); `reason` says why.
    LT_WS_CLOSED = 3,
};

/// Receives one whole message: `binary` is 1 for a binary message, 0 for text.
typedef void (*lt_ws_message_fn)(void *context, const unsigned char *data, size_t length, int binary);

typedef struct lt_ws_client {
    /// Re-armed every `wakeMicroseconds` so lt_ws_service returns often enough for its caller to
    /// notice a stop request (lws otherwise sleeps until the next socket event). First member.
    lws_sorted_usec_list_t wake;
    struct lws_context *context;
    struct lws *wsi;
    lws_retry_bo_t policy;
    int64_t wakeMicroseconds;
    int state;
    int tls;
    int closeCode;
    char reason[LT_WS_REASON_CAPACITY];
    /// Why OpenSSL refused the server's certificate in this attempt (lws 4.1 reports only an
    /// opaque "SSL err" for it), empty when it did not.
    char certificateReason[128];
    /// The message being assembled: [0, length) of `capacity` bytes; `skipping` while an
    /// oversized message's remaining fragments go by.
    unsigned char *message;
    size_t capacity;
    size_t length;
    int skipping;
    /// Sent once after every upgrade (NULL: nothing), and the buffer it is sent from, with
    /// LWS_PRE bytes of room before it: lws_write masks a client's payload in place, so every
    /// send starts from a fresh copy (sending the same buffer twice sent garbage the second time).
    unsigned char *subscribe;
    unsigned char *subscribeFrame;
    size_t subscribeLength;
    int subscribePending;
    uint64_t messages;
    uint64_t oversized;
    uint64_t pongs;
    lt_ws_message_fn deliver;
    void *deliverContext;
    /// Copies of the connect parameters (lws keeps pointers to them during the handshake).
    char host[256];
    char hostHeader[300];
    char path[2048];
    int port;
    /// How the context was made (lt_ws_abort makes it again), with its own copy of the CA path.
    struct lws_context_creation_info info;
    char *caFile;
} lt_ws_client;

static inline void lt_ws_set_reason(lt_ws_client *c, const char *prefix, const void *text, size_t length) {
    size_t p = strlen(prefix);
    if (p > LT_WS_REASON_CAPACITY - 1) p = LT_WS_REASON_CAPACITY - 1;
    memcpy(c->reason, prefix, p);
    size_t n = text ? length : 0;
    if (n > LT_WS_REASON_CAPACITY - 1 - p) n = LT_WS_REASON_CAPACITY - 1 - p;
    // Only printable ASCII from the peer reaches the log.
    const unsigned char *t = (const unsigned char *)text;
    for (size_t i = 0; i < n; i++) c->reason[p + i] = (t[i] >= 0x20 && t[i] < 0x7f) ? (char)t[i] : '?';
    c->reason[p + n] = 0;
}

static inline void lt_ws_wake(lws_sorted_usec_list_t *sul) {
    lt_ws_client *c = lws_container_of(sul, lt_ws_client, wake);
    lws_sul_schedule(c->context, 0, &c->wake, lt_ws_wake, c->wakeMicroseconds);
}

static inline int lt_ws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len) {
    (void)user;
    struct lws_context *context = lws_get_context(wsi);
    lt_ws_client *c = context ? (lt_ws_client *)lws_context_user(context) : NULL;
    if (!c) return 0;
    switch (reason) {
    case LWS_CALLBACK_OPENSSL_PERFORM_SERVER_CERT_VERIFICATION:
        // `user` is the X509_STORE_CTX, `len` OpenSSL's preverify_ok. Returning 0 keeps
        // OpenSSL's verdict; this only keeps its reason.
        if (len == 0 && user && c->certificateReason[0] == 0) {
            int error = X509_STORE_CTX_get_error((X509_STORE_CTX *)user);
            snprintf(c->certificateReason, sizeof c->certificateReason, "%s", X509_verify_cert_error_string(error));
        }
        return 0;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        if (c->wsi == wsi || c->wsi == NULL) {
            if (c->certificateReason[0] == 0 && c->tls) {
                // lws 4.1 with OpenSSL 3 reports a refused certificate as an opaque "SSL err";
                // the verify result on the connection says which check failed.
                SSL *ssl = lws_get_ssl(wsi);
                long verify = ssl ? SSL_get_verify_result(ssl) : X509_V_OK;
                if (verify != X509_V_OK)
                    snprintf(c->certificateReason, sizeof c->certificateReason, "%s", X509_verify_cert_error_string(verify));
            }
            if (c->certificateReason[0]) {
                lt_ws_set_reason(c, "server certificate refused: ", c->certificateReason, strlen(c->certificateReason));
            } else {
                lt_ws_set_reason(c, "", in ? in : "connection failed", in ? strnlen((const char *)in, len ? len : 200) : 17);
            }
            c->state = LT_WS_CLOSED;
            c->wsi = NULL;
        }
        break;
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        c->state = LT_WS_ESTABLISHED;
        c->length = 0;
        c->skipping = 0;
        c->closeCode = 0;
        c->reason[0] = 0;
        if (c->subscribe) {
            c->subscribePending = 1;
            lws_callback_on_writable(wsi);
        }
        break;
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        if (c->subscribePending && c->subscribe) {
            c->subscribePending = 0;
            memcpy(c->subscribeFrame + LWS_PRE, c->subscribe, c->subscribeLength);
            int n = lws_write(wsi, c->subscribeFrame + LWS_PRE, c->subscribeLength, LWS_WRITE_TEXT);
            if (n < (int)c->subscribeLength) {
                lt_ws_set_reason(c, "could not send the subscribe message", NULL, 0);
                return -1;
            }
        }
        break;
    case LWS_CALLBACK_CLIENT_RECEIVE: {
        if (lws_is_first_fragment(wsi)) {
            c->length = 0;
            c->skipping = 0;
        }
        if (!c->skipping) {
            if (len > c->capacity - c->length) {
                c->skipping = 1;
                c->length = 0;
            } else {
                if (len) memcpy(c->message + c->length, in, len);
                c->length += len;
            }
        }
        if (lws_is_final_fragment(wsi) && lws_remaining_packet_payload(wsi) == 0) {
            if (c->skipping) {
                c->oversized++;
            } else {
                c->messages++;
                if (c->deliver) c->deliver(c->deliverContext, c->message, c->length, lws_frame_is_binary(wsi));
            }
            c->length = 0;
            c->skipping = 0;
        }
        break;
    }
    case LWS_CALLBACK_CLIENT_RECEIVE_PONG:
        c->pongs++;
        break;
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        if (in && len >= 2) {
            const unsigned char *b = (const unsigned char *)in;
            c->closeCode = (b[0] << 8) | b[1];
        }
        break;
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (c->wsi == wsi) {
            if (c->reason[0] == 0) {
                char text[64];
                if (c->closeCode) snprintf(text, sizeof text, "closed by the server (code %d)", c->closeCode);
                else snprintf(text, sizeof text, "connection closed");
                lt_ws_set_reason(c, text, NULL, 0);
            }
            c->state = LT_WS_CLOSED;
            c->wsi = NULL;
        }
        break;
    default:
        break;
    }
    return 0;
}

static const struct lws_protocols lt_ws_protocols[] = {
    // rx_buffer_size 0: lws's default (4096-byte reads); messages are joined in `message`.
    { "liveticker", lt_ws_callback, 0, 0, 0, NULL, 0 },
    { NULL, NULL, 0, 0, 0, NULL, 0 },
};

/// Makes lws print nothing (the caller reports what matters: lws's own log is process-wide).
static inline void lt_ws_quiet(void) { lws_set_log_level(0, NULL); }

/// Creates a client: an lws context with no listener, TLS set up when `tls` (trusting `caFile`,
/// or the system's CAs when NULL), a message buffer of `capacity` bytes, an idle policy that
/// pings after `pingSeconds` without traffic and hangs up after `hangupSeconds` (0: never),
/// and `subscribe` (may be NULL) sent after every upgrade. NULL on failure, with `error` set.
static inline lt_ws_client *lt_ws_create(int tls, const char *caFile, size_t capacity, int pingSeconds,
    int hangupSeconds, int connectTimeoutSeconds, const void *subscribe, size_t subscribeLength,
    lt_ws_message_fn deliver, void *deliverContext, char *error, size_t errorCapacity)
{
    lt_ws_client *c = (lt_ws_client *)calloc(1, sizeof *c);
    if (!c) { snprintf(error, errorCapacity, "out of memory"); return NULL; }
    c->message = (unsigned char *)malloc(capacity ? capacity : 1);
    c->capacity = capacity;
    if (!c->message) { free(c); snprintf(error, errorCapacity, "out of memory"); return NULL; }
    if (subscribe && subscribeLength) {
        c->subscribe = (unsigned char *)malloc(subscribeLength);
        c->subscribeFrame = (unsigned char *)malloc(LWS_PRE + subscribeLength);
        if (!c->subscribe || !c->subscribeFrame) {
            free(c->subscribe);
            free(c->subscribeFrame);
            free(c->message);
            free(c);
            snprintf(error, errorCapacity, "out of memory");
            return NULL;
        }
        memcpy(c->subscribe, subscribe, subscribeLength);
        c->subscribeLength = subscribeLength;
    }
    c->deliver = deliver;
    c->deliverContext = deliverContext;
    c->tls = tls;
    c->wakeMicroseconds = 50 * LWS_US_PER_MS;
    c->policy.secs_since_valid_ping = (uint16_t)pingSeconds;
    c->policy.secs_since_valid_hangup = (uint16_t)hangupSeconds;

    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = lt_ws_protocols;
    info.user = c;
    info.gid = -1;
    info.uid = -1;
    info.fd_limit_per_thread = 8;
    info.timeout_secs = (unsigned int)connectTimeoutSeconds;
    info.connect_timeout_secs = (unsigned int)connectTimeoutSeconds;
    if (tls) {
        info.options |= LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
        c->caFile = caFile ? strdup(caFile) : NULL;
        info.client_ssl_ca_filepath = c->caFile;
    }
    c->info = info;
    c->context = lws_create_context(&info);
    if (!c->context) {
        free(c->caFile);
        snprintf(error, errorCapacity, tls && caFile ? "could not set up TLS (is %s a PEM CA file?)" : "could not create the WebSocket context", caFile);
        free(c->subscribe);
        free(c->subscribeFrame);
        free(c->message);
        free(c);
        return NULL;
    }
    lws_sul_schedule(c->context, 0, &c->wake, lt_ws_wake, c->wakeMicroseconds);
    return c;
}

/// Starts a connection to ws[s]://host:port/path at `address` (the host already looked up, so
/// lws does not block in its own lookup; `host` still names the Host header, SNI and the name
/// the certificate must carry). Returns 0 when under way (watch lt_ws_service), -1 when it
/// failed at once (`reason` says why).
static inline int lt_ws_connect(lt_ws_client *c, const char *address, const char *host, int port, const char *path) {
    snprintf(c->host, sizeof c->host, "%s", address);
    if (strchr(host, ':')) snprintf(c->hostHeader, sizeof c->hostHeader, "[%s]:%d", host, port);
    else snprintf(c->hostHeader, sizeof c->hostHeader, "%s:%d", host, port);
    snprintf(c->path, sizeof c->path, "%s", path);
    c->port = port;
    if (!c->context) {
        c->state = LT_WS_CLOSED;
        return -1;  // lt_ws_abort could not make it again; its reason stands
    }
    c->reason[0] = 0;
    c->certificateReason[0] = 0;
    c->closeCode = 0;
    c->length = 0;
    c->skipping = 0;
    c->subscribePending = 0;
    struct lws_client_connect_info i;
    memset(&i, 0, sizeof i);
    i.context = c->context;
    i.address = c->host;
    i.port = port;
    i.path = c->path;
    i.host = c->hostHeader;
    i.origin = c->hostHeader;
    i.protocol = NULL;
    i.local_protocol_name = "liveticker";
    i.ssl_connection = c->tls ? LCCSCF_USE_SSL : 0;
    i.retry_and_idle_policy = (c->policy.secs_since_valid_ping || c->policy.secs_since_valid_hangup) ? &c->policy : NULL;
    i.pwsi = &c->wsi;
    c->state = LT_WS_CONNECTING;
    struct lws *wsi = lws_client_connect_via_info(&i);
    if (!wsi) {
        if (c->reason[0] == 0) lt_ws_set_reason(c, "could not start the connection", NULL, 0);
        c->state = LT_WS_CLOSED;
        c->wsi = NULL;
        return -1;
    }
    return 0;
}

/// Gives up the attempt under way: a server that accepts the TCP connection and never answers
/// the upgrade held lws 4.1 forever (neither its connect timeout nor a pending timeout set on
/// the connection ended it). The context, and with it the connection, is made anew, as at
/// create; the state is closed with `reason`, to be retried. Returns 0, or -1 when the new
/// context could not be made (`reason` then says so, and the client stays closed).
static inline int lt_ws_abort(lt_ws_client *c, const char *reason) {
    lws_context_destroy(c->context);
    c->wsi = NULL;
    c->context = lws_create_context(&c->info);
    c->state = LT_WS_CLOSED;
    if (!c->context) {
        lt_ws_set_reason(c, "could not make the WebSocket context again", NULL, 0);
        return -1;
    }
    lws_sul_schedule(c->context, 0, &c->wake, lt_ws_wake, c->wakeMicroseconds);
    lt_ws_set_reason(c, reason, NULL, 0);
    return 0;
}

/// Runs lws once (sockets ready now, timers due; at most about 50 ms of waiting) and returns the
/// state. Messages are delivered from inside this call.
static inline int lt_ws_service(lt_ws_client *c) {
    if (!c->context) return c->state;
    lws_service(c->context, 0);
    return c->state;
}

/// Marks a closed connection as seen (state back to idle) before the next connect.
static inline void lt_ws_reset(lt_ws_client *c) { if (c->state == LT_WS_CLOSED) c->state = LT_WS_IDLE; }

/// Closes any connection and frees everything.
static inline void lt_ws_destroy(lt_ws_client *c) {
    if (!c) return;
    c->deliver = NULL;
    if (c->context) lws_context_destroy(c->context);
    free(c->caFile);
    free(c->subscribe);
    free(c->subscribeFrame);
    free(c->message);
    free(c);
}

static inline const char *lt_ws_reason(const lt_ws_client *c) { return c->reason; }
static inline uint64_t lt_ws_messages(const lt_ws_client *c) { return c->messages; }
static inline uint64_t lt_ws_oversized(const lt_ws_client *c) { return c->oversized; }
static inline uint64_t lt_ws_pongs(const lt_ws_client *c) { return c->pongs; }
