import LiveTickerCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("System clocks")
struct SystemClockTests {
    @Test("monotonic never goes back; realtime is the epoch time in nanoseconds")
    func wallClocks() {
        var last = SystemClock.monotonic.nanoseconds()
        for _ in 0..<10_000 {
            let now = SystemClock.monotonic.nanoseconds()
            #expect(now >= last)
            last = now
        }
        let seconds = Int64(time(nil))
        let realtime = SystemClock.realtime.nanoseconds()
        #expect(abs(realtime / 1_000_000_000 - seconds) <= 1)
        #expect(abs(SystemClock.realtime.milliseconds() - realtime / 1_000_000) < 1000)
    }

    @Test("CPU clocks advance with work done, not with time slept")
    func cpuClocks() {
        // The process clock is read first and last, so its interval holds the thread clock's:
        // read the other way round, the first process read's own cost (a few hundred ns) could
        // make the process advance less than the thread (seen once in CI: 250 ns short).
        let process = SystemClock.processCPU.nanoseconds()
        let thread = SystemClock.threadCPU.nanoseconds()
        var sum = 0.0
        for i in 0..<3_000_000 { sum += Double(i).squareRoot() }
        #expect(sum > 0)
        let worked = SystemClock.threadCPU.nanoseconds() - thread
        #expect(worked > 0)
        #expect(SystemClock.processCPU.nanoseconds() - process >= worked)
        let beforeSleep = SystemClock.threadCPU.nanoseconds()
        usleep(200_000)
        #expect(SystemClock.threadCPU.nanoseconds() - beforeSleep < 100_000_000)
    }
}
