import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// Messages on topics (MQTT, WebSocket) through ``MessageTickDecoder`` and the shared payload
/// decoders.
@Suite struct MessageTickDecoderTests {
    /// Decodes `payload` on `topic` and returns the ticks with their symbol names.
    func decode(_ decoder: MessageTickDecoder, _ payload: String, topic: String = "site/ticks/ACME",
        arrival: Int64 = 1_709_280_000_000_000_000) throws -> [(Tick, String)]
    {
        var collector = TickCollector()
        let payloadBytes = Array(payload.utf8)
        let topicBytes = Array(topic.utf8)
        try payloadBytes.withUnsafeBytes { p in
            try topicBytes.withUnsafeBytes { t in
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
        #expect(try decode(decoder, "-1.5e3")[0].0.value == -1500)
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

    @Test("a CSV message longer than the parse buffer (64 KiB) is read in whole lines; one line that long is a bad line")
    func longCSVMessages() throws {
        let decoder = MessageTickDecoder()
        // 200 000 lines, about 4 MB, with a header: one message.
        let lines = ["time,price"] + (0..<200_000).map { "\(1_709_280_000_000 + $0),\(100 + $0 % 7).25" }
        let ticks = try decode(decoder, lines.joined(separator: "\n"))
        #expect(ticks.count == 200_000)
        #expect(ticks[199_999].0 == Tick(time: 1_709_280_199_999_000_000, value: 100 + Double(199_999 % 7) + 0.25, size: 0))
        #expect(ticks.map { $0.0.time } == (0..<200_000).map { 1_709_280_000_000_000_000 + Int64($0) * 1_000_000 })
        #expect(decoder.report.badLines == 0)
        // A 100 KB line between good ones: counted as too long; the lines around it charted.
        let long = "1709280000000,1\n" + String(repeating: "7", count: 100_000) + "\n1709280000001,2\n"
        let around = try decode(decoder, long + long)
        #expect(around.map { $0.0.value } == [1, 2, 1, 2])
        #expect(decoder.report.badLines == 2)
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
        // Two topics with one last level share the symbol.
        let decoder = MessageTickDecoder()
        _ = try decode(decoder, "1", topic: "x/ACME")
        _ = try decode(decoder, "2", topic: "y/ACME")
        #expect(decoder.symbols.names == ["ACME"])
    }

    @Test func badMessagesAreCountedAndTheRestKept() throws {
        let decoder = MessageTickDecoder()
        let ticks = try decode(decoder, "1709280000000,1\nnot a tick,2\n1709280000002,abc\n1709280000003,3\n")
        #expect(ticks.map(\.0.value) == [1, 3])
        #expect(decoder.report.count(of: .malformedTime) == 1 && decoder.report.count(of: .malformedNumber) == 1)
        // Empty messages (a retained value being cleared) are blank, not bad.
        #expect(try decode(decoder, "").isEmpty && decoder.report.blankLines == 1)
        #expect(try decode(decoder, "  \r\n").isEmpty && decoder.report.blankLines == 2)
        #expect(decoder.report.badLines == 2)
        // Malformed JSON among good messages: counted, and the next message still decodes.
        #expect(try decode(decoder, #"{"price": 1,"#).isEmpty)
        #expect(decoder.report.badLines == 3)
        #expect(try decode(decoder, "102.5").map(\.0.value) == [102.5])
    }

    @Test("a bad line is named by its message and its line in it, whatever formats came before (it said 'line 2' twice)")
    func badLinesNameTheirMessage() throws {
        let decoder = MessageTickDecoder()
        _ = try decode(decoder, "1709280000,10.5\n1709280001,abc\n1709280002,11\n")  // message 1, line 2
        _ = try decode(decoder, #"{"t":1709280003,"price":"x"}"#)  // message 2, line 1
        _ = try decode(decoder, "1709280004,10.5\n")
        _ = try decode(decoder, "1709280005,12\n1709280006,13\n1709280007,zz\n")  // message 4, line 3
        _ = try decode(decoder, "bogus")  // message 5: a header naming nothing
        _ = try decode(decoder, #"{"t":1709280008,"price":12.5}"#)
        _ = try decode(decoder, #"{"t":1709280009}"#)  // message 7, line 1
        let described = decoder.report.firstBadLines.map(\.description)
        #expect(decoder.report.badLines == 5, "\(decoder.report.firstBadLines)")
        #expect(described.count == 5)
        #expect(described.map { $0.prefix(while: { $0 != ":" }) } == [
            "message 1, line 2", "message 2, line 1", "message 4, line 3", "message 5, line 1", "message 7, line 1",
        ], "\(described)")
        #expect(described[0].hasSuffix("1709280001,abc"), "\(described)")
        // Past the report's limit, none is remembered, but all are counted.
        let many = MessageTickDecoder()
        for _ in 0..<40 { _ = try decode(many, "1709280000,abc\n") }
        #expect(many.report.badLines == 40)
        #expect(many.report.firstBadLines.count == many.report.maximumRemembered)
        #expect(many.report.firstBadLines.last?.message == many.report.maximumRemembered)
    }

    @Test func jsonTradeEventsWithKeyPaths() throws {
        var options = FeedOptions()
        options.timeColumn = .name("T")
        options.valueColumn = .name("p")
        options.sizeColumn = .name("q")
        let decoder = MessageTickDecoder(options: options)
        let ticks = try decode(decoder, #"{"e":"trade","p":"61130.99","q":"0.004","T":1709251200123}"#, topic: "ws/BTCUSDT")
        #expect(ticks.count == 1)
        #expect(ticks.first?.0 == Tick(time: 1_709_251_200_123_000_000, value: 61130.99, size: 0.004))
        #expect(ticks.first?.1 == "BTCUSDT")
    }

    @Test func jsonArraysAreBatches() throws {
        let decoder = MessageTickDecoder()
        let ticks = try decode(decoder, #"[{"time":1709280000000,"price":1},{"time":1709280000001,"price":2}]"#)
        #expect(ticks.map(\.0.value) == [1, 2])
        #expect(ticks.allSatisfy { $0.1 == "ACME" })
    }

    @Test func lineProtocolMessages() throws {
        let decoder = MessageTickDecoder()
        let ticks = try decode(
            decoder, "trades,sym=ACME price=101.25 1709280000000000000\ntrades,sym=ACME price=101.5 1709280000001000000")
        #expect(ticks.map(\.0.value) == [101.25, 101.5])
        #expect(ticks.first?.0.time == 1_709_280_000_000_000_000)
    }

    @Test func strictModeThrowsTheFirstBadMessage() throws {
        var options = FeedOptions()
        options.strict = true
        let decoder = MessageTickDecoder(options: options)
        #expect(throws: FeedError.self) { try decode(decoder, "1709280000000,x") }
    }

    @Test func manyTicksInOneMessageAreOneBatch() throws {
        let decoder = MessageTickDecoder()
        let lines = (0..<2000).map { "\(1_709_280_000_000 + $0),\($0)" }.joined(separator: "\n")
        var batches = BatchCounter()
        let bytes = Array(lines.utf8)
        let topic = Array("t/X".utf8)
        try bytes.withUnsafeBytes { p in
            try topic.withUnsafeBytes { t in
                try decoder.decode(p, topic: t, arrival: 0, into: &batches)
            }
        }
        #expect(batches.batches == 1 && batches.ticks == 2000)
    }

    @Test func eachCSVMessageIsItsOwnDocument() throws {
        // A first message that looks like a header must not decide how later messages are read.
        let hello = MessageTickDecoder()
        #expect(try decode(hello, "hello").isEmpty)
        #expect(try decode(hello, "1709280000000,101.5").map(\.0) == [Tick(time: 1_709_280_000_000_000_000, value: 101.5, size: 0)])
        // A lone word is read as a bare value that is no number (a sensor's `ON`), not as a header.
        #expect(hello.report.badLines == 1 && hello.report.count(of: .malformedNumber) == 1)
        // A message with a header of its own (columns in another order) is read by it...
        let swapped = MessageTickDecoder()
        #expect(try decode(swapped, "value,time\n101.5,1709280000000").map(\.0)
            == [Tick(time: 1_709_280_000_000_000_000, value: 101.5, size: 0)])
        // ...and the next message without one is the headerless line protocol again.
        #expect(try decode(swapped, "1709280000001,102").map(\.0) == [Tick(time: 1_709_280_000_001_000_000, value: 102, size: 0)])
        #expect(try decode(swapped, "time,price,qty\n1709280000002,103,7").map(\.0)
            == [Tick(time: 1_709_280_000_002_000_000, value: 103, size: 7)])
        #expect(swapped.report.badLines == 0)
        // A header naming nothing usable is one bad line; its message's lines are counted, the feed goes on.
        let junk = MessageTickDecoder()
        #expect(try decode(junk, "alpha,beta\nx,y").isEmpty)
        #expect(try decode(junk, "1709280000003,104").map(\.0.value) == [104])
    }

    @Test func csvAfterALongerMessageParsesTheSame() throws {
        // The payload buffer is reused; what a longer message left behind must not leak in.
        let decoder = MessageTickDecoder()
        _ = try decode(decoder, (0..<50).map { "\(1_709_280_000_000 + $0),999999.125,77" }.joined(separator: "\n"))
        let ticks = try decode(decoder, "1709280000000,1")
        #expect(ticks.map(\.0) == [Tick(time: 1_709_280_000_000_000_000, value: 1, size: 0)])
    }
}

/// Counts batches and ticks (a sink that sees batches whole).
struct BatchCounter: TickSink {
    var batches = 0
    var ticks = 0
    mutating func consume(_ tick: Tick, symbol: SymbolID) { ticks += 1 }
    mutating func consume(_ batch: TickBatch) {
        batches += 1
        ticks += batch.count
    }
}
