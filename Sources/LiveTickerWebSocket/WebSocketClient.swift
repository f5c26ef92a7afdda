import CWebSockets
import LiveTickerCore
import LiveTickerFeed

/// One libwebsockets client connection, reused across reconnects: its lws context (no listener,
/// TLS set up once), a message buffer of fixed size, and the subscribe message. Not
/// thread-safe: the producer thread that creates it drives it (``connect(stop:)``, ``service()``)
/// and whole messages reach ``onMessage`` from inside ``service()`` on that thread.
///
/// Memory is fixed after `init`: the buffer holds ``WebSocketSettings/maximumMessageBytes``;
/// a longer message is skipped and counted (``oversizedMessages``).
final class WebSocketClient {
    /// The state ``service()`` reports.
    enum State: Equatable {
        case idle
        case connecting
        case established
        /// Ended; the text says why (libwebsockets' reason, or the server's close code).
        case closed(String)
    }

    let endpoint: WebSocketEndpoint
    /// Called with each whole message (text or binary) and whether it was binary. The buffer is
    /// valid only during the call.
    var onMessage: (UnsafeRawBufferPointer, Bool) -> Void = { _, _ in }
    // Invariant: `client` is the pointer lt_ws_create returned, freed once in deinit; its
    // `deliverContext` is this object, unretained (the object outlives every service call).
    private let client: UnsafeMutablePointer<lt_ws_client>
    /// How long an attempt may stay connecting (TCP, TLS and the upgrade), in milliseconds, and
    /// when the current one started (``SystemClock/monotonic``).
    private let connectTimeout: Int64
    private var connectStarted: Int64 = 0

    /// Sets up the context and TLS. Throws a one-line reason (a CA file TLS cannot load).
    init(endpoint: WebSocketEndpoint, settings: WebSocketSettings) throws(WebSocketClientError) {
        self.endpoint = endpoint
        connectTimeout = Int64(max(1, settings.connectTimeoutSeconds)) * 1000
        lt_ws_quiet()
        var error = [CChar](repeating: 0, count: 256)
        let subscribe = settings.subscribeMessage ?? []
        let created: UnsafeMutablePointer<lt_ws_client>? = subscribe.withUnsafeBytes { bytes in
            error.withUnsafeMutableBufferPointer { text in
                lt_ws_create(
                    endpoint.useTLS ? 1 : 0, settings.caFile, settings.maximumMessageBytes, Int32(settings.pingSeconds),
                    Int32(settings.hangupSeconds), Int32(settings.connectTimeoutSeconds),
                    subscribe.isEmpty ? nil : bytes.baseAddress, subscribe.count, nil, nil, text.baseAddress, text.count)
            }
        }
        guard let created else {
            throw WebSocketClientError(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        client = created
        client.pointee.deliverContext = Unmanaged.passUnretained(self).toOpaque()
        client.pointee.deliver = { context, data, length, binary in
            guard let context else { return }
            let me = Unmanaged<WebSocketClient>.fromOpaque(context).takeUnretainedValue()
            me.onMessage(UnsafeRawBufferPointer(start: data, count: length), binary != 0)
        }
    }

    deinit { lt_ws_destroy(client) }

    /// Looks the host up (``HostLookup``: a stop is not held up by a slow resolver), then starts
    /// a connection to its first address; the outcome shows in ``service()``. Returns why not
    /// when the name does not resolve now, or "stopped".
    func connect(stop: StopFlag) -> String? {
        lt_ws_reset(client)
        let address: String
        switch HostLookup.resolve(endpoint.host, port: endpoint.port, stop: stop) {
        case let .found(addresses): address = addresses[0].numericHost
        case let .failed(reason): return reason
        case .stopped: return "stopped"
        }
        connectStarted = SystemClock.monotonic.milliseconds()
        _ = lt_ws_connect(client, address, endpoint.host, Int32(endpoint.port), endpoint.path)
        return nil
    }

    /// Services the connection once (waits at most about 50 ms) and returns its state. An
    /// attempt still connecting after ``WebSocketSettings/connectTimeoutSeconds`` is given up
    /// (closed, to be retried): a server, proxy or load balancer that accepts the TCP
    /// connection and never answers the upgrade held the client forever, silently.
    func service() -> State {
        let state = lt_ws_service(client)
        if Int(state) == LT_WS_CONNECTING, SystemClock.monotonic.milliseconds() &- connectStarted > connectTimeout {
            _ = lt_ws_abort(client, "no answer to the WebSocket upgrade within \(connectTimeout / 1000) s")
        }
        switch Int(client.pointee.state) {
        case LT_WS_CONNECTING: return .connecting
        case LT_WS_ESTABLISHED: return .established
        case LT_WS_CLOSED: return .closed(String(cString: lt_ws_reason(client)))
        default: return .idle
        }
    }

    /// The state without servicing.
    var state: Int32 { client.pointee.state }

    /// Whole messages received (all connections).
    var messages: Int { Int(lt_ws_messages(client)) }
    /// Messages longer than the buffer, skipped.
    var oversizedMessages: Int { Int(lt_ws_oversized(client)) }
    /// PONG frames received (answers to the keepalive PINGs).
    var pongs: Int { Int(lt_ws_pongs(client)) }
}

/// Why a WebSocket client could not be set up.
struct WebSocketClientError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
