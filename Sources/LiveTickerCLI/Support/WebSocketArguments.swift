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
          --connect-timeout D give up an attempt (TCP, TLS, the upgrade) after D and retry
                              (default 10s)
          --max-message N     longest message kept, in bytes (default 1048576, up to 64 MiB);
                              a longer one is skipped and counted
          --ca FILE           trust this CA (PEM) for wss:// (default: the system's)
        """

    /// Reads (and consumes) the group's options; `caFile` comes from the shared `--ca`.
    static func read(from arguments: inout ParsedArguments, caFile: String?) throws -> WebSocketArguments {
        var result = WebSocketArguments()
        result.settings.caFile = caFile
        if let text = arguments.value("subscribe") {
            result.settings.subscribeMessage = try subscribeMessage(text)
        }
        result.settings.pingSeconds = try seconds(arguments.value("ping"), option: "--ping") ?? result.settings.pingSeconds
        result.settings.hangupSeconds = try seconds(arguments.value("hangup"), option: "--hangup") ?? result.settings.hangupSeconds
        result.settings.connectTimeoutSeconds =
            try arguments.value("connect-timeout", expected: "a duration of 1s or more such as 5s", connectTimeout)
            ?? result.settings.connectTimeoutSeconds
        if let limit = try arguments.value(
            "max-message", expected: "a byte count from 1024 to 67108864", { Int($0).flatMap { maximumMessageRange.contains($0) ? $0 : nil } })
        {
            result.settings.maximumMessageBytes = limit
        }
        return result
    }

    /// The message `--subscribe TEXT|@FILE` (and a dashboard's `subscribe`) sends: TEXT's bytes,
    /// or FILE's (up to 1 MB) without its final newline. Reads the file once.
    static func subscribeMessage(_ text: String) throws -> [UInt8] {
        var message: [UInt8]
        if text.hasPrefix("@") {
            let path = String(text.dropFirst())
            guard let bytes = SystemTimeZone.readFile(path) else {
                throw CommandFailure("--subscribe @\(path): cannot read the file (or it is over 1 MB)")
            }
            message = bytes
            // A file's final newline is the file's, not the message's.
            while let last = message.last, last == 10 || last == 13 { message.removeLast() }
        } else {
            message = Array(text.utf8)
        }
        if message.isEmpty { throw UsageError("--subscribe: empty message") }
        return message
    }

    /// Whole seconds of a duration option (`0` turns it off); at least 1 s otherwise, at most 18 h.
    private static func seconds(_ text: String?, option: String) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let seconds = seconds(text) else {
            throw UsageError("\(option) needs a duration such as 5s or 1m (0: never), got '\(text)'")
        }
        return seconds
    }

    /// `--ping`/`--hangup` (and the dashboard keys `ping`/`hangup`) in whole seconds: `0` is
    /// never, else at least 1 s and under 18 h; nil when `text` is no such duration.
    static func seconds(_ text: String) -> Int? {
        if text == "0" { return 0 }
        guard let nanoseconds = DurationArgument.nanoseconds(text), nanoseconds > 0, nanoseconds < 65_535 * 1_000_000_000 else { return nil }
        return max(1, Int((nanoseconds + 999_999_999) / 1_000_000_000))
    }

    /// `--connect-timeout` (and `connect_timeout`) in whole seconds, at least 1 (an attempt
    /// always ends); nil when `text` is no such duration.
    static func connectTimeout(_ text: String) -> Int? {
        seconds(text).flatMap { $0 >= 1 ? $0 : nil }
    }

    /// `--max-message` (and `max_message`): a byte count from 1024 to 64 MiB.
    static let maximumMessageRange = 1024...(64 << 20)

    /// Parses a ws:// or wss:// URL, as a usage error when malformed.
    static func endpoint(_ text: String) throws(UsageError) -> WebSocketEndpoint {
        do {
            return try WebSocketEndpoint(parsing: text)
        } catch {
            throw UsageError(error.description)
        }
    }
}
