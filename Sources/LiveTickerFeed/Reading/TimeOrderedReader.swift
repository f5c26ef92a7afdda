import LiveTickerCore

/// Replays an input written newest first (Investing, Nasdaq and many broker exports list the
/// latest row at the top) in time order, and passes every other input through untouched.
///
/// It looks at the first batch: when its first ticks (up to ``probe``) run backwards (times
/// never rising, at least one falling), it reads the rest of the input too; if the times run
/// backwards throughout, the ticks are handed out reversed, oldest first, and ``reversed`` says
/// so. A forward file with the odd backwards tick keeps arrival order (ticks are never sorted).
/// A reversed input is held in memory, at most ``maximumTicks`` of its newest ticks (28 bytes
/// each); older ones are counted in ``droppedOldest``. O(input); allocates only for a file
/// that starts backwards.
public final class TimeOrderedReader: TickBatchReader {
    /// Ticks whose order decides whether to read the whole input first.
    public static let probe = 64
    /// Most ticks a reversed input keeps in memory.
    public let maximumTicks: Int
    /// Whether the input ran newest first and is handed out reversed.
    public private(set) var reversed = false
    /// Oldest ticks of a reversed input beyond ``maximumTicks``, not handed out.
    public private(set) var droppedOldest = 0

    private let inner: any TickBatchReader
    private let batchSize: Int
    private var decided = false
    // The held ticks (a first batch, or a whole reversed input) and where handing out is.
    private var ticks: UnsafeMutablePointer<Tick>?
    private var symbolIDs: UnsafeMutablePointer<SymbolID>?
    /// The held bars, index for index with `ticks`, when the input is a bar file.
    private var bars: UnsafeMutablePointer<Candle>?
    private var held = 0
    private var served = 0

    /// Wraps `inner`; a reversed input keeps at most `maximumTicks` ticks.
    public init(_ inner: any TickBatchReader, maximumTicks: Int = 1 << 25, batchSize: Int = 8192) {
        self.inner = inner
        self.maximumTicks = max(1, maximumTicks)
        self.batchSize = max(1, batchSize)
    }

    deinit {
        ticks?.deallocate()
        symbolIDs?.deallocate()
        bars?.deallocate()
    }

    public var report: FeedReport { inner.report }
    public var symbols: SymbolTable { inner.symbols }
    public var valueDecimals: Int? { inner.valueDecimals }
    public func valueDecimals(ofSymbol name: String) -> Int? { inner.valueDecimals(ofSymbol: name) }
    public var valueColumnNames: [String] { inner.valueColumnNames }
    public var valuesAreMeasurements: Bool { inner.valuesAreMeasurements }
    public var formatDescription: String {
        let base = inner.formatDescription
        return reversed ? base + "; the file runs newest first: replayed in time order" : base
    }

    public func nextBatch() throws(FeedError) -> TickBatch? {
        if !decided {
            decided = true
            guard let first = try inner.nextBatch() else { return nil }
            guard Self.runsBackwards(first.ticks, limit: Self.probe) else { return first }
            try holdAll(startingWith: first)
        }
        if let ticks, let symbolIDs {
            guard served < held else { return nil }
            let count = min(batchSize, held - served)
            defer { served += count }
            return TickBatch(
                ticks: UnsafeBufferPointer(start: ticks + served, count: count),
                symbols: UnsafeBufferPointer(start: symbolIDs + served, count: count),
                bars: bars.map { UnsafeBufferPointer(start: $0 + served, count: count) })
        }
        return try inner.nextBatch()
    }

    /// Whether the first `limit` times never rise and fall at least once.
    static func runsBackwards(_ ticks: UnsafeBufferPointer<Tick>, limit: Int) -> Bool {
        let n = min(ticks.count, limit)
        guard n >= 2 else { return false }
        var fell = false
        for i in 1..<n {
            if ticks[i].time > ticks[i - 1].time { return false }
            if ticks[i].time < ticks[i - 1].time { fell = true }
        }
        return fell
    }

    /// Reads the whole input into memory (up to the cap) and reverses it when its times run
    /// backwards throughout; otherwise keeps arrival order.
    private func holdAll(startingWith first: TickBatch) throws(FeedError) {
        var capacity = max(first.count, 1 << 12)
        var t = UnsafeMutablePointer<Tick>.allocate(capacity: capacity)
        var s = UnsafeMutablePointer<SymbolID>.allocate(capacity: capacity)
        // A bar input's bars are held beside their closing ticks (one per tick).
        var b: UnsafeMutablePointer<Candle>? = first.bars != nil ? .allocate(capacity: capacity) : nil
        var count = 0
        var backwards = true
        var lastTime = Int64.max
        func take(_ batch: TickBatch) {
            for i in 0..<batch.count {
                let tick = batch.ticks[i]
                if tick.time > lastTime { backwards = false }
                lastTime = tick.time
                // The cap holds only while the input still runs backwards: a mixed input keeps
                // every tick, as it would unwrapped.
                if count >= maximumTicks && backwards {
                    droppedOldest += 1
                    continue
                }
                if count == capacity {
                    let grown = backwards ? max(capacity + 1, min(maximumTicks, capacity * 2)) : capacity * 2
                    let nt = UnsafeMutablePointer<Tick>.allocate(capacity: grown)
                    let ns = UnsafeMutablePointer<SymbolID>.allocate(capacity: grown)
                    nt.moveInitialize(from: t, count: count)
                    ns.moveInitialize(from: s, count: count)
                    t.deallocate()
                    s.deallocate()
                    t = nt
                    s = ns
                    if let old = b {
                        let nb = UnsafeMutablePointer<Candle>.allocate(capacity: grown)
                        nb.moveInitialize(from: old, count: count)
                        old.deallocate()
                        b = nb
                    }
                    capacity = grown
                }
                (t + count).initialize(to: tick)
                (s + count).initialize(to: batch.symbols[i])
                if let b { (b + count).initialize(to: batch.bars?[i] ?? .bar(time: tick.time, open: tick.value, high: tick.value, low: tick.value, close: tick.value, volume: tick.size)) }
                count += 1
            }
        }
        take(first)
        while let batch = try inner.nextBatch() { take(batch) }
        reversed = backwards
        if reversed {
            var i = 0
            var j = count - 1
            while i < j {
                swap(&t[i], &t[j])
                swap(&s[i], &s[j])
                if let b { swap(&b[i], &b[j]) }
                i += 1
                j -= 1
            }
        }
        ticks = t
        symbolIDs = s
        bars = b
        held = count
    }
}
