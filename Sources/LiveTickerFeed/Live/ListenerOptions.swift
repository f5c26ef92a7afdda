/// How a UDP or TCP listener treats its peers: who may send, how many TCP connections are
/// served at once, and when a quiet one is closed. The CLI fills it from `--allow`,
/// `--max-connections` and `--idle-timeout`.
public struct ListenerOptions: Sendable, Equatable {
    /// Peers accepted; others are refused and counted. Default: loopback only.
    public var allow: PeerFilter = .loopback
    /// TCP connections served at once. A connection arriving when this many are open takes
    /// the place of the one quiet longest, if that one has been quiet for at least
    /// ``evictionQuietTime``; otherwise it is refused and counted.
    public var maximumConnections = 64
    /// A TCP connection that sends nothing for this long is closed (and counted); nil never
    /// closes one for quiet (TCP keepalive still ends a dead peer's after about two minutes).
    public var idleTimeout: Duration? = .seconds(300)
    /// How long the quietest connection must have been quiet before a new one may take its place.
    public var evictionQuietTime: Duration = .seconds(1)
    /// Longest line a TCP peer may send; longer lines are skipped and counted as
    /// ``BadLineKind/lineTooLong``. Each connection holds one buffer of this size.
    public var connectionBufferSize = 64 << 10

    /// Defaults: loopback peers, 64 connections, 5-minute idle timeout, 64 KiB lines.
    public init() {}
}
