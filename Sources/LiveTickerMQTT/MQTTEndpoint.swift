/// Where an MQTT client connects and what it subscribes or publishes to:
/// `mqtt://[user[:password]@]host[:port]/topic/filter/#`, or `mqtts://…` for TLS.
///
/// User and password may be percent-encoded (`%40` for `@`). The topic is everything after the
/// first `/` following the host, taken literally (MQTT wildcards `+` and `#` included).
public struct MQTTEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// Host name or address (IPv6 without brackets).
    public var host: String
    /// TCP port (default 1883, or 8883 with TLS).
    public var port: UInt16
    /// Whether the connection is TLS (`mqtts://`).
    public var useTLS: Bool
    /// User name, if given.
    public var username: String?
    /// Password from the URL, if given (prefer a file or the environment: see the CLI).
    public var password: String?
    /// Topic filter (subscribe) or topic pattern (publish), without the leading `/`.
    public var topic: String

    /// Parses the URL form. Throws a one-line reason.
    public init(parsing text: String) throws(MQTTEndpointError) {
        let lower = text.lowercased()
        if lower.hasPrefix("mqtt://") {
            useTLS = false
        } else if lower.hasPrefix("mqtts://") {
            useTLS = true
        } else {
            throw MQTTEndpointError("\(text): expected mqtt://HOST[:PORT]/TOPIC or mqtts://…")
        }
        var rest = Substring(text.dropFirst(useTLS ? 8 : 7))
        guard let slash = rest.firstIndex(of: "/") else {
            throw MQTTEndpointError("\(text): no topic (mqtt://HOST[:PORT]/TOPIC)")
        }
        var authority = rest[..<slash]
        topic = String(rest[rest.index(after: slash)...])
        rest = ""
        guard !topic.isEmpty else { throw MQTTEndpointError("\(text): empty topic") }
        username = nil
        password = nil
        if let at = authority.lastIndex(of: "@") {
            let credentials = authority[..<at]
            authority = authority[authority.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                username = try Self.percentDecoded(credentials[..<colon], in: text)
                password = try Self.percentDecoded(credentials[credentials.index(after: colon)...], in: text)
            } else {
                username = try Self.percentDecoded(credentials, in: text)
            }
        }
        var hostPart = authority
        var portPart: Substring?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { throw MQTTEndpointError("\(text): unclosed [") }
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") {
                portPart = after.dropFirst()
            } else if !after.isEmpty {
                throw MQTTEndpointError("\(text): unexpected text after ]")
            }
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
        } else if let colon = hostPart.lastIndex(of: ":") {
            portPart = hostPart[hostPart.index(after: colon)...]
            hostPart = hostPart[..<colon]
        }
        guard !hostPart.isEmpty else { throw MQTTEndpointError("\(text): no host") }
        host = String(hostPart)
        if let portPart {
            guard let value = UInt16(portPart), value > 0 else {
                throw MQTTEndpointError("\(text): port must be 1…65535, got '\(portPart)'")
            }
            port = value
        } else {
            port = useTLS ? 8883 : 1883
        }
    }

    /// The server URI Paho takes: `tcp://HOST:PORT` or `ssl://HOST:PORT`.
    public var serverURI: String {
        "\(useTLS ? "ssl" : "tcp")://\(hostForURI):\(port)"
    }

    private var hostForURI: String { host.contains(":") ? "[\(host)]" : host }

    /// The endpoint as written, without the password.
    public var description: String {
        let user = username.map { "\($0)@" } ?? ""
        return "\(useTLS ? "mqtts" : "mqtt")://\(user)\(hostForURI):\(port)/\(topic)"
    }

    /// The topic with `{symbol}` replaced by `symbol` (publishing one topic per symbol).
    public func topic(forSymbol symbol: String) -> String {
        topic.replacing("{symbol}", with: symbol)
    }

    /// Whether the topic pattern holds `{symbol}`. A substring search, whose set-up (a table
    /// per call) costs more than formatting a tick: read it once, not per tick.
    public var topicPerSymbol: Bool { topic.contains("{symbol}") }

    private static func percentDecoded(_ text: Substring, in whole: String) throws(MQTTEndpointError) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw MQTTEndpointError("\(whole): bad %-escape in the user or password")
            }
            bytes.append(high << 4 | low)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Why an MQTT URL could not be understood.
public struct MQTTEndpointError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line for the user.
    public let description: String
    init(_ description: String) { self.description = description }
}
