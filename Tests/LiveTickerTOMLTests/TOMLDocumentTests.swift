import LiveTickerTOML
import Testing

@Suite("TOML 1.0 parser")
struct TOMLDocumentTests {
    @Test("values of every kind, in document order, with the positions of their keys")
    func values() throws {
        let table = try TOMLDocument.parse(
            """
            # a wall
            title = "Trading room"   # shown on top
            [[panel]]
            place = { row = 0, column = 1 }
            window = "10m"
            thresholds = [101.5, 103]
            at = 2024-03-01T09:30:00.5+01:00
            day = 2024-03-01
            open = 09:30:00
            on = true
            big = 0xFF_FF
            """)
        #expect(table.keys == ["title", "panel"])
        #expect(table["title"] == .string("Trading room"))
        #expect(table.position(of: "title") == TOMLPosition(line: 2, column: 1))
        guard case .array(let panels)? = table["panel"], case .table(let panel) = panels[0] else {
            Issue.record("no panel table")
            return
        }
        #expect(panel.position(of: "window") == TOMLPosition(line: 5, column: 1))
        #expect(panel["thresholds"] == .array([.float(101.5), .integer(103)]))
        #expect(panel["on"] == .boolean(true))
        #expect(panel["big"] == .integer(65535))
        guard case .dateTime(let at)? = panel["at"] else {
            Issue.record("no date-time")
            return
        }
        #expect(at.kind == .offsetDateTime && at.offsetMinutes == 60 && at.nanosecond == 500_000_000)
        #expect(at.epochNanoseconds == 1_709_281_800_500_000_000)
        guard case .dateTime(let day)? = panel["day"], case .dateTime(let open)? = panel["open"] else {
            Issue.record("no date or time")
            return
        }
        #expect(day.kind == .localDate && day.epochNanoseconds == nil)
        #expect(open.kind == .localTime && open.hour == 9 && open.minute == 30)
        guard case .table(let place)? = panel["place"] else {
            Issue.record("no inline table")
            return
        }
        #expect(place["column"] == .integer(1))
    }

    @Test("errors name the line and column where the document stops being valid", arguments: [
        ("a = 1\na = 2\n", 2, 1, "defined twice"),
        ("[t]\nx = \n", 2, 5, "expected a value"),
        ("a = \"open\n", 1, 10, "never closed"),
        ("a = 1 b = 2\n", 1, 7, "end of the line"),
        ("x = [1, 2\n", 2, 1, "never closed"),
        ("[a]\n[a]\n", 2, 1, "defined twice"),
        ("d = 2024-02-30\n", 1, 5, "no date"),
        ("n = 9223372036854775808\n", 1, 5, "64 bits"),
        ("s = \"\\q\"\n", 1, 6, "unknown escape"),
        ("t = { a = 1,\n b = 2 }\n", 1, 13, "one line"),
        ("é = 1\n", 1, 1, "expected a key"),
    ])
    func errorPositions(document: String, line: Int, column: Int, message: String) {
        do {
            _ = try TOMLDocument.parse(document)
            Issue.record("accepted: \(document)")
        } catch {
            #expect(error.position == TOMLPosition(line: line, column: column), "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test("invalid UTF-8 is an error at its place, not replaced")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("a = \"x".utf8) + [0xFF] + Array("\"\n".utf8)
        #expect(throws: TOMLError.self) { try TOMLDocument.parse(bytes) }
    }

    @Test("CRLF line ends are accepted; a lone CR is not")
    func lineEnds() throws {
        let table = try TOMLDocument.parse("a = 1\r\nb = \"\"\"x\r\ny\"\"\"\r\n")
        #expect(table["b"] == .string("x\ny"))
        #expect(throws: TOMLError.self) { try TOMLDocument.parse("a = 1\rb = 2\n") }
    }
}
