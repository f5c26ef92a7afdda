@testable import LiveTickerCore

/// Brute-force references for the block summaries and candidate sets: plain scans over an
/// array of every tick ever appended (index = position).
enum ReferenceSummaries {
    /// The summary of `ticks[range]` computed directly.
    static func summary(of ticks: [Tick], _ range: Range<Int>) -> BlockSummary {
        var s = BlockSummary.empty
        var runningMax = Int64.min
        for p in range {
            let t = ticks[p]
            runningMax = max(runningMax, t.time)
            s.minTime = min(s.minTime, t.time)
            s.maxTime = max(s.maxTime, t.time)
            guard t.value.isFinite else {
                if s.firstNonFinite == BlockSummary.noPosition { s.firstNonFinite = UInt64(p) }
                s.lastNonFinite = UInt64(p)
                continue
            }
            let point = SummaryPoint(position: UInt64(p), time: t.time, value: t.value, blockRunningMaxTime: runningMax)
            if s.finiteCount == 0 { s.first = point }
            if s.finiteCount == 0 || t.value < s.minimum.value { s.minimum = point }
            if s.finiteCount == 0 || t.value > s.maximum.value { s.maximum = point }
            s.last = point
            s.finiteCount += 1
        }
        return s
    }

    /// Whether two summaries agree (points only compared when there is a finite value).
    static func same(_ a: BlockSummary, _ b: BlockSummary) -> Bool {
        guard a.firstNonFinite == b.firstNonFinite, a.lastNonFinite == b.lastNonFinite,
            a.finiteCount == b.finiteCount, a.minTime == b.minTime, a.maxTime == b.maxTime
        else { return false }
        return a.finiteCount == 0
            || (a.first == b.first && a.minimum == b.minimum && a.maximum == b.maximum && a.last == b.last)
    }

    /// The documented decomposition of `[lower, upper)` at `level` (every block ending at or
    /// before `head` is closed), as (start, size) pieces; size 1 is a raw tick.
    static func pieces(_ lower: Int, _ upper: Int, level: Int, levelCount: Int) -> [(start: Int, size: Int)] {
        var out: [(Int, Int)] = []
        var p = lower
        while p < upper {
            var size = 1
            for j in stride(from: min(level, levelCount - 1), through: 0, by: -1) {
                let s = Int(LiveSeries.summaryBlockSize(level: j))
                if p % s == 0, p + s <= upper {
                    size = s
                    break
                }
            }
            out.append((p, size))
            p += size
        }
        return out
    }

    /// The documented candidate set of `[lower, upper)` at `level`, from raw ticks.
    static func candidates(_ ticks: [Tick], _ lower: Int, _ upper: Int, level: Int, levelCount: Int) -> [HistoryCandidate] {
        var out: [HistoryCandidate] = []
        var runningMax = Int64.min
        for (start, size) in pieces(lower, upper, level: level, levelCount: levelCount) {
            var picked: [Int] = []
            if size == 1 {
                picked = [start]
            } else {
                let s = summary(of: ticks, start..<(start + size))
                if s.finiteCount > 0 {
                    picked += [s.first, s.minimum, s.maximum, s.last].map { Int($0.position) }
                }
                if s.hasNonFinite { picked += [Int(s.firstNonFinite), Int(s.lastNonFinite)] }
                picked = Array(Set(picked)).sorted()
            }
            // drawTime = running max of all times from `lower` up to the picked tick.
            var cursor = start
            var lastDraw = runningMax
            for p in picked {
                while cursor <= p {
                    runningMax = max(runningMax, ticks[cursor].time)
                    cursor += 1
                }
                let t = ticks[p]
                if t.value.isFinite {
                    out.append(HistoryCandidate(position: UInt64(p), time: t.time, drawTime: runningMax, value: t.value))
                    lastDraw = runningMax
                } else {
                    out.append(HistoryCandidate(position: UInt64(p), time: 0, drawTime: lastDraw, value: .nan))
                }
            }
            while cursor < start + size {
                runningMax = max(runningMax, ticks[cursor].time)
                cursor += 1
            }
        }
        return out
    }
}
