import LiveTickerTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LiveTickerCore

/// Random ticks with the awkward cases on purpose: NaN and ±∞ values (alone and in runs),
/// duplicate and backwards times, ±1.7e308, subnormals, equal values (ties).
private func randomTicks(_ count: Int, seed: UInt64) -> [Tick] {
    var rng = SplitMix64(seed: seed)
    var time: Int64 = 1_000_000
    var value = 100.0
    var nanRun = 0
    var ticks: [Tick] = []
    ticks.reserveCapacity(count)
    for _ in 0..<count {
        let r = rng.next() % 1000
        switch r {
        case 0..<10: time -= Int64(rng.next() % 5000)  // backwards
        case 10..<60: break  // duplicate time
        default: time += Int64(rng.next() % 1000)
        }
        if nanRun > 0 {
            nanRun -= 1
            ticks.append(Tick(time: time, value: .nan))
            continue
        }
        let v: Double
        switch rng.next() % 1000 {
        case 0..<8: v = .nan
        case 8: nanRun = Int(rng.next() % 300); v = .nan
        case 9: v = .infinity
        case 10: v = -.infinity
        case 11: v = 1.7e308
        case 12: v = -1.7e308
        case 13: v = .leastNonzeroMagnitude
        case 14..<40: v = value.rounded()  // ties
        default:
            value += Double(Int64(rng.next() % 2001) - 1000) / 100
            v = value
        }
        ticks.append(Tick(time: time, value: v))
    }
    return ticks
}

private func makeSeries(_ ticks: [Tick], capacity: Int) throws -> LiveSeries {
    let series = try LiveSeries(capacity: capacity, candleInterval: .ticks(16), candleCapacity: 16)
    for t in ticks { series.append(t) }
    return series
}

private func same(_ a: HistoryCandidate, _ b: HistoryCandidate) -> Bool {
    guard a.position == b.position else { return false }
    if a.value.isNaN || b.value.isNaN { return a.value.isNaN && b.value.isNaN }
    return a.value == b.value && a.time == b.time && a.drawTime == b.drawTime
}

@Suite("Block summaries")
struct BlockSummaryTests {
    @Test("level count and block sizes follow the capacity")
    func levels() throws {
        #expect(try LiveSeries(capacity: 1, candleInterval: .ticks(1)).summaryLevelCount == 1)
        #expect(try LiveSeries(capacity: 255, candleInterval: .ticks(1)).summaryLevelCount == 1)
        #expect(try LiveSeries(capacity: 256, candleInterval: .ticks(1)).summaryLevelCount == 2)
        #expect(try LiveSeries(capacity: 100_000, candleInterval: .ticks(1)).summaryLevelCount == 6)
        #expect(LiveSeries.summaryBlockSize(level: 0) == 64)
        #expect(LiveSeries.summaryBlockSize(level: 3) == 4096)
    }

