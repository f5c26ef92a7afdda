/// What a UDP or TCP listener did with its peers (the lines they sent are counted in the
/// ``FeedReport``): connections and datagrams served, peers refused, connections closed.
public struct ListenerReport: Sendable, Equatable {
    /// TCP connections accepted and served.
    public var connections = 0
    /// TCP connections open now.
    public var openConnections = 0
    /// UDP datagrams received from accepted peers.
    public var datagrams = 0
    /// Connections or datagrams refused because the peer is not in ``ListenerOptions/allow``.
    public var refusedPeers = 0
    /// The first refused peer, for the message that says how to let it in.
    public var firstRefusedPeer: SocketAddress?
    /// TCP connections refused because ``ListenerOptions/maximumConnections`` were open and busy.
    public var refusedAtCapacity = 0
    /// TCP connections closed after ``ListenerOptions/idleTimeout`` without a byte.
    public var closedIdle = 0
    /// TCP connections closed to make room for a new one (the quietest, at capacity).
    public var closedForRoom = 0
    /// TCP connections that ended without sending a line (port scans, health checks).
    public var emptyConnections = 0
    /// TCP connections that ended with a read error (e.g. reset by the peer) or, in strict mode,
    /// at their first bad line.
    public var failedConnections = 0
    /// Ticks dropped because their symbol came after the source's table already held
    /// ``SymbolTable/maximumCount`` names (never charted as another symbol).
    public var symbolLimitDrops = 0

    /// An empty report.
    public init() {}

    /// One line, e.g. `3 connections (1 empty), 2 refused (not in --allow: first 192.0.2.7:5000)`;
    /// zero counts are left out. Allocates.
    public var summary: String {
        var parts: [String] = []
        if connections > 0 {
            var details: [String] = []
            if emptyConnections > 0 { details.append("\(emptyConnections) empty") }
            if closedIdle > 0 { details.append("\(closedIdle) closed idle") }
            if closedForRoom > 0 { details.append("\(closedForRoom) closed to make room") }
            if failedConnections > 0 { details.append("\(failedConnections) failed") }
            parts.append(
                "\(connections) connection\(connections == 1 ? "" : "s")"
                    + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"))
        }
        if datagrams > 0 { parts.append("\(datagrams) datagram\(datagrams == 1 ? "" : "s")") }
        if refusedPeers > 0 {
            parts.append(
                "\(refusedPeers) refused (not in --allow"
                    + (firstRefusedPeer.map { ": first from \($0.host)" } ?? "") + ")")
        }
        if refusedAtCapacity > 0 { parts.append("\(refusedAtCapacity) refused (too many connections)") }
        if symbolLimitDrops > 0 {
            parts.append("\(symbolLimitDrops) ticks dropped (past \(SymbolTable.maximumCount) symbols)")
        }
        return parts.isEmpty ? "no peers" : parts.joined(separator: ", ")
    }
}
