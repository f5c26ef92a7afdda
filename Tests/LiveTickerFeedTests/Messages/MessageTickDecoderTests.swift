import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// Message payloads (MQTT, WebSocket) through ``MessageTickDecoder``.
@Suite struct MessageTickDecoderTests {
    /// Decodes `payload` on `topic` and returns the ticks with their symbol names.
    func decode(_ decoder: MessageTickDecoder, _ payload: String, topic: String = "site/ticks/ACME",
        arrival: Int64 = 1_709_280_000_000_000_000) throws -> [(Tick, String)]
    {
        var collector = TickCollector()
        let payloadBytes = Array(payload.utf8)
        let topicBytes = Array(topic.utf8)
        try payloadBytes.withUnsafeBytes { p throws(FeedError) in
            try topicBytes.withUnsafeBytes { t throws(FeedError) in
                try decoder.decode(p, topic: t, arrival: arrival, into: &collector)
            }
        }
        let names = decoder.symbols
        return zip(collector.ticks, collector.symbols).map { ($0, names.name(of: $1)) }
    }

    @Test func bareNumberTakesTheArrivalTime() throws {
        let decoder = MessageTickDecoder()
        let ticks = try decode(decoder, " 101.25\n", arrival: 1_709_280_000_123_000_000)
        #expect(ticks.count == 1)
        #expect(ticks[0].0 == Tick(time: 1_709_280_000_123_000_000, value: 101.25, size: 0))
        #expect(ticks[0].1 == "ACME")
        // Negative, exponent, NaN: numbers too (NaN kept as a gap, counted).
        #expect(try decode(decoder, "-1.5e3")[0].0.value == -1500)
        #expect(try decode(decoder, "nan")[0].0.value.isNaN)
        #expect(decoder.report.nonFiniteValues == 1)
        // An arrival before 1970 is still written and read back exactly.
        #expect(try decode(decoder, "7", arrival: -5)[0].0.time == -5)
    }

    @Test func csvLinesAreOneBatchPerMessage() throws {
        let decoder = MessageTickDecoder()
        let lines = (0..<100).map { "\(1_709_280_000_000 + $0),\(100 + Double($0) / 4),\($0)" }.joined(separator: "\n")
        let ticks = try decode(decoder, lines)
        #expect(ticks.count == 100)
        #expect(ticks[99].0 == Tick(time: 1_709_280_000_099_000_000, value: 124.75, size: 99))
        #expect(ticks.allSatisfy { $0.1 == "ACME" })
        #expect(decoder.messages == 1 && decoder.report.ticks == 100 && decoder.report.badLines == 0)
    }

    @Test func aLineNamingItsSymbolWinsOverTheTopic() throws {
        let decoder = MessageTickDecoder()
        let ticks = try decode(decoder, "1709280000000,1,0,BETA\n1709280000001,2\n", topic: "feed/all")
        #expect(ticks.map(\.1) == ["BETA", "all"])
    }

    @Test func topicLevelsNameSymbols() throws {
        #expect(try decode(MessageTickDecoder(topicSymbol: .full), "1", topic: "a/b/c")[0].1 == "a/b/c")
        #expect(try decode(MessageTickDecoder(topicSymbol: .last), "1", topic: "a/b/c")[0].1 == "c")
        #expect(try decode(MessageTickDecoder(topicSymbol: .level(1)), "1", topic: "a/b/c")[0].1 == "b")
        #expect(try decode(MessageTickDecoder(topicSymbol: .level(7)), "1", topic: "a/b/c")[0].1 == "c")
        #expect(try decode(MessageTickDecoder(topicSymbol: .last), "1", topic: "a/b/")[0].1 == "")
        #expect(TopicSymbol(argument: "2") == .level(2) && TopicSymbol(argument: "x") == nil)
        // Two topics with one last level share the symbol; the decoder remembers both topics.
        let decoder = MessageTickDecoder()
        _ = try decode(decoder, "1", topic: "x/ACME")
        _ = try decode(decoder, "2", topic: "y/ACME")
        #expect(decoder.symbols.names == ["ACME"])
    }

    @Test func badLinesAreCountedAndTheRestKept() throws {
        let decoder = MessageTickDecoder()
        let ticks = try decode(decoder, "1709280000000,1\nnot a tick,2\n1709280000002,abc\n1709280000003,3\n")
        #expect(ticks.map(\.0.value) == [1, 3])
        #expect(decoder.report.count(of: .malformedTime) == 1 && decoder.report.count(of: .malformedNumber) == 1)
        // Empty messages (a retained value being cleared) are blank, not bad.
        #expect(try decode(decoder, "").isEmpty && decoder.report.blankLines == 1)
        #expect(try decode(decoder, "  \r\n").isEmpty && decoder.report.blankLines == 2)
        #expect(decoder.report.badLines == 2)
        // A bare word is a bad number, with its arrival time kept out of the excerpt's way.
        #expect(try decode(decoder, "hello").isEmpty)
        #expect(decoder.report.count(of: .malformedNumber) == 2)
    }

    @Test func anOverlongMessageIsCountedNotStored() throws {
        let decoder = MessageTickDecoder(maximumPayload: 256)
        let long = String(repeating: "1", count: 300)
        #expect(try decode(decoder, long).isEmpty)
        #expect(decoder.report.count(of: .lineTooLong) == 1)
        #expect(try decode(decoder, "1709280000000,5").count == 1)
    }

    @Test func strictModeThrowsTheFirstBadLine() throws {
        var options = FeedOptions()
        options.strict = true
        let decoder = MessageTickDecoder(options: options)
        #expect(throws: FeedError.self) { try decode(decoder, "1709280000000,x") }
    }

    @Test func formatsCanBeForced() throws {
        // Forced number: a CSV-looking payload is one bad number, not a tick.
        let numbers = MessageTickDecoder(format: .number)
        #expect(try decode(numbers, "1709280000000,5").isEmpty)
        // Forced CSV: a bare number is a line with a time and no value.
        let csv = MessageTickDecoder(format: .csv)
        #expect(try decode(csv, "101.5").isEmpty)
        #expect(csv.report.count(of: .missingField) == 1)
        #expect(PayloadFormat(argument: "CSV") == .csv && PayloadFormat(argument: "xml") == nil)
    }

    @Test func manyTicksInOneMessageSpanSeveralBatches() throws {
        var options = FeedOptions()
        options.batchCapacity = 7
        let decoder = MessageTickDecoder(options: options)
        let lines = (0..<50).map { "\(1_709_280_000_000 + $0),\($0)" }.joined(separator: "\n")
        let ticks = try decode(decoder, lines)
        #expect(ticks.map(\.0.value) == (0..<50).map(Double.init))
    }
}