    @Test("every held summary equals a brute-force scan of its ticks (NaN, ±∞, backwards times, wrap)",
          arguments: [(1000, 900, UInt64(1)), (1000, 7_777, 2), (5000, 40_000, 3), (300, 64, 4), (64, 1000, 5)])
    func summariesMatchBruteForce(capacity: Int, count: Int, seed: UInt64) throws {
        let ticks = randomTicks(count, seed: seed)
        let series = try makeSeries(ticks, capacity: capacity)
        var checked = 0
        for level in 0..<series.summaryLevelCount {
            let size = Int(LiveSeries.summaryBlockSize(level: level))
            let ring = series.summaries(level: level)
            #expect(ring.writtenCount == UInt64(count / size))
            for block in ring.heldPositions {
                let got = try #require(ring.element(at: block))
                let start = Int(block) * size
                let want = ReferenceSummaries.summary(of: ticks, start..<(start + size))
                #expect(ReferenceSummaries.same(got, want), "level \(level) block \(block)")
                checked += 1
            }
            // The ring covers every block that overlaps the held ticks.
            let oldestHeld = max(0, count - capacity)
            if count / size > 0 { #expect(ring.heldPositions.lowerBound <= UInt64(oldestHeld / size)) }
        }
        #expect(checked > 0 || count < 64)
    }

    @Test("candidate sets equal the documented rule computed from raw ticks, at every level",
          arguments: [UInt64(11), 12, 13])
    func candidatesMatchReference(seed: UInt64) throws {
        let capacity = 20_000
        let count = 26_321
        let ticks = randomTicks(count, seed: seed)
        let series = try makeSeries(ticks, capacity: capacity)
        let held = series.ticks.heldPositions
        var rng = SplitMix64(seed: seed)
        let buffer = UnsafeMutableBufferPointer<HistoryCandidate>.allocate(capacity: 40_000)
        defer { buffer.deallocate() }
        var ranges: [Range<Int>] = [Int(held.lowerBound)..<Int(held.upperBound), Int(held.upperBound) - 5..<Int(held.upperBound)]
        for _ in 0..<12 {
            let a = Int(held.lowerBound) + Int(rng.next() % UInt64(capacity))
            let b = Int(held.lowerBound) + Int(rng.next() % UInt64(capacity))
            ranges.append(min(a, b)..<max(a, b))
        }
        for range in ranges {
            for level in 0..<series.summaryLevelCount {
                let set = series.collectCandidates(
                    positions: UInt64(range.lowerBound)..<UInt64(range.upperBound), level: level, into: buffer)
                let want = ReferenceSummaries.candidates(
                    ticks, range.lowerBound, range.upperBound, level: level, levelCount: series.summaryLevelCount)
                #expect(!set.truncated)
                #expect(set.count == want.count, "range \(range) level \(level)")
                if set.count == want.count {
                    let mismatch = (0..<want.count).first { !same(buffer[$0], want[$0]) }
                    #expect(mismatch == nil, "range \(range) level \(level) at \(mismatch ?? -1)")
                }
                // Draw times never go down; the value range is exact over every raw tick.
                #expect((1..<max(1, set.count)).allSatisfy { buffer[$0 - 1].drawTime <= buffer[$0].drawTime })
                let finite = ticks[range].map(\.value).filter(\.isFinite)
                #expect(set.minimum == (finite.min() ?? .infinity))
                #expect(set.maximum == (finite.max() ?? -.infinity))
                #expect(set.maxTime == (ticks[range].map(\.time).max() ?? .min))
            }
        }
    }

    @Test("a cache kept across sliding, jumping and growing windows gives the uncached sets bit for bit",
          arguments: [UInt64(31), 32, 33])
    func cachedCandidatesMatchUncached(seed: UInt64) throws {
        // Capacity wraps many times; NaN runs, ±∞, ties and backwards times (so cached draw
        // times are raised to the running maximum before their block) come from randomTicks.
        let capacity = 20_000
        let ticks = randomTicks(140_000, seed: seed)
        let series = try LiveSeries(capacity: capacity, candleInterval: .ticks(16), candleCapacity: 16)
        var fed = 0
        func feed(_ n: Int) {
            for t in ticks[fed..<min(ticks.count, fed + n)] { series.append(t) }
            fed = min(ticks.count, fed + n)
        }
        feed(3_000)
        let room = series.candidateCapacity(minimumBlocks: 4) + 40_000
        let plain = UnsafeMutableBufferPointer<HistoryCandidate>.allocate(capacity: room)
        let cached = UnsafeMutableBufferPointer<HistoryCandidate>.allocate(capacity: room)
        defer { plain.deallocate(); cached.deallocate() }
        // One cache per kind of window, each kept for the whole run; one more shared by two
        // series (its slots must be emptied when the series changes).
        let caches = (0..<4).map { _ in HistoryCandidateCache(minimumBlocks: 4, tickCapacity: capacity) }
        let other = try makeSeries(randomTicks(30_000, seed: seed ^ 0xFF), capacity: capacity)
        var rng = SplitMix64(seed: seed)
        var compared = 0
        var blocksCopied = 0
        func check(_ source: LiveSeries, _ range: Range<UInt64>, level: Int, _ cache: HistoryCandidateCache, _ what: String) {
            let want = source.collectCandidates(positions: range, level: level, into: plain)
            let got = source.collectCandidates(positions: range, level: level, into: cached, cache: cache)
            #expect(got == want, "\(what) \(range) level \(level)")
            #expect(memcmp(plain.baseAddress!, cached.baseAddress!, MemoryLayout<HistoryCandidate>.stride * want.count) == 0,
                    "\(what) \(range) level \(level): candidates differ")
            compared += 1
            if cache === caches[0] { blocksCopied += Int(range.count) / Int(LiveSeries.summaryBlockSize(level: level)) }
        }
        let followReadsBefore = caches[0].summariesRead
        for step in 0..<400 {
            // Mostly a few ticks a frame (a block closes now and then), sometimes a burst.
            feed(step % 50 == 49 ? Int(rng.next() % 5_000) : Int(rng.next() % 40))
            let held = series.ticks.heldPositions
            // The chart's case: everything held, at the level the chart would pick.
            let level = series.summaryLevel(forCount: UInt64(held.count), minimumBlocks: 4) ?? 0
            check(series, held, level: level, caches[0], "follow")
            // A window of a fixed length ending at the newest, at a finer level.
            let tail = (held.upperBound - UInt64(min(held.count, 7_000)))..<held.upperBound
            check(series, tail, level: max(0, level - 1), caches[1], "tail")
            // A window jumping around the history, levels changing.
            let a = held.lowerBound + rng.next() % UInt64(max(1, held.count))
            let b = held.lowerBound + rng.next() % UInt64(max(1, held.count))
            check(series, min(a, b)..<max(a, b), level: Int(rng.next() % UInt64(series.summaryLevelCount)), caches[2], "jump")
            // Two series through one cache.
            let source = step % 3 == 0 ? other : series
            check(source, source.ticks.heldPositions, level: 1, caches[3], "shared")
        }
        #expect(compared == 1_600)
        // Sliding reads only what is new: far fewer summaries than blocks copied.
        let followReads = caches[0].summariesRead - followReadsBefore
        #expect(followReads > 0)
        #expect(Int(followReads) * 10 < blocksCopied, "follow window read \(followReads) summaries")
    }

