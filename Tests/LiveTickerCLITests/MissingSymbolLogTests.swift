import LiveTickerCore
import LiveTickerFeed
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import LiveTickerCLI

/// A live feed stand-in for unit tests (mock): counts and symbol names set by the test, no
/// producer.
private final class MockCountingFeed: LiveTickFeed {
    let queue = TickQueue(capacity: 16)
    private let state = Mutex((filtered: 0, names: SymbolTable()))
    func start() {}
    func stop() {}
    var report: FeedReport { FeedReport() }
    var symbols: SymbolTable { state.withLock { $0.names } }
    var error: FeedError? { nil }
    var isFinished: Bool { false }
    var filteredBySymbol: Int { state.withLock { $0.filtered } }

    func set(filtered: Int, names: [String]) {
        state.withLock { $0 = (filtered, SymbolTable(names: names)) }
    }
}

/// What standard error receives at each of `count` looks, a little more than the log's
/// once-a-second read apart. The waits are outside the captures: another suite's lines may
/// reach standard error meanwhile.
private func looks(_ count: Int, _ look: () -> Void) -> [String] {
    (0..<count).map { index in
        if index > 0 { usleep(UInt32(BadLineLog.interval / 1000) + 10_000) }
        return capture(2, look)
    }
}

@Suite("Missing symbol log")
struct MissingSymbolLogTests {
    @Test("the lines name the symbols asked for, the ticks of others, the symbols the feed holds, and the one meant when only the case differs")
    func messages() {
        #expect(
            MissingSymbolLog.message(asked: ["XYZ"], seen: ["XYZ", "AAA", "BBB"], others: 3)
                == "nothing charted yet: no tick of symbol XYZ among 3 ticks of other symbols (the feed holds AAA, BBB); the chart stays empty until one comes")
        #expect(
            MissingSymbolLog.message(asked: ["acme"], seen: ["ACME"], others: 1)
                == "nothing charted yet: no tick of symbol acme among 1 tick of other symbols (the feed holds ACME); did you mean ACME? (symbols match exactly, case included); the chart stays empty until one comes")
        // Others counted, none named (a feed without names): no list.
        #expect(
            MissingSymbolLog.message(asked: ["A", "B"], seen: [], others: 2)
                == "nothing charted yet: no tick of symbol A, B among 2 ticks of other symbols; the chart stays empty until one comes")
        #expect(
            MissingSymbolLog.message(missing: ["msft"], seen: ["AAPL", "MSFT"])
                == "no tick of symbol msft in the first 10s of the feed, so its series stays empty until one comes; the feed holds AAPL, MSFT; did you mean MSFT? (symbols match exactly, case included)")
        #expect(
            MissingSymbolLog.message(missing: ["X", "Y"], seen: ["A"], grace: 2_000_000_000)
                == "no tick of symbol X, Y in the first 2s of the feed, so their series stay empty until one comes; the feed holds A")
    }
}

extension CommandLineTests {
    @Test("nothing charted while others came is said once; never once something is charted or nothing was asked")
    func missingSymbolSaidOnce() throws {
        let feed = MockCountingFeed()
        let empty = SeriesSink(series: [try LiveSeries(capacity: 16, candleInterval: .ticks(1))])
        var charted = SeriesSink(series: [try LiveSeries(capacity: 16, candleInterval: .ticks(1))])
        charted.consume(Tick(time: 1, value: 1), symbol: SymbolID(0))
        var log = MissingSymbolLog(prefix: "liveticker", asked: ["XYZ"])
        var whenCharted = MissingSymbolLog(prefix: "liveticker", asked: ["XYZ"])
        var unasked = MissingSymbolLog(prefix: "liveticker", asked: [])
        // Nothing arrived yet: nothing to say. Then other symbols' lines come: the next look
        // within the second reads nothing, the one after says it, the last says nothing more.
        let before = capture(2) { log.note(feed, sink: empty) }
        feed.set(filtered: 2, names: ["XYZ", "AAA"])
        let said = looks(3) {
            log.note(feed, sink: empty)
            whenCharted.note(feed, sink: charted)
            unasked.note(feed, sink: empty)
        }
        #expect(before.isEmpty)
        #expect(
            said == [
                "",
                "liveticker: nothing charted yet: no tick of symbol XYZ among 2 ticks of other symbols (the feed holds AAA); the chart stays empty until one comes\n",
                "",
            ])
    }

    @Test("of several symbols asked for, those still without a tick after the grace are said once; nothing when all came")
    func severalSymbolsMissing() throws {
        let feed = MockCountingFeed()
        feed.set(filtered: 0, names: ["AAA", "BBB", "CCC"])
        let names = ["AAA", "BBB", "CCC"]
        func sink(_ wanted: [String]) throws -> SeriesSink {
            try SeriesSink(
                series: wanted.map { _ in try LiveSeries(capacity: 16, candleInterval: .ticks(1)) }, wanted: wanted,
                nameOf: { names[Int($0.rawValue)] })
        }
        var partly = try sink(["AAA", "ccc"])
        partly.consume(Tick(time: 1, value: 1), symbol: SymbolID(0))
        var all = try sink(["AAA", "BBB"])
        all.consume(Tick(time: 1, value: 1), symbol: SymbolID(0))
        all.consume(Tick(time: 2, value: 2), symbol: SymbolID(1))
        var log = MissingSymbolLog(prefix: "liveticker", asked: ["AAA", "ccc"], grace: 200_000_000)
        var complete = MissingSymbolLog(prefix: "liveticker", asked: ["AAA", "BBB"], grace: 200_000_000)
        // The first look starts the grace; the next, a second on, is past it.
        let said = looks(3) {
            log.note(feed, sink: partly)
            complete.note(feed, sink: all)
        }
        #expect(
            said == [
                "",
                "liveticker: no tick of symbol ccc in the first 200ms of the feed, so its series stays empty until one comes; the feed holds AAA, BBB, CCC; did you mean CCC? (symbols match exactly, case included)\n",
                "",
            ])
    }
}
