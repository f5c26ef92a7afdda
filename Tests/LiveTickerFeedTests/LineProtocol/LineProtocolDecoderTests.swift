import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// Line protocol as Telegraf writes it (`[[outputs.file]] data_format = "influx"`).
@Suite struct LineProtocolDecoderTests {
    func decode(_ text: String, receivedAt: Int64? = nil, _ configure: (inout FeedOptions) -> Void = { _ in })
        throws -> (ticks: [Tick], names: [String], decoder: LineProtocolDecoder)
    {
        var options = FeedOptions()
        configure(&options)
        var decoder = LineProtocolDecoder(options: options)
        var collector = TickCollector()
        try decoder.decode(bytes: Array(text.utf8), receivedAt: receivedAt, into: &collector)
        return (collector.ticks, collector.symbols.map { decoder.symbols.name(of: $0) }, decoder)
    }

    @Test func telegrafCpuAndMemLines() throws {
        let text = """
            cpu,cpu=cpu-total,host=pi usage_idle=97.5,usage_user=1.25,usage_system=1.0 1709251200000000000
            mem,host=pi available=3867402240i,used_percent=18.2,active=true 1709251200000000000
            cpu,cpu=cpu-total,host=pi usage_idle=96.0,usage_user=2.5,usage_system=1.5 1709251210000000000

            """
        let r = try decode(text)
        #expect(r.names == [
            "cpu.usage_idle{cpu=cpu-total,host=pi}", "cpu.usage_user{cpu=cpu-total,host=pi}",
            "cpu.usage_system{cpu=cpu-total,host=pi}", "mem.available{host=pi}", "mem.used_percent{host=pi}",
            "cpu.usage_idle{cpu=cpu-total,host=pi}", "cpu.usage_user{cpu=cpu-total,host=pi}",
            "cpu.usage_system{cpu=cpu-total,host=pi}",
        ])
        #expect(r.ticks.map(\.value) == [97.5, 1.25, 1.0, 3_867_402_240, 18.2, 96.0, 2.5, 1.5])
        #expect(r.ticks[0].time == 1_709_251_200_000_000_000 && r.ticks[7].time == 1_709_251_210_000_000_000)
        #expect(r.decoder.symbols.count == 5)
        #expect(r.decoder.report.lines == 3)
        #expect(r.decoder.report.badLines == 0)
    }

    @Test func escapesStringsUnsignedAndNoTags() throws {
        let text = #"disk\ io,path=/mnt/my\ disk,dev=sd\,a reads=12u,label="a \"b\", c",ok=F 1709251200"# + "\n"
            + "weather temperature=21.5\r\n"
        let r = try decode(text, receivedAt: 7)
        #expect(r.names == [#"disk io.reads{path=/mnt/my disk,dev=sd,a}"#, "weather.temperature"])
        #expect(r.ticks.map(\.value) == [12, 21.5])
        // Seconds by magnitude; the line without a timestamp takes the arrival time.
        #expect(r.ticks.map(\.time) == [1_709_251_200_000_000_000, 7])
    }

    @Test func badLinesAreCountedWithTheirNumbers() throws {
        let text = """
            # a comment
            cpu usage=1 1709251200000000000
            cpu
            cpu usage=abc 1709251200000000000
            cpu,host usage=1 1709251200000000000
            cpu usage=1 17092512x
            cpu usage=2 1709251201000000000
            """
        let r = try decode(text)
        #expect(r.ticks.map(\.value) == [1, 2])
        let report = r.decoder.report
        #expect(report.count(of: .malformedLineProtocol) == 2)
        #expect(report.count(of: .malformedNumber) == 1)
        #expect(report.count(of: .malformedTime) == 1)
        #expect(report.firstBadLines.map(\.line) == [3, 4, 5, 6])
        #expect(report.firstBadLines[1].description == #"line 4: malformed number in column "usage": cpu usage=abc 1709251200000000000"#)
    }

    @Test func symbolFilterPicksOneSeries() throws {
        let r = try decode("cpu a=1,b=2 1\ncpu a=3,b=4 2\n") { $0.symbol = "cpu.b" }
        #expect(r.ticks.map(\.value) == [2, 4])
        #expect(r.decoder.report.filteredBySymbol == 2)
    }

    @Test func detection() {
        func looks(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { LineProtocolDecoder.looksLikeLineProtocol($0.baseAddress!, $0.baseAddress! + $0.count) }
        }
        #expect(looks("cpu,host=a usage=1 1"))
        #expect(looks("weather temperature=21.5"))
        #expect(!looks("time,price,size"))
        #expect(!looks("1709251200,101.5"))
        #expect(!looks(#"{"a":1}"#))
        #expect(!looks("Date Open High"))
    }
}

