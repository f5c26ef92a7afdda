/// The figures one Bench run measured, printable as a table and as JSON.
///
/// Every figure has a stable dotted key (documented in the README, e.g.
/// `downsample.lttb.n1000000.points_per_second`), a value, a unit and an optional note. The
/// JSON form is `{"machine": {...}, "figures": {KEY: VALUE, ...}, "notes": {KEY: TEXT}}`.
public struct BenchReport: Sendable {
    /// One measured figure.
    public struct Figure: Sendable, Equatable {
        /// Stable dotted key, e.g. `frame.reference.1920x1080.median_ms`.
        public var key: String
        /// The value in `unit`.
        public var value: Double
        /// Unit for the table, e.g. `ms`, `points/s`, `ops/s`.
        public var unit: String
        /// Optional short remark shown beside the figure (e.g. a ratio against a reference).
        public var note: String
    }

    /// Figures in the order they were measured.
    public private(set) var figures: [Figure] = []
    /// Section notes, e.g. why a comparison column is missing.
    public private(set) var notes: [(section: String, text: String)] = []
    /// Facts about the machine and build (`cores`, `build`).
    public var machine: [(key: String, value: String)] = []

    /// One line of the closing summary: our figure beside a peer's, measured in the same run.
    public struct Comparison: Sendable, Equatable {
        /// What was measured, e.g. `LTTB, N = 10⁶ → 1920`.
        public var what: String
        /// Our figure, in `unit`.
        public var ours: Double
        /// The peer's figure, in `unit`.
        public var peer: Double
        /// Who the peer is, e.g. `tsdownsample 0.1.5.1`.
        public var peerName: String
        /// Unit of both figures.
        public var unit: String
        /// True for times (smaller is better), false for rates.
        public var lowerIsBetter: Bool

        /// How many times faster we are (below 1: slower). Times: peer ÷ ours; rates: ours ÷ peer.
        public var speedup: Double { lowerIsBetter ? peer / ours : ours / peer }
    }

    /// Our figures beside the peers', in the order measured.
    public private(set) var comparisons: [Comparison] = []

    /// Records a summary line (the figures themselves are recorded with ``add(_:_:_:note:)``).
    public mutating func compare(
        _ what: String, ours: Double, peer: Double, peerName: String, unit: String, lowerIsBetter: Bool
    ) {
        guard ours > 0, peer > 0, ours.isFinite, peer.isFinite else { return }
        comparisons.append(Comparison(what: what, ours: ours, peer: peer, peerName: peerName, unit: unit, lowerIsBetter: lowerIsBetter))
    }

    /// An empty report.
    public init() {}

    /// Records a figure.
    public mutating func add(_ key: String, _ value: Double, _ unit: String, note: String = "") {
        figures.append(Figure(key: key, value: value, unit: unit, note: note))
    }

    /// Records a note for a section, once: the same text again (a note made per size or per
    /// case, e.g. that this binary cannot count allocations) is not repeated.
    public mutating func note(_ section: String, _ text: String) {
        guard !notes.contains(where: { $0.section == section && $0.text == text }) else { return }
        notes.append((section, text))
    }

    /// The value recorded under `key`, if any.
    public func value(_ key: String) -> Double? {
        figures.last { $0.key == key }?.value
    }

