#if canImport(Glibc)
import Glibc
#endif

extension CSVRecordParser {
    /// Handles the input's first non-blank line: strips a UTF-8 byte-order mark, detects the
    /// delimiter, decides header or data, and sets the layout. A header line is consumed; a data
    /// line is left for the hot loop. Returns where parsing continues.
    mutating func parseFirstLine(_ start: UnsafePointer<UInt8>, stop: UnsafePointer<UInt8>) throws(FeedError)
        -> UnsafePointer<UInt8>
    {
        var p = start
        while p < stop {
            let newline = UnsafePointer(memchr(p, Int32(ASCII.newline), stop - p)!.assumingMemoryBound(to: UInt8.self))
            var contentStart = p
            var contentEnd = newline
            if contentEnd > contentStart && contentEnd[-1] == ASCII.carriageReturn { contentEnd -= 1 }
            if lineNumber == 0 && contentEnd - contentStart >= 3 && contentStart[0] == 0xEF && contentStart[1] == 0xBB
                && contentStart[2] == 0xBF
            {
                contentStart += 3
            }
            if contentStart == contentEnd {
                lineNumber += 1
                report.blankLines += 1
                p = newline + 1
                continue
            }
            if detectsTextFormats, let format = Self.detectTextFormat(contentStart, contentEnd, options: options) {
                if format == .ndjson, let array = Self.wrappedArray(contentStart, contentEnd, stop: stop) {
                    return beginWrapped(array, from: contentStart)
                }
                // An object its first line does not close, whose records are not one key down
                // (or are InfluxDB's statements, each holding all its series): whole documents
                // (a nested response pretty-printed, `jq` output).
                if format == .ndjson && Self.opensUnclosedObject(contentStart, contentEnd) {
                    return begin(.jsonDocument, at: contentStart)
                }
                return begin(format, at: contentStart)
            }
            // A web address alone on the first line, or annotations, above the table
            // (CryptoDataDownload, InfluxDB): skipped and counted, so the header is found below.
            if lineNumber == report.blankLines + report.preambleLines && options.header != .absent
                && Self.isPreamble(contentStart, contentEnd)
            {
                lineNumber += 1
                report.preambleLines += 1
                p = newline + 1
                continue
            }
            delimiter = options.delimiter ?? Self.detectDelimiter(contentStart, contentEnd)
            let isHeader: Bool
            switch options.header {
            case .present: isHeader = true
            case .absent: isHeader = false
            case .auto:
                isHeader = !Self.looksLikeData(contentStart, contentEnd, delimiter: delimiter, following: newline + 1, stop: stop)
            }
            let newLayout: CSVColumnLayout
            if isHeader {
                let sample = CSVSample(newline + 1, stop: stop, delimiter: delimiter)
                do throws(FeedError) {
                    newLayout = try CSVColumnLayout.fromHeader(
                        Self.splitHeader(contentStart, contentEnd, delimiter: delimiter), options: options, sample: sample)
                } catch {
                    guard badHeadersAreBadLines else { throw error }
                    return try refuseHeader(contentStart, contentEnd, next: newline + 1)
                }
                lineNumber += 1
                p = newline + 1
            } else if let headerless {
                // The same layout as the first headerless document's (its roles kept: no allocation).
                adopt(headerless.layout)
                roles = headerless.roles
                return contentStart
            } else {
                let sample = CSVSample(contentStart, stop: stop, delimiter: delimiter)
                newLayout = try CSVColumnLayout.headerless(options: options, sample: sample)
                headerless = (newLayout, newLayout.roles)
                // The data line is parsed by the hot loop; skip only the byte-order mark.
                p = contentStart
            }
            adopt(newLayout)
            roles = newLayout.roles
            return p
        }
        return p
    }

    /// Makes `newLayout` the current one, with the time and number forms it decided.
    private mutating func adopt(_ newLayout: CSVColumnLayout) {
        layout = newLayout
        scratch.timeForm = newLayout.timeForm.code
        scratch.dateForm = newLayout.dateForm.code
        if case let .pattern(pattern) = newLayout.timeForm { scratch.timePattern = pattern }
        scratch.decimalComma = newLayout.decimalComma
    }

