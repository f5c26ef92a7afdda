/// What a live source's producer shares with the threads that read its counts: the symbol
/// table, the reports of its readers (one slot per reader open at once), the listener's counts,
/// the error that ended it, and whether it has ended. Everything is behind the feed thread's
/// one lock; the producer takes it once per batch or datagram, and publishing a report is a
/// plain assignment into its slot, so it allocates nothing.
struct LiveFeedState: FeedThreadState {
    /// Reports of the readers that have ended (TCP connections), merged.
    var closed: FeedReport
    /// The latest report of each reader still open, by slot.
    var open: [FeedReport?]
    var listener = ListenerReport()
    var symbols = SymbolTable()
    /// The reader's value-column series names (`--value a,b,c`), once known.
    var valueColumnNames: [String] = []
    /// Whether the first reader with a line found its values to be measurements
    /// (``TickBatchReader/valuesAreMeasurements``); nil before.
    var valuesAreMeasurements: Bool?
    /// What standard input or a followed file was read as, once its reader ended.
    var formatDescription = ""
    var error: FeedError?
    var finished = false

    /// A state for at most `slots` readers open at once.
    init(slots: Int, reportedBadLines: Int) {
        closed = FeedReport(maximumRemembered: reportedBadLines)
        open = Array(repeating: nil, count: max(1, slots))
    }
}

/// A live source's producer thread and what it shares (``LiveFeedState``).
typealias LiveFeedHub = FeedThread<LiveFeedState>

extension FeedThread where State == LiveFeedState {
    /// Producer: the latest counts of the reader in `slot`. Allocates nothing.
    func publish(_ report: FeedReport, slot: Int) {
        state.withLock { $0.open[slot] = report }
    }

    /// Producer: the reader in `slot` has ended with `report`; its counts join the closed ones.
    func retire(_ report: FeedReport, slot: Int) {
        state.withLock { state in
            state.closed.merge(report)
            state.open[slot] = nil
        }
    }

    /// Producer: a reader's value-column series names (`--value a,b,c`), kept the first time a
    /// reader has them. Returns whether it had them (then the caller stops asking: making the
    /// names allocates).
    /// Producer: whether a reader's values are measurements, kept from the first reader that
    /// read a batch (before its ticks are queued, so the chart knows when it first sees them).
    func publishValueMeaning(_ measurements: Bool) {
        state.withLock { if $0.valuesAreMeasurements == nil { $0.valuesAreMeasurements = measurements } }
    }

    func publishValueColumns(_ names: [String]) -> Bool {
        guard !names.isEmpty else { return false }
        state.withLock { if $0.valueColumnNames.isEmpty { $0.valueColumnNames = names } }
        return true
    }

    /// Producer: changes the listener's counts.
    func count(_ change: (inout ListenerReport) -> Void) {
        state.withLock { change(&$0.listener) }
    }

    /// Every reader's counts so far, merged. Allocates.
    var report: FeedReport {
        state.withLock { state in
            var report = state.closed
            for case let open? in state.open { report.merge(open) }
            return report
        }
    }

    /// One count of ``report`` (``FeedReport/badLines``, ``FeedReport/filteredBySymbol``),
    /// summed without merging (which copies). Allocates nothing.
    func total(_ field: KeyPath<FeedReport, Int>) -> Int {
        state.withLock { state in
            var total = state.closed[keyPath: field]
            for case let open? in state.open { total &+= open[keyPath: field] }
            return total
        }
    }
}

/// Producer side of one reader: maps the reader's symbol ids onto the source's table (each
/// reader has its own) and pushes its ticks (and a bar file's bars, as bars) into the queue.
///
/// A symbol that arrives when the source's table is full (``SymbolTable/maximumCount`` names)
/// is never charted as another symbol: its ticks are dropped and counted in
/// ``ListenerReport/symbolLimitDrops``.
struct SymbolRelay {
    /// The mapping's mark for a symbol the source's table had no room for.
    private static let overLimit = SymbolID(UInt32.max)
    /// Source ids by reader id.
    private var mapping: [SymbolID] = []

    /// Maps the reader's new names (those past the mapping) under the hub's lock, then pushes
    /// the batch. O(batch); takes the lock only when a name is new or a tick is dropped.
    mutating func forward(_ batch: TickBatch, names local: SymbolTable, hub: LiveFeedHub, queue: TickQueue) {
        let overLimit = forward(batch, names: local, queue: queue) { insert in
            hub.state.withLock { insert(&$0.symbols) }
        }
        if overLimit > 0 { hub.count { $0.symbolLimitDrops += overLimit } }
    }

    /// Maps the reader's names past the mapping, as ``forward(_:names:hub:queue:)`` does before
    /// a batch: for names that came without a tick (the symbols a `--symbol` filter left out,
    /// which a run that charts nothing lists). O(new names); takes the lock only when one is new.
    mutating func mapNames(_ local: SymbolTable, hub: LiveFeedHub) {
        guard local.count > mapping.count else { return }
        hub.state.withLock { mapNew(local, into: &$0.symbols) }
    }

    /// Appends to the mapping the table's ids of the reader's names past it.
    private mutating func mapNew(_ local: SymbolTable, into table: inout SymbolTable) {
        for id in mapping.count..<local.count {
            mapping.append(table.insert(local.nameBytes[id]) ?? Self.overLimit)
        }
    }

    /// The same for any source's table: `withTable` runs the mapping of new names against the
    /// table the source shares (under its lock), only when the reader has new names. Returns
    /// the ticks dropped because the table was full. O(batch).
    mutating func forward(
        _ batch: TickBatch, names local: SymbolTable, queue: TickQueue,
        withTable: ((inout SymbolTable) -> Void) -> Void
    ) -> Int {
        if local.count > mapping.count {
            withTable { table in mapNew(local, into: &table) }
        }
        var overLimit = 0
        let bars = batch.bars
        for i in 0..<batch.count {
            let id = Int(batch.symbols[i].rawValue)
            // Ticks of a reader without names (no symbol column) carry id 0 and no name.
            let symbol = id < mapping.count ? mapping[id] : .first
            if symbol == Self.overLimit {
                overLimit += 1
                continue
            }
            // A bar file's rows stay bars (candles as given), as in a replay.
            if let bars {
                queue.push(bar: bars[i], symbol: symbol)
            } else {
                queue.push(batch.ticks[i], symbol: symbol)
            }
        }
        return overLimit
    }

    /// Forgets the mapping (the reader forgot its names and starts its ids again).
    mutating func reset() { mapping.removeAll(keepingCapacity: true) }
}
