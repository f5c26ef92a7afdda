import Testing

@testable import LiveTickerChart

/// `NarrowingDelay`, the one rule the value strip and the value domain narrow by.
@Suite("Narrowing after a delay in data time")
struct NarrowingDelayTests {
    static let second: Int64 = 1_000_000_000

    @Test("waits the delay from the first frame that could narrow, then starts anew")
    func waitsTheDelay() {
        var timer = NarrowingDelay(delay: 10 * Self.second)
        func narrows(_ newest: Int64) -> Bool { timer.shouldNarrow(newest: newest) }
        #expect(!narrows(100 * Self.second))
        #expect(!narrows(105 * Self.second))
        #expect(!narrows(110 * Self.second - 1))
        #expect(narrows(110 * Self.second))
        // Narrowed: the next frame that could narrow further waits again.
        #expect(!narrows(111 * Self.second))
        #expect(narrows(121 * Self.second))
    }

    @Test("a frame that could not narrow restarts the wait")
    func cancelRestarts() {
        var timer = NarrowingDelay(delay: 10 * Self.second)
        func narrows(_ newest: Int64) -> Bool { timer.shouldNarrow(newest: newest) }
        #expect(!narrows(0))
        timer.cancel()
        #expect(!narrows(9 * Self.second))
        #expect(!narrows(18 * Self.second))
        #expect(narrows(19 * Self.second))
    }

    @Test("no tick time: at once; time going back (a looped replay): at once; extreme times do not trap")
    func untimedAndBackwards() {
        var timer = NarrowingDelay(delay: 10 * Self.second)
        func narrows(_ newest: Int64) -> Bool { timer.shouldNarrow(newest: newest) }
        #expect(narrows(.min))
        #expect(!narrows(50 * Self.second))
        #expect(narrows(49 * Self.second))
        #expect(!narrows(.max))
        #expect(!narrows(.max))
        #expect(narrows(.min + 1))
    }
}
