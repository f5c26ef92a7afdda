import LiveTickerCore
import Synchronization
import Testing

@testable import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// The shared producer thread of every live source: start, stop (join once), what the run
/// closure reports and how it ends.
@Suite struct FeedThreadTests {
    /// Waits (at most 10 s: a bound for a broken build) until `condition` holds.
    private func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = ReplayPacer.now() + 10_000_000_000
        while !condition() {
            if ReplayPacer.now() > deadline { return false }
            usleep(1_000)
        }
        return true
    }

    @Test func runsTheClosureOnceAndMarksItFinished() {
        let thread = FeedThread(name: "test", state: ClientFeedState(report: FeedReport(), counts: 0))
        #expect(!thread.isFinished)
        thread.start { producer in
            producer.update { $0.counts += 1 }
        }
        thread.start { producer in producer.update { $0.counts += 100 } }  // a second start while it runs or after: ignored
        #expect(eventually { thread.isFinished })
        thread.stop()
        #expect(thread.state.withLock { $0.counts } == 1)
        #expect(thread.error == nil)
    }

    @Test func stopRaisesTheFlagAndJoins() {
        let thread = FeedThread(name: "test", state: ClientFeedState(report: FeedReport(), counts: 0))
        let loops = Atomic<Int>(0)
        thread.start { producer in
            while !producer.isStopped {
                loops.add(1, ordering: .relaxed)
                producer.sleep(milliseconds: 5)
            }
        }
        #expect(eventually { loops.load(ordering: .relaxed) > 2 })
        thread.stop()
        // Joined: the producer has returned and the thread marked the feed finished.
        #expect(thread.isFinished)
        #expect(thread.stopFlag.isStopped)
        let after = loops.load(ordering: .relaxed)
        usleep(20_000)
        #expect(loops.load(ordering: .relaxed) == after)
        thread.stop()  // a second stop is harmless
    }

    @Test func aSharedStopFlagStopsIt() {
        let flag = StopFlag()
        let thread = FeedThread(name: "test", state: ClientFeedState(report: FeedReport(), counts: 0), stop: flag)
        thread.start { producer in
            // A long backoff ends early on stop.
            producer.sleep(milliseconds: 60_000)
        }
        flag.stop()
        #expect(eventually { thread.isFinished })
        thread.stop()
    }

    @Test func aThrownErrorIsKeptAndAClientShowsItAsItsConnectionState() {
        let thread = FeedThread(name: "test", state: ClientFeedState(report: FeedReport(), counts: 0))
        let failure = FeedError.connectionFailed(endpoint: "mqtt://x/y", reason: "not authorized")
        thread.start { producer throws(FeedError) in
            producer.update { $0.connection.state = .connected }
            throw failure
        }
        #expect(eventually { thread.isFinished })
        thread.stop()
        #expect(thread.error == failure)
        #expect(thread.state.withLock { $0.connection.state } == .disconnected(failure.description))
    }

    @Test func stopBeforeStartDoesNothing() {
        let thread = FeedThread(name: "test", state: ClientFeedState(report: FeedReport(), counts: 0))
        thread.stop()
        #expect(!thread.isFinished)
    }

    @Test func backoffDoublesToItsCeilingAndResets() {
        var backoff = ReconnectBackoff(initialMilliseconds: 100, maximumMilliseconds: 500)
        #expect((0..<5).map { _ in backoff.next() } == [100, 200, 400, 500, 500])
        backoff.reset()
        #expect(backoff.next() == 100)
        var odd = ReconnectBackoff(initialMilliseconds: 0, maximumMilliseconds: -5)
        #expect(odd.next() == 1 && odd.next() == 1)
    }

    @Test func threadFailureHasAClearMessage() {
        #expect(FeedError.threadFailed(name: "udp://127.0.0.1:9000", errno: EAGAIN).description
            == "udp://127.0.0.1:9000: cannot start a thread: \(String(cString: strerror(EAGAIN)))")
    }
}
