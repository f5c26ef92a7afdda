// Eclipse Paho MQTT C (libpaho-mqtt-dev), synchronous client, MQTT 5, TLS through OpenSSL.
//
// Paho's option structs are meant to be filled from its *_initializer macros (eye-catchers,
// struct versions), which Swift does not import. These static inline functions fill them in C
// and expose only the calls LiveTickerMQTT makes, with plain parameters.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <MQTTClient.h>

/// Longest diagnostic kept from OpenSSL's error queue for one connect attempt.
#define LT_MQTT_DIAGNOSTIC_CAPACITY 512

/// What one connect attempt needs. Strings may be NULL (not used).
typedef struct {
    const char *username;
    const char *password;
    int keepAliveSeconds;
    int connectTimeoutSeconds;
    int cleanStart;
    /// 0: plain TCP; 1: TLS (mqtts://, the ssl:// URI of Paho).
    int useTLS;
    const char *caFile;
    const char *certFile;
    const char *keyFile;
    /// 0 skips checking the server's certificate and host name (never the default).
    int verifyServer;
    /// MQTT 5 Receive Maximum: QoS 1 messages the broker may have in flight to this client
    /// (0: the protocol default, 65535). Beyond it the broker queues, then drops.
    int receiveMaximum;
    /// QoS 1 publishes Paho may have awaiting acknowledgement (0: Paho's default, one at a time).
    int maxInflight;
    /// MQTT 5 Maximum Packet Size: the longest packet the broker may send this client (0: no
    /// limit, the protocol's 256 MB). A broker drops a longer message for this client instead
    /// of sending it, so one huge message cannot fill the process (Paho reads a packet whole).
    unsigned int maximumPacketSize;
    /// Where to connect instead of the URI given at create (NULL: that URI). A name already
    /// looked up, as tcp://ADDRESS:PORT, so Paho does not block in its own lookup.
    const char *serverURI;
} lt_mqtt_connect_params;

/// What came back from one connect attempt.
typedef struct {
    /// Paho's return code (MQTTCLIENT_SUCCESS, MQTTCLIENT_FAILURE, ...).
    int returnCode;
    /// The CONNACK reason code (MQTT 5), 0 on success or when none arrived.
    int reasonCode;
    /// The first OpenSSL error reported for this attempt (NUL-terminated, may be empty).
    char diagnostic[LT_MQTT_DIAGNOSTIC_CAPACITY];
} lt_mqtt_connect_result;

/// ERR_print_errors_cb target: keeps the first OpenSSL error line of an attempt.
static inline int lt_mqtt_ssl_error(const char *text, size_t length, void *context) {
    lt_mqtt_connect_result *result = (lt_mqtt_connect_result *)context;
    if (result->diagnostic[0] == 0) {
        size_t n = length < LT_MQTT_DIAGNOSTIC_CAPACITY - 1 ? length : LT_MQTT_DIAGNOSTIC_CAPACITY - 1;
        memcpy(result->diagnostic, text, n);
        while (n > 0 && (result->diagnostic[n - 1] == '\n' || result->diagnostic[n - 1] == '\r')) n--;
        result->diagnostic[n] = 0;
    }
    return 1;
}

/// Creates an MQTT 5 client for `uri` (tcp://HOST:PORT or ssl://HOST:PORT) with no on-disk
/// persistence. Returns Paho's code.
static inline int lt_mqtt_create(MQTTClient *handle, const char *uri, const char *clientID) {
    MQTTClient_createOptions options = MQTTClient_createOptions_initializer;
    options.MQTTVersion = MQTTVERSION_5;
    return MQTTClient_createWithOptions(handle, uri, clientID, MQTTCLIENT_PERSISTENCE_NONE, NULL, &options);
}

