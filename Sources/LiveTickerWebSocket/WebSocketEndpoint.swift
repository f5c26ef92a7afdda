/// Where a WebSocket client connects: `ws://host[:port][/path][?query]`, or `wss://…` for TLS.
///
/// The port defaults to 80 (`ws`) or 443 (`wss`); the path to `/`. IPv6 addresses go in
/// brackets (`ws://[::1]:9000/feed`). A `#fragment` is never sent and is dropped; user
/// information (`user@`) is refused (a WebSocket URL has none). Parsing is O(length).
public struct WebSocketEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// Host name or address (IPv6 without brackets).
    public var host: String
    /// TCP port.
    public var port: UInt16
    /// Whether the connection is TLS (`wss://`).
    public var useTLS: Bool
    /// The request target: the path and any `?query`, starting with `/`.
    public var path: String

    /// Whether `text` starts with `ws://` or `wss://` (any case).
    public static func isWebSocket(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("ws://") || lower.hasPrefix("wss://")
    }

    /// Parses the URL form. Throws a one-line reason.
    public init(parsing text: String) throws(WebSocketEndpointError) {
        let lower = text.lowercased()
        if lower.hasPrefix("ws://") {
            useTLS = false
        } else if lower.hasPrefix("wss://") {
            useTLS = true
        } else {
            throw WebSocketEndpointError("\(text): expected ws://HOST[:PORT][/PATH] or wss://…")
        }
        var rest = Substring(text.dropFirst(useTLS ? 6 : 5))
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var target = String(rest[authorityEnd...])
        if target.hasPrefix("?") { target = "/" + target }
        if target.isEmpty { target = "/" }
        guard !target.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw WebSocketEndpointError("\(text): spaces and control characters in the path must be %-encoded")
        }
        guard target.utf8.count <= 2000 else { throw WebSocketEndpointError("\(text): path longer than 2000 bytes") }
        path = target
        guard !authority.contains("@") else {
            throw WebSocketEndpointError("\(text): a WebSocket URL has no user@ part")
        }
        var hostPart = authority
        var portPart: Substring?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { throw WebSocketEndpointError("\(text): unclosed [") }
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") {
                portPart = after.dropFirst()
            } else if !after.isEmpty {
                throw WebSocketEndpointError("\(text): unexpected text after ]")
            }
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
        } else if let colon = hostPart.lastIndex(of: ":") {
            portPart = hostPart[hostPart.index(after: colon)...]
            hostPart = hostPart[..<colon]
            guard !hostPart.contains(":") else {
                throw WebSocketEndpointError("\(text): an IPv6 address goes in brackets, ws://[::1]:PORT/…")
            }
        }
        guard !hostPart.isEmpty else { throw WebSocketEndpointError("\(text): no host") }
        guard hostPart.utf8.count < 250 else { throw WebSocketEndpointError("\(text): host name too long") }
        host = String(hostPart)
        if let portPart {
            guard let value = UInt16(portPart), value > 0 else {
                throw WebSocketEndpointError("\(text): port must be 1…65535, got '\(portPart)'")
            }
            port = value
        } else {
            port = useTLS ? 443 : 80
        }
    }

    /// The URL, normalised (scheme lower case, port always given).
    public var description: String {
        "\(useTLS ? "wss" : "ws")://\(host.contains(":") ? "[\(host)]" : host):\(port)\(path)"
    }

    /// The name of the symbol for messages that carry none: the path's last non-empty segment
    /// without its query (`/ws/btcusdt@trade` → `btcusdt@trade`), else the host.
    public var symbolName: String {
        let withoutQuery = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return withoutQuery.split(separator: "/").last.map(String.init) ?? host
    }
}

/// Why a WebSocket URL could not be understood.
public struct WebSocketEndpointError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line for the user.
    public let description: String
    init(_ description: String) { self.description = description }
}
