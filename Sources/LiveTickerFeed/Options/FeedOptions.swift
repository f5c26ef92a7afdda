import CLiveTickerKernels

/// How to read a tick feed: column choices, time unit, symbol and time filters, strictness.
///
/// One value serves the CSV reader, the binary reader (which uses only the filters and
/// strictness) and the live sources; the CLI fills it from `--time`, `--value`, `--time-unit`,
/// `--symbol`, `--from`, `--to`, `--strict`, `--delimiter`.
public struct FeedOptions: Sendable {
    /// Field delimiter; nil detects it from the first line: whichever of `,` `;` tab occurs
    /// most often outside quotes (ties favour that order; none found means comma).
    public var delimiter: UInt8?
    /// Whether the input starts with a header line.
    public var header: HeaderMode = .auto
    /// The time column; nil picks it by name (time, timestamp, ts, date, datetime, epoch, t, …,
    /// with optional unit suffixes such as `time_s`, `ts_ms`, `Time (us)`).
    public var timeColumn: ColumnSelector?
    /// The value column; nil picks it by name (price, last, value, close, mid, px, …), else the
    /// mid of bid/ask when both exist, else the first column no other role claims.
    public var valueColumn: ColumnSelector?
    /// Further value columns (`--value a,b,c` gives `b` and `c`; CSV only): each line gives one
    /// tick per value column, each a series of its own, named by its column (`symbol.column`
    /// when the file has a symbol column). Empty: one value column.
    public var moreValueColumns: [ColumnSelector] = []
    /// The size column; nil picks it by name (size, qty, quantity, volume, amount, …).
    public var sizeColumn: ColumnSelector?
    /// The symbol column; nil picks it by name (symbol, sym, ticker, instrument, pair, …).
    public var symbolColumn: ColumnSelector?
    /// No symbol column, even where one would be found (`--symbol-column none`).
    public var noSymbolColumn = false
    /// The layout of time text, in strftime notation (`--time-format '%d/%m/%Y %H:%M'`); nil
    /// decides from the data.
    public var timeFormat: TimePattern?
    /// The unit of numeric times; `.auto` detects it by magnitude (see ``TimeUnit``). A unit
    /// named in the time column's header (`time_ms`) is used when this is `.auto`.
    public var timeUnit: TimeUnit = .auto
    /// Keep only ticks of this symbol (exact, case-sensitive bytes); nil keeps all.
    public var symbol: String?
    /// Keep only ticks with `time >= from` (ns since the epoch).
    public var from: Int64?
    /// Keep only ticks with `time < to` (ns since the epoch).
    public var to: Int64?
    /// Stop at the first bad line by throwing ``FeedError/badLine(_:)`` (the CLI exits 1).
    public var strict = false
    /// How many bad lines the report remembers with their line numbers.
    public var reportedBadLines = 5
    /// Size of the read buffer, which is also the longest line kept; longer lines are skipped and
    /// counted as ``BadLineKind/lineTooLong``. At least 256 bytes.
    public var bufferSize = 1 << 20
    /// The most bytes one over-long line may run on before the read stops with
    /// ``FeedError/noLineBreak(path:bytes:)`` (64 MiB): a tick line is never that long, so such
    /// input (`/dev/zero`, a binary file) is not skipped forever. At least ``bufferSize``.
    public var maximumLineRun = 64 << 20
    /// The most bytes one JSON document spread over many lines or reads may hold (a REST
    /// response, pretty-printed or on one long line), kept whole until it closes (64 MiB); a
    /// longer one is read past and counted as one ``BadLineKind/lineTooLong``. A listener sets
    /// it to its connection buffer, so a peer's document costs no more than its line.
    public var maximumDocumentBytes = 64 << 20
    /// Ticks per batch handed out by readers.
    public var batchCapacity = 8192
    /// The instruction level of the plain-line CSV kernel (``ltk_csv_plain_lines``): the
    /// process's (`LIVETICKER_SIMD`, else the widest this CPU has). Tests set each level to
    /// compare the kernel with the Swift loop, which is the reference and parses alone at the
    /// baseline (0).
    var plainLineKernelLevel = ltk_level_active()

    /// Defaults: detect everything, keep everything, lenient.
    public init() {}
}

extension FeedOptions {
    /// Parses a timestamp option value (`--from`, `--to`): epoch numbers (unit by magnitude or
    /// `unit`) or ISO-8601 (see ``TimeUnit``). Nil when malformed or out of the `Int64`
    /// nanosecond range. Allocates a copy of the text.
    public static func parseTimestamp(_ text: String, unit: TimeUnit = .auto) -> Int64? {
        TimeParser.parse(text: text, unit: unit)
    }

    /// Parses a delimiter option value: `,` `;` `|`, `tab` or `\t`, or `comma`/`semicolon`.
    public static func parseDelimiter(_ text: String) -> UInt8? {
        switch text.lowercased() {
        case "tab", "\\t", "\t": return ASCII.tab
        case "comma": return ASCII.comma
        case "semicolon": return ASCII.semicolon
        default:
            let bytes = Array(text.utf8)
            guard bytes.count == 1, bytes[0] != ASCII.quote, bytes[0] != ASCII.newline,
                bytes[0] != ASCII.carriageReturn, ASCII.digit(bytes[0]) > 9, bytes[0] != ASCII.dot,
                bytes[0] != ASCII.minus
            else { return nil }
            return bytes[0]
        }
    }
}