/// One MQTT 5 connect attempt with the given parameters; fills `result`.
static inline void lt_mqtt_connect(MQTTClient handle, const lt_mqtt_connect_params *params, lt_mqtt_connect_result *result) {
    MQTTClient_connectOptions options = MQTTClient_connectOptions_initializer5;
    MQTTClient_SSLOptions ssl = MQTTClient_SSLOptions_initializer;
    result->diagnostic[0] = 0;
    result->reasonCode = 0;
    options.keepAliveInterval = params->keepAliveSeconds;
    options.connectTimeout = params->connectTimeoutSeconds;
    options.cleanstart = params->cleanStart;
    options.username = params->username;
    options.password = params->password;
    if (params->maxInflight > 0) {
        // reliable = 1 (the initializer's) allows one QoS 1 message in flight at a time.
        options.reliable = 0;
        options.maxInflightMessages = params->maxInflight;
    }
    if (params->serverURI) {
        options.serverURIcount = 1;
        options.serverURIs = (char *const *)&params->serverURI;
    }
    if (params->useTLS) {
        ssl.trustStore = params->caFile;
        ssl.keyStore = params->certFile;
        ssl.privateKey = params->keyFile;
        ssl.enableServerCertAuth = params->verifyServer;
        ssl.verify = params->verifyServer;
        ssl.ssl_error_cb = lt_mqtt_ssl_error;
        ssl.ssl_error_context = result;
        options.ssl = &ssl;
    }
    MQTTProperties properties = MQTTProperties_initializer;
    if (params->receiveMaximum > 0) {
        MQTTProperty property;
        property.identifier = MQTTPROPERTY_CODE_RECEIVE_MAXIMUM;
        property.value.integer2 = (unsigned short)params->receiveMaximum;
        MQTTProperties_add(&properties, &property);
    }
    if (params->maximumPacketSize > 0) {
        MQTTProperty property;
        property.identifier = MQTTPROPERTY_CODE_MAXIMUM_PACKET_SIZE;
        property.value.integer4 = params->maximumPacketSize;
        MQTTProperties_add(&properties, &property);
    }
    MQTTResponse response = MQTTClient_connect5(handle, &options, &properties, NULL);
    MQTTProperties_free(&properties);
    result->returnCode = response.reasonCode == MQTTREASONCODE_SUCCESS ? MQTTCLIENT_SUCCESS : (int)response.reasonCode;
    result->reasonCode = (int)response.reasonCode;
    MQTTResponse_free(response);
}

/// Subscribes to `filter` at `qos`; returns the granted QoS (0..2), or a reason code ≥ 0x80,
/// or a negative Paho code.
static inline int lt_mqtt_subscribe(MQTTClient handle, const char *filter, int qos) {
    MQTTResponse response = MQTTClient_subscribe5(handle, filter, qos, NULL, NULL);
    int code = (int)response.reasonCode;
    MQTTResponse_free(response);
    return code;
}

/// Name of the user property that `liveticker publish` stamps on each message:
/// "SEQ,FIRST,COUNT" (message number on its topic, index of its first tick, ticks in it), so
/// a subscriber can count what it missed.
#define LT_MQTT_SEQUENCE_PROPERTY "lt-seq"

/// Publishes one message without waiting for its acknowledgement; `sequence` (may be NULL)
/// becomes the lt-seq user property. Returns Paho's code (or a reason code from the broker).
static inline int lt_mqtt_publish(MQTTClient handle, const char *topic, const void *payload, int length, int qos,
    int retained, const char *sequence)
{
    MQTTClient_message message = MQTTClient_message_initializer;
    MQTTProperty property;
    message.payload = (void *)payload;
    message.payloadlen = length;
    message.qos = qos;
    message.retained = retained;
    if (sequence) {
        property.identifier = MQTTPROPERTY_CODE_USER_PROPERTY;
        property.value.data.data = (char *)LT_MQTT_SEQUENCE_PROPERTY;
        property.value.data.len = (int)strlen(LT_MQTT_SEQUENCE_PROPERTY);
        property.value.value.data = (char *)sequence;
        property.value.value.len = (int)strlen(sequence);
        MQTTProperties_add(&message.properties, &property);
    }
    MQTTClient_deliveryToken token = 0;
    MQTTResponse response = MQTTClient_publishMessage5(handle, topic, &message, &token);
    int code = (int)response.reasonCode;
    MQTTResponse_free(response);
    if (sequence) MQTTProperties_free(&message.properties);
    return code;
}

