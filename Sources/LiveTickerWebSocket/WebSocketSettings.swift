/// How a WebSocket client connects, keeps its connection alive and reconnects.
public struct WebSocketSettings: Sendable, Equatable {
    /// CA certificates (PEM) to trust for `wss://`; nil: the system's.
    public var caFile: String?
    /// Sent as one text message after every successful upgrade (a stream subscription), or nil.
    public var subscribeMessage: [UInt8]?
    /// The longest message kept (bytes, 1 KiB…64 MiB; default 1 MiB). A longer one is skipped
    /// as it arrives and counted, so no server can make the client's memory grow.
    public var maximumMessageBytes = 1 << 20
    /// Seconds without traffic before the client sends a PING (0: never; default 10).
    public var pingSeconds = 10
    /// Seconds without a valid frame or PONG before the client hangs up and reconnects
    /// (0: never; default 30).
    public var hangupSeconds = 30
    /// Seconds a connection attempt (TCP, TLS and the HTTP upgrade) may take (default 10).
    public var connectTimeoutSeconds = 10
    /// The first reconnect delay; it doubles after each failed try (default 100 ms).
    public var initialBackoffMilliseconds = 100
    /// The longest reconnect delay (default 5 s).
    public var maximumBackoffMilliseconds = 5000

    /// The defaults.
    public init() {}
}
