import LiveTickerFeed
import LiveTickerMQTT

#if canImport(Glibc)
import Glibc
#endif

/// The MQTT options shared by `live mqtt://…`, `live … --republish` and `publish`: QoS, TLS
/// files, the password (URL, `--password-file`, or `LIVETICKER_MQTT_PASSWORD`), client id,
/// and for subscribers how topics and payloads become ticks.
struct MQTTArguments {
    var settings = MQTTSettings()
    var topicSymbol = TopicSymbol.last
    var format = PayloadFormat.auto

    /// Options of this group that take no value.
    static let flags: Set<String> = ["retain", "insecure"]

    /// Help lines for a command's MQTT section.
    static let helpLines = """
          --qos 0|1           MQTT quality of service (default 0)
          --ca FILE           trust this CA (PEM) for mqtts:// (default: the system's)
          --cert FILE         client certificate (PEM) for mqtts://
          --key FILE          its private key (PEM)
          --password-file F   read the password from F (else LIVETICKER_MQTT_PASSWORD, else
                              the URL's user:password@)
          --client-id ID      MQTT client identifier (default: liveticker-ROLE-PID-…)
        """

    /// Help lines for the subscriber-only options.
    static let subscriberHelpLines = """
          --topic-symbol R    which topic level names the symbol: last (default), full, or a
                              0-based level number
          --payload F         auto (default: per message, JSON or a bare number, InfluxDB
                              line protocol, else CSV lines), json, influx, csv. JSON fields
                              by the file aliases, or key paths: --time T --value data.p
        """

    /// Whether `text` is an MQTT URL.
    static func isMQTT(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("mqtt://") || lower.hasPrefix("mqtts://")
    }

    /// Reads (and consumes) the group's options.
    static func read(from arguments: inout ParsedArguments) throws -> MQTTArguments {
        var result = MQTTArguments()
        result.settings.qos = try arguments.value("qos", expected: "0 or 1") { Int32($0).flatMap { (0...1).contains($0) ? $0 : nil } } ?? 0
        result.settings.caFile = try readableFile(arguments.value("ca"), option: "--ca")
        result.settings.certFile = try readableFile(arguments.value("cert"), option: "--cert")
        result.settings.keyFile = try readableFile(arguments.value("key"), option: "--key")
        if (result.settings.certFile == nil) != (result.settings.keyFile == nil) {
            throw UsageError("--cert and --key go together")
        }
        result.settings.clientID = arguments.value("client-id")
        result.settings.retain = arguments.flag("retain")
        if let file = try readableFile(arguments.value("password-file"), option: "--password-file") {
            result.settings.password = try readPassword(file)
        } else if let environment = getenv("LIVETICKER_MQTT_PASSWORD") {
            result.settings.password = String(cString: environment)
        }
        result.topicSymbol = try arguments.value("topic-symbol", expected: "last, full or a level number 0…255") {
            TopicSymbol(argument: $0)
        } ?? .last
        result.format = try arguments.value("payload", expected: "auto, json, influx or csv") { PayloadFormat(argument: $0) } ?? .auto
        return result
    }

    /// Parses an MQTT URL, as a usage error when malformed.
    static func endpoint(_ text: String) throws(UsageError) -> MQTTEndpoint {
        do {
            return try MQTTEndpoint(parsing: text)
        } catch {
            throw UsageError(error.description)
        }
    }

    private static func readableFile(_ path: String?, option: String) throws(CommandFailure) -> String? {
        guard let path else { return nil }
        guard access(path, R_OK) == 0 else {
            throw CommandFailure("\(option) \(path): \(String(cString: strerror(errno)))")
        }
        return path
    }

    /// The file's first line (a trailing newline is not part of the password).
    static func readPassword(_ path: String) throws(CommandFailure) -> String {
        guard let file = fopen(path, "rb") else {
            throw CommandFailure("--password-file \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        while bytes.count < 4096 {
            let c = fgetc(file)
            if c == EOF || c == 10 || c == 13 { break }
            bytes.append(UInt8(c))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
