/// Where live ticks come from: standard input, a growing file, or a UDP/TCP listener.
public enum LiveEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// `-`: CSV with a header or the headerless `time,value[,size[,symbol]]` line protocol.
    case standardInput
    /// A file that grows (`tail -f`): read from its start, then follow appended lines.
    case followedFile(path: String)
    /// `udp://HOST:PORT`: one or more lines per datagram, each datagram its own document.
    case udp(host: String, port: UInt16)
    /// `tcp://HOST:PORT`: a listener; each connection sends lines, all connections served at
    /// once, each its own document.
    case tcp(host: String, port: UInt16)

    /// Parses `-`, `udp://HOST:PORT`, `tcp://HOST:PORT` (HOST may be `[v6]` or a name; an empty
    /// HOST, `tcp://:PORT`, binds every IPv4 interface, `0.0.0.0`; port 0 picks a free port), or
    /// a file path (followed). Which peers may send is ``ListenerOptions/allow``'s business
    /// (loopback by default). Throws ``FeedError/invalidEndpoint(_:)``; a name that does not
    /// resolve fails later, when the source binds (``FeedError/cannotResolve(endpoint:host:reason:)``).
    public init(parsing text: String) throws(FeedError) {
        if text == "-" {
            self = .standardInput
            return
        }
        for (scheme, isUDP) in [("udp://", true), ("tcp://", false)] where text.lowercased().hasPrefix(scheme) {
            let rest = String(text.dropFirst(scheme.count))
            guard let colon = rest.lastIndex(of: ":"), let port = UInt16(rest[rest.index(after: colon)...]) else {
                throw .invalidEndpoint(text)
            }
            var host = String(rest[..<colon])
            if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            if host.isEmpty { host = "0.0.0.0" }
            self = isUDP ? .udp(host: host, port: port) : .tcp(host: host, port: port)
            return
        }
        guard !text.isEmpty, !text.contains("://") else { throw .invalidEndpoint(text) }
        self = .followedFile(path: text)
    }

    /// The endpoint as it would be written on a command line.
    public var description: String {
        switch self {
        case .standardInput: "-"
        case let .followedFile(path): path
        case let .udp(host, port): "udp://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        case let .tcp(host, port): "tcp://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        }
    }
}