/// One decoder for MQTT/WebSocket payloads of any format.
@Suite struct PayloadTickDecoderTests {
    @Test func autoDetectsEachMessage() throws {
        var decoder = PayloadTickDecoder(format: .auto)
        var collector = TickCollector()
        try decoder.decode(bytes: Array(#"{"p":"61130.99","q":"0.004","T":1709251200123}"#.utf8), into: &collector)
        try decoder.decode(bytes: Array("21.5".utf8), receivedAt: 5, into: &collector)
        try decoder.decode(bytes: Array("weather temperature=3 1709251200000000000\n".utf8), into: &collector)
        try decoder.decode(bytes: Array("1709251200,101.5,3\n".utf8), into: &collector)
        #expect(collector.ticks.map(\.value) == [61130.99, 21.5, 3, 101.5])
        #expect(collector.ticks.map(\.time) == [1_709_251_200_123_000_000, 5, 1_709_251_200_000_000_000, 1_709_251_200_000_000_000])
        #expect(decoder.report.ticks == 4)
        #expect(decoder.report.lines == 4)
    }

    @Test func detection() {
        func detect(_ text: String) -> PayloadFormat {
            Array(text.utf8).withUnsafeBytes { PayloadTickDecoder.detect($0) }
        }
        #expect(detect(#" {"a":1}"#) == .json)
        #expect(detect("[1,2]") == .json)
        #expect(detect("-21.5\n") == .json)
        #expect(detect("1709251200,1") == .csv)
        #expect(detect("time,price\n1,2") == .csv)
        #expect(detect("cpu,host=a usage=1") == .lineProtocol)
        #expect(PayloadFormat(argument: "influx") == .lineProtocol)
        // A lone word is a bare value, as a lone number is; a header line with a delimiter is CSV.
        for word in ["nan", "NaN\n", " -inf ", "null", "unavailable", "ON", "-"] { #expect(detect(word) == .json, "\(word)") }
        #expect(detect("time;price") == .csv)
        #expect(detect("price\n101.5") == .csv)
    }

    @Test("a message of one word (ESPHome's nan, Home Assistant's unavailable) is a gap at its arrival time; any other word is a malformed number (it was a bad header)")
    func bareWords() throws {
        var decoder = PayloadTickDecoder(format: .auto)
        var collector = TickCollector()
        for (i, text) in ["21.5", "nan", "22", "unavailable", " null\r\n", "-inf", "ON", "23.5", "n/a", "UNKNOWN", "None"].enumerated() {
            try decoder.decode(bytes: Array(text.utf8), receivedAt: Int64(i + 1), into: &collector)
        }
        #expect(collector.ticks.map(\.time) == [1, 2, 3, 4, 5, 6, 8, 9, 10, 11])
        #expect(collector.ticks.map { $0.value.isNaN ? 0 : $0.value } == [21.5, 0, 22, 0, 0, -.infinity, 23.5, 0, 0, 0])
        #expect(decoder.report.nonFiniteValues == 7)
        #expect(decoder.report.badLines == 1)
        #expect(decoder.report.firstBadLines.first?.description == #"line 7: malformed number in column "value": ON"#)
        // Whatever its length or first character, a lone token that is no number says so.
        var odd = PayloadTickDecoder(format: .auto)
        for text in ["12abc", "42abc", String(repeating: "x", count: 40), "12:30"] {
            try odd.decode(bytes: Array(text.utf8), receivedAt: 1, into: &collector)
        }
        #expect(odd.report.count(of: .malformedNumber) == 3, "\(odd.report.firstBadLines)")
        #expect(odd.report.firstBadLines.map(\.description).prefix(2) == [
            #"line 1: malformed number in column "value": 12abc"#, #"line 2: malformed number in column "value": 42abc"#,
        ])
    }

    @Test func csvPayloadsUseTheFileRules() throws {
        var decoder = PayloadTickDecoder(format: .csv)
        var collector = TickCollector()
        try decoder.decode(bytes: Array("time,price\r\n2024-03-01T09:30:00Z,101.25\r\n".utf8), into: &collector)
        try decoder.decode(bytes: Array("2024-03-01T09:30:01Z,101.5".utf8), into: &collector)
        try decoder.decode(bytes: Array("2024-03-01T09:30:02Z,abc".utf8), into: &collector)
        #expect(collector.ticks.map(\.value) == [101.25, 101.5])
        #expect(decoder.report.count(of: .malformedNumber) == 1)
    }
}