    @Test("inside the closed part, a run's candidates collected over the run widened to block boundaries are the window's",
          arguments: [UInt64(41), 42])
    func closedPartCollectsAlone(seed: UInt64) throws {
        let capacity = 30_000
        let ticks = randomTicks(90_000, seed: seed)
        let series = try makeSeries(ticks, capacity: capacity)
        let room = series.candidateCapacity(minimumBlocks: 4) + 40_000
        let whole = UnsafeMutableBufferPointer<HistoryCandidate>.allocate(capacity: room)
        let part = UnsafeMutableBufferPointer<HistoryCandidate>.allocate(capacity: room)
        defer { whole.deallocate(); part.deallocate() }
        var rng = SplitMix64(seed: seed)
        var compared = 0
        for _ in 0..<300 {
            let held = series.ticks.heldPositions
            let a = held.lowerBound + rng.next() % UInt64(held.count)
            let b = held.lowerBound + rng.next() % UInt64(held.count)
            let window = min(a, b)..<max(a, b)
            let level = Int(rng.next() % UInt64(series.summaryLevelCount))
            let closed = series.closedCandidatePositions(positions: window, level: level)
            guard !closed.isEmpty else { continue }
            let size = LiveSeries.summaryBlockSize(level: level)
            #expect(closed.lowerBound >= window.lowerBound && closed.upperBound <= window.upperBound)
            #expect(closed.lowerBound % size == 0 && closed.upperBound % size == 0)
            // A run inside the closed part (a candle's ticks, say), at any positions.
            let p = closed.lowerBound + rng.next() % UInt64(closed.count)
            let q = p + rng.next() % (closed.upperBound - p + 1)
            let all = series.collectCandidates(positions: window, level: level, into: whole)
            let widened = (p / size * size)..<((q + size - 1) / size * size)
            let alone = series.collectCandidates(positions: widened, level: level, into: part)
            let want = (0..<all.count).map { whole[$0] }.filter { $0.position >= p && $0.position < q }
            let got = (0..<alone.count).map { part[$0] }.filter { $0.position >= p && $0.position < q }
            #expect(got.count == want.count, "\(window) level \(level) run \(p)..<\(q)")
            for (g, w) in zip(got, want) {
                // Positions and values always; times of finite points (a gap point's time and
                // draw times follow the ticks before the run).
                let ok = g.position == w.position && g.value.bitPattern == w.value.bitPattern
                    && (!w.value.isFinite || g.time == w.time)
                #expect(ok, "\(window) level \(level) run \(p)..<\(q): \(g) vs \(w)")
                if !ok { break }
            }
            compared += 1
        }
        #expect(compared > 100)
    }

