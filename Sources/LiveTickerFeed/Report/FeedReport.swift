/// What a reader did with its input: lines and ticks, skipped lines counted by kind with the
/// first few remembered, values kept as gaps, and lines filtered out on purpose.
///
/// A reader updates its report as it goes, so a live source can show it at any time. Counting
/// costs a few integer adds per line; remembering a bad line allocates (only the first
/// ``maximumRemembered``).
public struct FeedReport: Sendable, Equatable {
    /// How many bad lines are remembered in ``firstBadLines``.
    public var maximumRemembered: Int
    /// Physical lines consumed, including the header and blank lines.
    public var lines = 0
    /// Bytes consumed from the input.
    public var bytes = 0
    /// Ticks delivered.
    public var ticks = 0
    /// Of the ``ticks``, how many were OHLC bars (a bar file's rows, closed klines).
    public var bars = 0
    /// Skipped lines, by ``BadLineKind`` raw value.
    public private(set) var badCounts = [Int](repeating: 0, count: BadLineKind.allCases.count)
    /// The first ``maximumRemembered`` skipped lines, in input order.
    public internal(set) var firstBadLines: [BadLine] = []
    /// The input's lines before the file read now: a followed file truncated or replaced counts
    /// its lines from 1 again, as a user who opens it sees them, so ``record(_:)`` takes these
    /// off a bad line's number. 0 for an input of one file.
    public var fileFirstLine = 0
    /// Ticks kept whose value is NaN, ±∞ or empty (stored as NaN): delivered, drawn as gaps.
    public var nonFiniteValues = 0
    /// Empty lines (skipped silently; not bad).
    public var blankLines = 0
    /// A line before the header that is no part of the table (CryptoDataDownload's first line,
    /// its address), skipped and said in the summary; not bad.
    public var preambleLines = 0
    /// Lines skipped because their symbol is not the one the options ask for.
    public var filteredBySymbol = 0
    /// Lines skipped because their time is outside the options' time range.
    public var filteredByTime = 0
    /// Binary records cut short at the end of the input (a crashed or still-running writer).
    public var truncatedRecords = 0
    /// Binary records skipped because their symbol id is not in the file's symbol table.
    public var badRecords = 0
    /// Updates of a Binance kline still forming (`"x": false`), skipped: the closed kline's
    /// update is the bar (see ``JSONFieldLayout/closed``).
    public var unfinishedBars = 0
    /// `null`s of a response that mean "nothing here", skipped: Yahoo Finance's rows of a
    /// minute without trades, InfluxDB's fields not written at a row's time (or intervals
    /// `fill(null)` left empty). There was nothing, which is not a gap in the feed.
    public var emptyIntervals = 0
    /// Ticks a live source parsed but could not hand on because its consumer was behind.
    public var dropped = 0
    /// The earliest and latest times of the lines filtered out (by symbol or time range), so a
    /// run that charts nothing can say what its input holds; `Int64.max` and `.min` while none.
    public var filteredEarliest = Int64.max
    public var filteredLatest = Int64.min
    /// Times a followed file was truncated in place and read again from its beginning.
    public var truncationsFollowed = 0
    /// Times a followed file's path was replaced by a new file (log rotation) and the new one
    /// read from its beginning.
    public var replacementsFollowed = 0
    /// The compressed input ended early (the file was cut off): everything before the cut was
    /// read.
    public var endedEarly = false
    /// The bad-line counts count records rather than lines (a JSON array: several records,
    /// and several bad ones, may share a line). Changes only the summary's wording.
    public var countsRecords = false

    /// An empty report that will remember the first `maximumRemembered` bad lines.
    public init(maximumRemembered: Int = 5) {
        self.maximumRemembered = max(0, maximumRemembered)
    }

    /// Widens ``filteredEarliest``…``filteredLatest`` to hold `time` (a line filtered out). O(1).
    @inlinable
    public mutating func noteFiltered(time: Int64) {
        if time < filteredEarliest { filteredEarliest = time }
        if time > filteredLatest { filteredLatest = time }
    }

    /// Widens the filtered times to hold `earliest`…`latest` (nothing when `earliest > latest`). O(1).
    public mutating func noteFiltered(earliest: Int64, latest: Int64) {
        guard earliest <= latest else { return }
        noteFiltered(time: earliest)
        noteFiltered(time: latest)
    }

    /// Total skipped lines over all kinds. O(kinds).
    public var badLines: Int { badCounts.reduce(0, +) }

    /// Skipped lines of one kind. O(1).
    public func count(of kind: BadLineKind) -> Int { badCounts[kind.rawValue] }

    /// Counts a skipped line and remembers it if it is among the first few. O(1); allocates only
    /// while remembering.
    public mutating func record(_ badLine: BadLine) {
        badCounts[badLine.kind.rawValue] += 1
        guard firstBadLines.count < maximumRemembered else { return }
        var numbered = badLine
        numbered.line -= fileFirstLine
        firstBadLines.append(numbered)
    }

    /// Adds the counts of `other` into this report (for several connections of one listener, or
    /// the later ranges of one file read in parallel); remembered lines are appended up to the
    /// limit, their line numbers raised by `lineOffset` (the lines before `other`'s first, when
    /// it counted its own from 1). O(kinds + remembered).
    public mutating func merge(_ other: FeedReport, lineOffset: Int = 0) {
        lines += other.lines
        bytes += other.bytes
        ticks += other.ticks
        bars += other.bars
        for i in badCounts.indices { badCounts[i] += other.badCounts[i] }
        for var line in other.firstBadLines where firstBadLines.count < maximumRemembered {
            line.line += lineOffset
            firstBadLines.append(line)
        }
        nonFiniteValues += other.nonFiniteValues
        blankLines += other.blankLines
        preambleLines += other.preambleLines
        filteredBySymbol += other.filteredBySymbol
        filteredByTime += other.filteredByTime
        truncatedRecords += other.truncatedRecords
        badRecords += other.badRecords
        dropped += other.dropped
        unfinishedBars += other.unfinishedBars
        emptyIntervals += other.emptyIntervals
        noteFiltered(earliest: other.filteredEarliest, latest: other.filteredLatest)
        truncationsFollowed += other.truncationsFollowed
        replacementsFollowed += other.replacementsFollowed
        endedEarly = endedEarly || other.endedEarly
        countsRecords = countsRecords || other.countsRecords
    }
}