    /// The most frequent of `,` `;` tab `|` outside quotes; comma when none occurs.
    static func detectDelimiter(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UInt8 {
        var commas = 0
        var semicolons = 0
        var tabs = 0
        var pipes = 0
        var quoted = false
        var p = start
        while p < end {
            switch p[0] {
            case ASCII.quote: quoted.toggle()
            case ASCII.comma where !quoted: commas += 1
            case ASCII.semicolon where !quoted: semicolons += 1
            case ASCII.tab where !quoted: tabs += 1
            case 0x7C where !quoted: pipes += 1
            default: break
            }
            p += 1
        }
        if semicolons > commas && semicolons >= tabs { return ASCII.semicolon }
        if tabs > commas && tabs > semicolons && tabs >= pipes { return ASCII.tab }
        if pipes > commas && pipes > semicolons && pipes > tabs { return 0x7C }
        return ASCII.comma
    }

    /// A line holding only a web address (`https://www.CryptoDataDownload.com`): no delimiter,
    /// no space, `://` after a scheme of letters; or an annotation above the header (InfluxDB's
    /// annotated CSV: `#group,…`, `#datatype,…`, `#default,…`).
    static func isPreamble(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool {
        let line = UnsafeBufferPointer(start: start, count: end - start)
        // `#`: InfluxDB's annotations (`#group`, `#datatype`, `#default`), or a comment with no
        // delimiter in it (`# exported by logger v2`, a feed's banner); the header or the data
        // follow. A `#` line of fields stays what it is: a header (`#time,price`).
        if line.first == 0x23 {
            let name = line.prefix { $0 != ASCII.comma }
            if ["#group", "#datatype", "#default"].contains(where: { $0.utf8.elementsEqual(name) }) { return true }
            return !line.contains { $0 == ASCII.comma || $0 == ASCII.semicolon || $0 == ASCII.tab || $0 == UInt8(ascii: "|") }
        }
        // Excel's delimiter hint, `sep=;` (the delimiter is found from the lines below).
        if line.count == 5 || line.count == 6, line.prefix(4).map({ $0 | 0x20 }).elementsEqual("sep=".utf8) { return true }
        guard !line.contains(where: { $0 == ASCII.comma || $0 == ASCII.semicolon || $0 == ASCII.tab || $0 == ASCII.space }),
            let colon = line.firstIndex(of: ASCII.colon), colon > 0, colon + 2 < line.count,
            line[colon + 1] == ASCII.slash, line[colon + 2] == ASCII.slash
        else { return false }
        return line[..<colon].allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
    }

    /// Data lines start (after spaces and an opening quote) with a digit, a sign or a dot. A
    /// line starting with text is data too when numbers fill at least two of its fields and
    /// half of them and the line after it (in `following ..< stop`) starts with the same text:
    /// AmiBroker's and Finam's headerless rows repeat their ticker
    /// (`MOL,0,20050606,162959,16400.0000,…`), while a header's first name (even one over
    /// channels named `1,2,3`) is not repeated by the data.
    static func looksLikeData(
        _ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, delimiter: UInt8,
        following: UnsafePointer<UInt8>? = nil, stop: UnsafePointer<UInt8>? = nil
    ) -> Bool {
        var p = start
        while p < end && (p[0] == ASCII.space || (p[0] == ASCII.tab && delimiter != ASCII.tab) || p[0] == ASCII.quote) {
            p += 1
        }
        guard p < end else { return false }
        let b = p[0]
        if ASCII.digit(b) <= 9 || b == ASCII.minus || b == ASCII.plus || b == ASCII.dot { return true }
        let fields = splitHeader(start, end, delimiter: delimiter)
        let numbers = fields.filter { field in
            field.utf8.contains { ASCII.digit($0) <= 9 }
                && field.utf8.allSatisfy { ASCII.digit($0) <= 9 || $0 == ASCII.dot || $0 == ASCII.minus || $0 == ASCII.plus }
        }.count
        guard numbers >= 2 && numbers * 2 >= fields.count, let following, let stop, following < stop else { return false }
        var lineEnd = following
        while lineEnd < stop && lineEnd[0] != ASCII.newline { lineEnd += 1 }
        if lineEnd > following && lineEnd[-1] == ASCII.carriageReturn { lineEnd -= 1 }
        return splitHeader(following, lineEnd, delimiter: delimiter).first == fields.first
    }

    /// A header name's bytes as text: UTF-8, or, when they are not valid UTF-8, Windows-1252
    /// (what Excel and German or French Windows tools write: `Temperatur °C` as `B0`, `€` as
    /// `80`), so the name shows as written instead of as replacement characters. Allocates.
    static func headerName(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let code = byte >= 0x80 && byte < 0xA0 ? windows1252[Int(byte - 0x80)] : UInt32(byte)
            scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    /// Windows-1252's characters at bytes 0x80…0x9F (its only difference from Latin-1 in
    /// printable text); U+FFFD for the five bytes it leaves undefined. The labels' encoder
    /// (`LabelEncoding` in LiveTickerRender, which this module does not see) holds the same row.
    static let windows1252: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD,
        0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    /// Splits a header line into names: quotes removed, `""` unescaped, names kept as written
    /// (matching trims and normalises them). Allocates.
    static func splitHeader(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, delimiter: UInt8) -> [String] {
        var names: [String] = []
        var current: [UInt8] = []
        var p = start
        var quoted = false
        while p < end {
            let b = p[0]
            if quoted {
                if b == ASCII.quote {
                    if p + 1 < end && p[1] == ASCII.quote {
                        current.append(ASCII.quote)
                        p += 1
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(b)
                }
            } else if b == ASCII.quote {
                quoted = true
            } else if b == delimiter {
                names.append(Self.headerName(current).trimmingASCIISpaces())
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(b)
            }
            p += 1
        }
        names.append(Self.headerName(current).trimmingASCIISpaces())
        return names
    }
}