    /// The closing summary: one line per comparison, the ratio always stated as how much
    /// faster (or slower) we are, so no line needs decoding.
    public var summary: String {
        guard !comparisons.isEmpty else { return "" }
        let rows = comparisons.map { c -> [String] in
            [c.what, "\(formatFigure(c.ours)) \(c.unit)", "\(c.peerName): \(formatFigure(c.peer)) \(c.unit)", ratioPhrase(c.speedup)]
        }
        let header = ["what", "LiveTicker", "peer (same run)", "LiveTicker is"]
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            var out = " "
            for (i, cell) in cells.enumerated() {
                out += " " + cell + (i < cells.count - 1 ? String(repeating: " ", count: widths[i] - cell.count) + " |" : "")
            }
            return out
        }
        var lines = ["", "[summary] ours beside each peer, measured in this run"]
        lines.append(line(header))
        lines.append("  " + widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+--"))
        lines += rows.map(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A fixed-width table, one figure per line, grouped by the first key component, then the
    /// closing ``summary``. Each section's notes are printed once, under its first heading; the
    /// notes of a section that measured nothing (skipped, or failed before its first figure)
    /// get a heading of their own after the figures.
    public var table: String {
        var lines: [String] = []
        for (key, value) in machine { lines.append("\(key): \(value)") }
        let keyWidth = figures.reduce(0) { max($0, $1.key.count) }
        var section = ""
        var noted: Set<String> = []
        func heading(_ name: String) {
            lines.append("")
            lines.append("[\(name)]")
            guard noted.insert(name).inserted else { return }
            for note in notes where note.section == name { lines.append("  note: \(note.text)") }
        }
        for figure in figures {
            let head = String(figure.key.prefix { $0 != "." })
            if head != section {
                section = head
                heading(section)
            }
            let padded = figure.key + String(repeating: " ", count: keyWidth - figure.key.count)
            var line = "  \(padded)  \(formatFigure(figure.value)) \(figure.unit)"
            if !figure.note.isEmpty { line += "   (\(figure.note))" }
            lines.append(line)
        }
        for note in notes where !noted.contains(note.section) { heading(note.section) }
        return lines.joined(separator: "\n") + "\n" + summary
    }

    /// The report as one JSON object (keys as documented above).
    public var json: String {
        var out = "{\n  \"machine\": {"
        out += machine.map { "\n    \(jsonString($0.key)): \(jsonString($0.value))" }.joined(separator: ",")
        out += "\n  },\n  \"figures\": {"
        out += figures.map { "\n    \(jsonString($0.key)): \(jsonNumber($0.value))" }.joined(separator: ",")
        out += "\n  },\n  \"units\": {"
        out += figures.map { "\n    \(jsonString($0.key)): \(jsonString($0.unit))" }.joined(separator: ",")
        out += "\n  },\n  \"notes\": {"
        let noted = figures.filter { !$0.note.isEmpty }.map { ($0.key, $0.note) } + notes.map { ($0.section, $0.text) }
        out += noted.map { "\n    \(jsonString($0.0)): \(jsonString($0.1))" }.joined(separator: ",")
        out += "\n  }\n}\n"
        return out
    }
}

/// A readable number: three significant decimals for small values, engineering-style groups
/// (`1.23 G`) for large rates.
func formatFigure(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    let magnitude = abs(value)
    let (scaled, suffix): (Double, String) =
        magnitude >= 1e9 ? (value / 1e9, " G") : magnitude >= 1e6 ? (value / 1e6, " M") : magnitude >= 1e4 ? (value / 1e3, " k") : (value, "")
    return fixed(scaled, digits: abs(scaled) >= 100 ? 1 : abs(scaled) >= 10 ? 2 : 3) + suffix
}

/// "×2.60 faster" for a speedup of 2.6, "×1.30 slower" for 1/1.3: the one way ratios are stated.
func ratioPhrase(_ speedup: Double) -> String {
    guard speedup.isFinite, speedup > 0 else { return "n/a" }
    return speedup >= 1 ? "×\(fixed(speedup, digits: 2)) faster" : "×\(fixed(1 / speedup, digits: 2)) slower"
}

/// `value` with exactly `digits` decimals (half away from zero), without Foundation.
func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (abs(value) * scale).rounded()
    guard rounded < 9e18 else { return "\(value)" }
    let whole = UInt64(rounded)
    let integerPart = whole / UInt64(scale)
    var fraction = String(whole % UInt64(scale))
    fraction = String(repeating: "0", count: max(0, digits - fraction.count)) + fraction
    let sign = value < 0 && rounded != 0 ? "-" : ""
    return digits == 0 ? "\(sign)\(integerPart)" : "\(sign)\(integerPart).\(fraction)"
}

private func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case _ where scalar.value < 0x20: out += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

private func jsonNumber(_ value: Double) -> String {
    value.isFinite ? "\(value)" : "null"
}
