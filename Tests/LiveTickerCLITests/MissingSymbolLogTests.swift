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

@Suite("Missing symbol log")
struct MissingSymbolLogTests {
    @Test("the line names the symbol asked for, the ticks of others, the symbols the feed holds, and the one meant when only the case differs")
    func message() {
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
    }
}

extension CommandLineTests {
    @Test("a live feed whose asked symbol has not come while others have is said once, and never once something is charted or nothing was asked")
    func missingSymbolSaidOnce() {
        let feed = MockCountingFeed()
        var log = MissingSymbolLog(prefix: "liveticker", asked: ["XYZ"])
        var charted = MissingSymbolLog(prefix: "liveticker", asked: ["XYZ"])
        var unasked = MissingSymbolLog(prefix: "liveticker", asked: [])
        let text = capture(2) {
            // Nothing arrived yet: nothing to say.
            log.note(feed, charted: 0, otherTicks: 0)
            feed.set(filtered: 2, names: ["XYZ", "AAA"])
            // Read at most once a second: the second look is within it.
            log.note(feed, charted: 0, otherTicks: 0)
            charted.note(feed, charted: 5, otherTicks: 0)
            unasked.note(feed, charted: 0, otherTicks: 7)
        }
        #expect(text.isEmpty)
        // Past the once-a-second read: said the first time, not again a second later. (The
        // waits are outside the captures: another suite's lines may reach standard error then.)
        usleep(UInt32(BadLineLog.interval / 1000) + 10_000)
        let said = capture(2) { log.note(feed, charted: 0, otherTicks: 1) }
        usleep(UInt32(BadLineLog.interval / 1000) + 10_000)
        let again = capture(2) { log.note(feed, charted: 0, otherTicks: 1) }
        #expect(
            said == "liveticker: nothing charted yet: no tick of symbol XYZ among 3 ticks of other symbols (the feed holds AAA); the chart stays empty until one comes\n")
        #expect(again.isEmpty)
    }
}
