/// Why a feed could not be opened or read on. Bad lines are not errors (they are counted in the
/// ``FeedReport``) except in strict mode, where the first one is thrown as ``badLine(_:)``.
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened; `errno` says why.
    case cannotOpen(path: String, errno: Int32)
    /// Reading failed after opening.
    case readFailed(path: String, errno: Int32)
    /// Writing failed (binary writer, conversion).
    case writeFailed(path: String, errno: Int32)
    /// The input has no lines at all, so not even a header.
    case emptyInput(path: String)
    /// The header lacks columns the reader needs. `missing` names each missing role with the
    /// header names it accepts; `header` is the header as found.
    case missingColumns(missing: [String], header: [String])
    /// A column chosen with an option (e.g. `--time px`) is not in the header.
    case unknownColumn(option: String, selector: String, header: [String])
    /// A column chosen by 0-based index (e.g. `--value 7`) is past the last column of a
    /// headerless input's lines (`columns` fields each).
    case columnOutOfRange(option: String, index: Int, columns: Int)
    /// Strict mode: the first bad line, which stopped the read.
    case badLine(BadLine)
    /// A binary tick file does not start with the LiveTicker magic bytes.
    case wrongMagic(path: String)
    /// A binary tick file has a version this reader does not know.
    case unsupportedVersion(path: String, version: Int)
    /// A binary tick file's header is inconsistent (record size, offsets).
    case badBinaryHeader(path: String, reason: String)
    /// Strict mode: a binary record is bad (its symbol id is not in the file's table).
    case badRecord(path: String, record: Int, reason: String)
    /// A live endpoint string could not be understood (`udp://host:port`, `tcp://host:port`).
    case invalidEndpoint(String)
    /// A socket call failed.
    case socketFailed(endpoint: String, call: String, errno: Int32)
    /// The input ran on for `bytes` bytes without a newline (binary data, `/dev/zero`): the read
    /// stops rather than skip one endless line forever. See ``FeedOptions/maximumLineRun``.
    case noLineBreak(path: String, bytes: Int)
    /// The endpoint's host name could not be resolved; `reason` is the resolver's message
    /// (`gai_strerror`), e.g. "Name or service not known".
    case cannotResolve(endpoint: String, host: String, reason: String)
    /// An option value could not be understood, e.g. a time unit or speed.
    case invalidOption(name: String, value: String, reason: String)
    /// A network client gave up: the server refused its credentials or its certificate, or the
    /// connection cannot succeed by retrying. `reason` names the cause.
    case connectionFailed(endpoint: String, reason: String)
    /// Dates such as `03/04/2024` fit both day/month and month/day, and no number above 12
    /// in the first lines decides which.
    case ambiguousDates(example: String)
    /// The input could not be decoded (corrupt or cut-off gzip data).
    case corruptInput(path: String, reason: String)
    /// `convert`'s output is its input: writing it would destroy the input.
    case outputIsInput(path: String)
    /// The system refused a thread for the feed named `name` (`pthread_create`'s code).
    case threadFailed(name: String, errno: Int32)

    /// A one-line message for the user. Allocates.
    public var description: String {
        // Paths, header names and endpoints come from files and command lines: escaped, so a
        // name holding terminal control bytes prints as text.
        MessageText.escaped(unescapedDescription)
    }

    private var unescapedDescription: String {
        switch self {
        case let .cannotOpen(path, code): "cannot open \(path): \(Self.errnoText(code))"
        case let .readFailed(path, code): "cannot read \(path): \(Self.errnoText(code))"
        case let .writeFailed(path, code): "cannot write \(path): \(Self.errnoText(code))"
        case let .emptyInput(path): "\(path) is empty: no header line"
        case let .missingColumns(missing, header):
            // gzip's magic (1f 8b) where a header was read: a compressed file reached a reader
            // of text (`live -`, a followed file), which should say so, not list the bytes.
            header.first?.unicodeScalars.first == "\u{1F}"
                ? "the input is gzip-compressed, and a live source reads text: pipe it through zcat (replay reads .gz files itself)"
                : "missing required column\(missing.count == 1 ? "" : "s"): \(missing.joined(separator: "; ")); header has: \(MessageText.list(header, limit: 24))"
        case let .unknownColumn(option, selector, header):
            header.isEmpty
                ? "\(option) \(selector): the input has no header, so columns are chosen by 0-based index"
                : Int(selector).map { index in
                    "\(option) \(index): no column \(index) (0-based); the header has \(header.count) column\(header.count == 1 ? "" : "s"), 0 to \(header.count - 1): \(MessageText.list(header, limit: 24))"
                } ?? "\(option) \(selector): no such column; header has: \(MessageText.list(header, limit: 24))"
        case let .columnOutOfRange(option, index, columns):
            "\(option) \(index): no column \(index) (0-based); the lines have \(columns) field\(columns == 1 ? "" : "s"), 0 to \(columns - 1)"
        case let .badLine(line): "bad line (strict mode): \(line)"
        case let .wrongMagic(path): "\(path) is not a LiveTicker binary tick file (wrong magic)"
        case let .unsupportedVersion(path, version): "\(path): unsupported binary tick format version \(version)"
        case let .badBinaryHeader(path, reason): "\(path): bad binary tick header: \(reason)"
        case let .badRecord(path, record, reason): "\(path): bad record \(record) (strict mode): \(reason)"
        case let .invalidEndpoint(text): "invalid endpoint \(text): expected udp://HOST:PORT or tcp://HOST:PORT"
        case let .socketFailed(endpoint, call, code): "\(endpoint): \(call) failed: \(Self.errnoText(code))"
        case let .cannotResolve(endpoint, host, reason): "\(endpoint): cannot resolve \(host): \(reason)"
        case let .invalidOption(name, value, reason): "\(name) \(value): \(reason)"
        case let .connectionFailed(endpoint, reason): "\(endpoint): \(reason)"
        case let .corruptInput(path, reason): "cannot read \(path): \(reason)"
        case let .outputIsInput(path): "\(path) is the input file: write the binary file elsewhere"
        case let .threadFailed(name, code): "\(name): cannot start a thread: \(Self.errnoText(code))"
        case let .ambiguousDates(example):
            "dates such as \(example) can be month/day or day/month and the first lines do not tell: "
                + "say which with --time-format '%m/%d/%Y' or --time-format '%d/%m/%Y' (add ' %H:%M:%S' for times)"
        case let .noLineBreak(path, bytes):
            "\(path): no line break in \(bytes) bytes: not a text file of ticks (binary data?); stopped reading"
        }
    }

    static func errnoText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}

#if canImport(Glibc)
import Glibc
#endif
