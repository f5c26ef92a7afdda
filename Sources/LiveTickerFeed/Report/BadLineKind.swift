/// Why a line of a tick file was skipped. Every skipped line is counted under exactly one kind.
public enum BadLineKind: Int, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// The time field is empty or not a number, an epoch time or an ISO-8601 timestamp
    /// (including impossible dates such as month 13).
    case malformedTime
    /// The time is well formed but does not fit an `Int64` of nanoseconds since the epoch, which
    /// covers 1677-09-21 … 2262-04-11 (year 1 and year 9999 are out of range).
    case timeOutOfRange
    /// A value, size, bid or ask field is not a number. (`nan` and `inf` are numbers: kept.)
    case malformedNumber
    /// The line has fewer fields than the columns the layout needs.
    case missingField
    /// A quoted field has no closing quote on its line. Quoted fields may hold delimiters and
    /// `""` escapes but not newlines, so a stray quote cannot swallow the rest of the file.
    case unterminatedQuote
    /// The line is longer than the reader's buffer; it was skipped without being stored.
    case lineTooLong
    /// The line introduces a symbol beyond ``SymbolTable/maximumCount`` or a symbol longer than
    /// 255 bytes.
    case badSymbol
    /// The input's last line has no newline and shows the marks of a writer cut off mid-line:
    /// fewer fields than the line before it, a number or time that ends just after a separator
    /// (`101.`, `09:30:`), lost the fraction mark the line before had (`…,ACME,1` for
    /// `…,ACME,101.25`) or its closing `Z`, or a line that does not parse. A last line without
    /// a newline that parses whole is kept (`…,9.5` after `…,10.25`): many exports omit the
    /// final newline. A followed file's partial line is never judged: it waits for its newline
    /// (and counts as truncated only if the run stops first).
    case truncatedLastLine
    /// A JSON message or line is not RFC 8259 JSON, or not an object, array or number.
    case malformedJSON
    /// An InfluxDB line-protocol line does not follow `measurement[,tag=v…] field=v[,…] [time]`.
    case malformedLineProtocol
    /// A live peer's header (each UDP datagram and each TCP connection may start with its own)
    /// names no usable time or value column; it and the lines after it in the same datagram or
    /// connection are counted under this kind. (In a file such a header is an error instead.)
    case badHeader
    /// A service answered with an error instead of records (Kraken's `{"error":["EQuery:Unknown
    /// asset pair"]}`, Prometheus' `"status":"error"`, Yahoo's `chart.error`, Binance's
    /// `{"code":-1121,"msg":"Invalid symbol."}`); the error's text is the excerpt.
    case errorResponse

    /// Short lower-case label used in summaries, e.g. "time out of range".
    public var description: String {
        switch self {
        case .malformedTime: "malformed time"
        case .timeOutOfRange: "time out of range"
        case .malformedNumber: "malformed number"
        case .missingField: "missing field"
        case .unterminatedQuote: "unterminated quote"
        case .lineTooLong: "line too long"
        case .badSymbol: "bad symbol"
        case .truncatedLastLine: "truncated last line"
        case .malformedJSON: "malformed JSON"
        case .malformedLineProtocol: "malformed line protocol"
        case .badHeader: "bad header"
        case .errorResponse: "error response"
        }
    }
}
