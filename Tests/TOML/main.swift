// Prints each TOML file named on the command line as one line of JSON: {"ok": VALUE} with
// VALUE in the tagged form of the toml-test suite (tables as objects, arrays as lists,
// scalars as {"type": ..., "value": ...}), or {"error": "...", "line": L, "column": C}.
// Tests/TOML/run-toml-differential compares this with Python's tomllib.
import LiveTickerTOML

#if canImport(Glibc)
import Glibc
#endif

func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

func pad(_ value: Int, _ width: Int) -> String {
    let s = String(abs(value))
    return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - s.count)) + s
}

func formatFloat(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    var buffer = [CChar](repeating: 0, count: 64)
    _ = withVaList([value]) { vsnprintf(&buffer, 64, "%.17g", $0) }
    return String(cString: buffer)
}

func formatDateTime(_ d: TOMLDateTime) -> String {
    let date = "\(pad(d.year, 4))-\(pad(d.month, 2))-\(pad(d.day, 2))"
    let time = "\(pad(d.hour, 2)):\(pad(d.minute, 2)):\(pad(d.second, 2)).\(pad(d.nanosecond / 1000, 6))"
    switch d.kind {
    case .localDate: return date
    case .localTime: return time
    case .localDateTime: return date + "T" + time
    case .offsetDateTime:
        let sign = d.offsetMinutes < 0 ? "-" : "+"
        let m = abs(d.offsetMinutes)
        return date + "T" + time + sign + pad(m / 60, 2) + ":" + pad(m % 60, 2)
    }
}

func tagged(_ value: TOMLValue) -> String {
    switch value {
    case .string(let s): return "{\"type\":\"string\",\"value\":\(jsonString(s))}"
    case .integer(let i): return "{\"type\":\"integer\",\"value\":\"\(i)\"}"
    case .float(let f): return "{\"type\":\"float\",\"value\":\"\(formatFloat(f))\"}"
    case .boolean(let b): return "{\"type\":\"bool\",\"value\":\"\(b)\"}"
    case .dateTime(let d):
        let type: String
        switch d.kind {
        case .offsetDateTime: type = "datetime"
        case .localDateTime: type = "datetime-local"
        case .localDate: type = "date-local"
        case .localTime: type = "time-local"
        }
        return "{\"type\":\"\(type)\",\"value\":\"\(formatDateTime(d))\"}"
    case .array(let items): return "[" + items.map(tagged).joined(separator: ",") + "]"
    case .table(let table): return object(table)
    }
}

func object(_ table: TOMLTable) -> String {
    "{" + table.keys.map { jsonString($0) + ":" + tagged(table[$0]!) }.joined(separator: ",") + "}"
}

func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    return bytes
}

for path in CommandLine.arguments.dropFirst() {
    guard let bytes = readFile(path) else {
        print("{\"error\":\"cannot read\",\"line\":0,\"column\":0}")
        continue
    }
    do {
        let table = try TOMLDocument.parse(bytes)
        print("{\"ok\":\(object(table))}")
    } catch {
        print("{\"error\":\(jsonString(error.message)),\"line\":\(error.position.line),\"column\":\(error.position.column)}")
    }
}