/// QoS 1 messages sent and not yet acknowledged (Paho's outbound list). Allocates one
/// short array (Paho's), freed here.
static inline int lt_mqtt_pending(MQTTClient handle) {
    MQTTClient_deliveryToken *tokens = NULL;
    if (MQTTClient_getPendingDeliveryTokens(handle, &tokens) != MQTTCLIENT_SUCCESS || tokens == NULL) return 0;
    int n = 0;
    while (tokens[n] != -1) n++;
    MQTTClient_free(tokens);
    return n;
}

/// Lets Paho read the socket for about `milliseconds` (acknowledgements, pings) on a client
/// that subscribes to nothing; MQTTClient_waitForCompletion would instead sleep in 100 ms
/// steps (MQTTClient_yield). Any message that did arrive is freed. Returns Paho's code.
static inline int lt_mqtt_service(MQTTClient handle, unsigned long milliseconds) {
    char *topic = NULL;
    int topicLength = 0;
    MQTTClient_message *message = NULL;
    int code = MQTTClient_receive(handle, &topic, &topicLength, &message, milliseconds);
    if (message) MQTTClient_freeMessage(&message);
    if (topic) MQTTClient_free(topic);
    return code;
}

/// Reads a message's lt-seq property into the three numbers; returns 1 when present and well formed.
static inline int lt_mqtt_message_sequence(const MQTTClient_message *message, uint64_t *sequence, uint64_t *first, uint64_t *count) {
    const MQTTProperties *properties = &message->properties;
    for (int i = 0; i < properties->count; i++) {
        const MQTTProperty *p = &properties->array[i];
        if (p->identifier != MQTTPROPERTY_CODE_USER_PROPERTY) continue;
        if (p->value.data.len != (int)strlen(LT_MQTT_SEQUENCE_PROPERTY) ||
            memcmp(p->value.data.data, LT_MQTT_SEQUENCE_PROPERTY, (size_t)p->value.data.len) != 0) continue;
        char text[96];
        int n = p->value.value.len;
        if (n <= 0 || n >= (int)sizeof text) return 0;
        memcpy(text, p->value.value.data, (size_t)n);
        text[n] = 0;
        unsigned long long a, b, c;
        char extra;
        if (sscanf(text, "%llu,%llu,%llu%c", &a, &b, &c, &extra) != 3) return 0;
        *sequence = a;
        *first = b;
        *count = c;
        return 1;
    }
    return 0;
}

/// The message's payload bytes and length (the struct's fields, for Swift).
static inline const void *lt_mqtt_message_payload(const MQTTClient_message *message) { return message->payload; }
static inline int lt_mqtt_message_length(const MQTTClient_message *message) { return message->payloadlen; }
static inline int lt_mqtt_message_retained(const MQTTClient_message *message) { return message->retained; }

/// Frees what MQTTClient_receive handed out.
static inline void lt_mqtt_free_received(char *topic, MQTTClient_message *message) {
    if (message) MQTTClient_freeMessage(&message);
    if (topic) MQTTClient_free(topic);
}

/// Error numbers Swift cannot import (function-like or negative macros are fine, but keep one place).
static const int LT_MQTT_SUCCESS = MQTTCLIENT_SUCCESS;
static const int LT_MQTT_DISCONNECTED = MQTTCLIENT_DISCONNECTED;
static const int LT_MQTT_TOPICNAME_TRUNCATED = MQTTCLIENT_TOPICNAME_TRUNCATED;