    @Test("a too-small buffer cuts the set short and says so")
    func truncation() throws {
        let series = try makeSeries(randomTicks(5000, seed: 9), capacity: 5000)
        let buffer = UnsafeMutableBufferPointer<HistoryCandidate>.allocate(capacity: 10)
        defer { buffer.deallocate() }
        let set = series.collectCandidates(positions: 0..<5000, level: 0, into: buffer)
        #expect(set.truncated)
        #expect(set.count <= 10)
    }

    @Test("the level picked gives enough blocks, and the capacity bound holds",
          arguments: [1, 3, 100, 3840])
    func levelChoice(minimumBlocks: Int) throws {
        let series = try LiveSeries(capacity: 1 << 20, candleInterval: .ticks(1))
        for count: UInt64 in [0, 63, 64, 1000, 100_000, 1 << 18, 1 << 20] {
            guard let level = series.summaryLevel(forCount: count, minimumBlocks: minimumBlocks) else {
                #expect(count / 64 < UInt64(minimumBlocks))
                continue
            }
            let size = LiveSeries.summaryBlockSize(level: level)
            #expect(count / size >= UInt64(minimumBlocks))
            if level + 1 < series.summaryLevelCount {
                #expect(count / (size * 4) < UInt64(minimumBlocks))
            }
            // Worst case: every whole block and every edge piece gives six candidates.
            let pieces = ReferenceSummaries.pieces(1, Int(count) - 1, level: level, levelCount: series.summaryLevelCount)
            let worst = pieces.reduce(0) { $0 + ($1.size == 1 ? 1 : 6) }
            #expect(worst <= series.candidateCapacity(minimumBlocks: minimumBlocks))
        }
    }

    @Test("the visible run, held time range and oldest finite value equal brute-force scans",
          arguments: [UInt64(21), 22, 23])
    func windowSearch(seed: UInt64) throws {
        let capacity = 9_000
        let count = 23_456
        let ticks = randomTicks(count, seed: seed)
        let series = try makeSeries(ticks, capacity: capacity)
        let heldTicks = Array(ticks[(count - capacity)...])
        let times = heldTicks.map(\.time)
        #expect(series.heldTimeRange() == times.min()!...times.max()!)
        #expect(series.oldestHeldFiniteValue() == heldTicks.first { $0.value.isFinite }!.value)

        var rng = SplitMix64(seed: seed)
        for _ in 0..<40 {
            let a = times.min()! + Int64(rng.next() % UInt64(times.max()! - times.min()! + 2000)) - 1000
            let b = a + Int64(rng.next() % 3_000_000)
            var upper = count
            while upper > count - capacity, ticks[upper - 1].time > b { upper -= 1 }
            var lower = upper
            while lower > count - capacity, ticks[lower - 1].time >= a { lower -= 1 }
            #expect(series.positions(inTimeWindow: a, b) == UInt64(lower)..<UInt64(upper), "window \(a)…\(b)")
        }
    }

    @Test("empty and all-non-finite histories")
    func emptyAndNonFinite() throws {
        let empty = try LiveSeries(capacity: 100, candleInterval: .ticks(1))
        #expect(empty.heldTimeRange() == nil)
        #expect(empty.oldestHeldFiniteValue().isNaN)
        #expect(empty.positions(inTimeWindow: .min, .max).isEmpty)

        let gaps = try makeSeries((0..<300).map { Tick(time: Int64($0), value: $0 % 2 == 0 ? .nan : .infinity) }, capacity: 300)
        #expect(gaps.oldestHeldFiniteValue().isNaN)
        let block = try #require(gaps.summaries(level: 0).element(at: 1))
        #expect(block.finiteCount == 0 && block.firstNonFinite == 64 && block.lastNonFinite == 127)
        let buffer = UnsafeMutableBufferPointer<HistoryCandidate>.allocate(capacity: 100)
        defer { buffer.deallocate() }
        let set = gaps.collectCandidates(positions: 0..<300, level: 1, into: buffer)
        #expect(set.minimum == .infinity && set.maximum == -.infinity)
        #expect((0..<set.count).allSatisfy { buffer[$0].value.isNaN })
    }
}
