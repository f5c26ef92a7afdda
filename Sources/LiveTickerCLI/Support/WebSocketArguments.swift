import LiveTickerFeed
import LiveTickerWebSocket

/// The WebSocket options of `live ws://…` / `wss://…`: the subscribe message, the keepalive
/// and the message size limit. TLS trust (`--ca`) and the payload format (`--payload`) are the
/// MQTT group's options, read once for both (``MQTTArguments``).
struct WebSocketArguments {
    var settings = WebSocketSettings()

    /// Help lines for the WebSocket section.
    static let helpLines = """
          --subscribe TEXT    send TEXT (or the contents of @FILE) as one text message after
                              every connect, e.g. an exchange's stream subscription
          --ping D            PING after D without traffic (default 10s; 0: never)
          --hangup D          reconnect after D without any frame or PONG (default 30s; 0: never)
          --max-message N     longest message kept, in bytes (default 1048576, up to 64 MiB);
                              a longer one is skipped and counted
          --ca FILE           trust this CA (PEM) for wss:// (default: the system's)
        """

    /// Reads (and consumes) the group's options; `caFile` comes from the shared `--ca`.
    static func read(from arguments: inout ParsedArguments, caFile: String?) throws -> WebSocketArguments {
        var result = WebSocketArguments()
        result.settings.caFile = caFile
        if let text = arguments.value("subscribe") {
            if text.hasPrefix("@") {
                let path = String(text.dropFirst())
                guard var bytes = SystemTimeZone.readFile(path) else {
                    throw CommandFailure("--subscribe @\(path): cannot read the file (or it is over 1 MB)")
                }
                // A file's final newline is the file's, not the message's.
                while let last = bytes.last, last == 10 || last == 13 { bytes.removeLast() }
                result.settings.subscribeMessage = bytes
            } else {
                result.settings.subscribeMessage = Array(text.utf8)
            }
            if result.settings.subscribeMessage?.isEmpty == true { throw UsageError("--subscribe: empty message") }
        }
        result.settings.pingSeconds = try seconds(arguments.value("ping"), option: "--ping") ?? result.settings.pingSeconds
        result.settings.hangupSeconds = try seconds(arguments.value("hangup"), option: "--hangup") ?? result.settings.hangupSeconds
        if let limit = try arguments.value(
            "max-message", expected: "a byte count from 1024 to 67108864", { Int($0).flatMap { (1024...(64 << 20)).contains($0) ? $0 : nil } })
        {
            result.settings.maximumMessageBytes = limit
        }
        return result
    }

    /// Whole seconds of a duration option (`0` turns it off); at least 1 s otherwise, at most 18 h.
    private static func seconds(_ text: String?, option: String) throws(UsageError) -> Int? {
        guard let text else { return nil }
        if text == "0" { return 0 }
        guard let nanoseconds = DurationArgument.nanoseconds(text), nanoseconds < 65_535 * 1_000_000_000 else {
            throw UsageError("\(option) needs a duration such as 5s or 1m (0: never), got '\(text)'")
        }
        return max(1, Int((nanoseconds + 999_999_999) / 1_000_000_000))
    }

    /// Parses a ws:// or wss:// URL, as a usage error when malformed.
    static func endpoint(_ text: String) throws(UsageError) -> WebSocketEndpoint {
        do {
            return try WebSocketEndpoint(parsing: text)
        } catch {
            throw UsageError(error.description)
        }
    }
}
