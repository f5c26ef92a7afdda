import LiveTickerCore
import LiveTickerRender
import LiveTickerScales

#if canImport(Glibc)
import Glibc
#endif

extension LiveTickerChart {
    /// Copies the ticks at `positions` of `series` into `s.ticks`, as
    /// ``ChartSource/copyTicks(positions:into:)`` does, and returns where they are in it and
    /// the position of the first. Reads from the source only the positions the last copy did
    /// not hold (``SeriesScratch/heldTickPositions``): the tick at a position never changes once
    /// written, so the ones held stay where they are and the few that arrived since the last
    /// frame go after them; only when `s.ticks` has no room left after them are the held ones
    /// moved to its front (with room for twice the window, once every so many frames: moved
    /// every frame, they took 1.9 % as many `perf` samples as the stroke sweep of a 1080p
    /// reference frame, about 0.005 ms). A whole copy from index 0 when the window does not
    /// continue the held one or a new tick could not be read whole. O(new ticks), and O(held
    /// ticks) when they move; no allocation.
    func copyTicks(of series: any ChartSource, positions: Range<UInt64>, into s: SeriesScratch)
        -> (indices: Range<Int>, firstPosition: UInt64)
    {
        let held = s.heldTickPositions
        let count = positions.upperBound &- positions.lowerBound
        if s.reusesHeldTicks, !held.isEmpty, held.lowerBound <= positions.lowerBound,
            positions.lowerBound < held.upperBound, held.upperBound <= positions.upperBound, count <= UInt64(s.ticks.count)
        {
            let kept = Int(held.upperBound &- positions.lowerBound)
            var first = s.heldTickStart &+ Int(positions.lowerBound &- held.lowerBound)
            if first &+ Int(count) > s.ticks.count {
                let base = s.ticks.baseAddress!
                // Invariant: first + kept = heldTickStart + held.count ≤ ticks.count; the
                // regions may overlap.
                UnsafeMutableRawPointer(base).copyMemory(from: base + first, byteCount: kept &* MemoryLayout<Tick>.stride)
                first = 0
            }
            let fresh = held.upperBound..<positions.upperBound
            let read =
                fresh.isEmpty
                ? RingBufferRange(firstPosition: fresh.lowerBound, count: 0)
                : series.copyTicks(positions: fresh, into: UnsafeMutableBufferPointer(rebasing: s.ticks[(first &+ kept)...]))
            if read.firstPosition == fresh.lowerBound, read.count == fresh.count {
                s.heldTickPositions = positions
                s.heldTickStart = first
                return (first..<(first &+ Int(count)), positions.lowerBound)
            }
        }
        let copied = series.copyTicks(positions: positions, into: s.ticks)
        s.heldTickPositions = copied.positions
        s.heldTickStart = 0
        return (0..<copied.count, copied.firstPosition)
    }

    /// Copies the newest candles of `series` into `s.candles`, as
    /// ``ChartSource/copyNewestCandles(into:)`` does, taking the closed ones the last frame
    /// copied from ``SeriesScratch/drawnCandles`` when the source numbers its candles (so a
    /// frame reads the candles that changed since the last, not every held candle through the
    /// ring's per-slot checks). Returns how many. O(candles copied), no allocation.
    func copyNewestCandles(of series: any ChartSource, into s: SeriesScratch) -> Int {
        if s.reusesHeldCandles,
            let positions = series.copyNewestCandles(
                into: s.candles, reusing: UnsafeBufferPointer(s.drawnCandles), at: s.drawnCandlePositions)
        {
            s.copiedCandlePositions = positions
            return positions.count
        }
        s.copiedCandlePositions = 0..<0
        return series.copyNewestCandles(into: s.candles)
    }

    /// Finds each series' visible positions, gathers what the frame draws from them (the raw
    /// ticks of a short window, or a candidate set from the block summaries of a long one) and
    /// picks the visible time window and the value domain. Copies the candles.
    ///
    /// Cost: O(plot width + held candles + levels + held ticks / the coarsest block size) ring
    /// reads per series, independent of how many ticks the history or the window holds (the
    /// raw path copies fewer than `64 × minimumBlocks` ticks). No allocation.
    func collectVisibleData() {
        frame = FrameState()
        for s in scratch { s.tagRect = .empty }
        var newestTime = Int64.min
        var oldestTime = Int64.max
        for (index, series) in sources.enumerated() where readsSeries[index] {
            let s = scratch[index]
            s.setNewest(series.newestTick, lastKnown: series.newestFiniteValue())
            s.firstValue = series.oldestHeldFiniteValue()
            if let times = series.heldTimeRange() {
                newestTime = max(newestTime, times.upperBound)
                oldestTime = min(oldestTime, times.lowerBound)
            }
            s.visibleTicks = 0..<0
            s.rawTicks = 0..<0
            s.usesCandidates = false
            s.candidateCount = 0
            s.skippedCount = 0
            s.tickExtent = ValueExtent()
            s.candleExtent = ValueExtent()
            let candleCount = usesCandleSlots ? copyNewestCandles(of: series, into: s) : 0
            s.visibleCandles = 0..<candleCount
            s.copiedCandleCount = candleCount
            // Every tick went into exactly one candle, in order: the copied candles end at the
            // tick position written last (read right after the copy; a live producer may have
            // moved on by a tick or two, which only nudges this frame's line within its slot).
            s.candleTicksEnd = usesCandleSlots ? series.tickPositionsWritten : 0
        }
        guard newestTime >= oldestTime else { return }  // nothing held anywhere

        switch window {
        case .follow(let span):
            frame.windowEnd = newestTime
            if let span, span > 0 {
                let (start, overflow) = newestTime.subtractingReportingOverflow(span)
                frame.windowStart = overflow ? .min : max(start, oldestTime)
            } else {
                frame.windowStart = oldestTime
            }
        case .fixed(let from, let to):
            frame.windowStart = min(from, to)
            frame.windowEnd = max(from, to)
        }
        let start = frame.windowStart
        let end = frame.windowEnd
        // The span the candle ladder fills: the span asked for (a follow span keeps room for
        // itself while the history is shorter), else the window shown.
        let ladderSpan = window.requestedSpan ?? (end &- start)

        var mostCandles = 0
        for (index, series) in sources.enumerated() where readsSeries[index] {
            let s = scratch[index]
            // Ticks are kept in arrival order; the visible ones are the newest run whose times
            // lie in the window (a backwards timestamp inside the run stays in it).
            let visible = series.positions(inTimeWindow: start, end)
            s.visibleTicks = visible
            if let level = series.summaryLevel(forCount: UInt64(visible.count), minimumBlocks: s.minimumBlocks) {
                // Long window: first/min/max/last of position-aligned blocks built by the
                // producer; their extremes give the exact value range. Candle slots collect
                // once the slots are known (below), leaving out the candles whose line the
                // frame copies.
                s.usesCandidates = true
                s.candidateLevel = level
                if usesCandleSlots {
                    s.closedCandidatePositions = series.closedCandidatePositions(positions: visible, level: level)
                } else {
                    let set =
                        if let cache = s.candidateCache {
                            series.collectCandidates(positions: visible, level: level, into: s.candidates, cache: cache)
                        } else {
                            series.collectCandidates(positions: visible, level: level, into: s.candidates)
                        }
                    s.candidateCount = set.count
                    s.tickExtent.include(set.minimum)
                    s.tickExtent.include(set.maximum)
                }
            } else {
                let copied = copyTicks(of: series, positions: visible, into: s)
                s.rawTicks = copied.indices
                s.rawFirstPosition = copied.firstPosition
                if !s.rawTicks.isEmpty {
                    // Invariant: `rawTicks` lies within `s.ticks`.
                    s.tickExtent.include(
                        doublesAt: UnsafeRawPointer(s.ticks.baseAddress! + s.rawTicks.lowerBound) + MemoryLayout<Tick>.offset(of: \.value)!,
                        count: s.rawTicks.count, byteStride: MemoryLayout<Tick>.stride)
                }
            }
            if case .fixed = window {
                // A fixed range shows the last value *in* it (header, tag), not the feed's
                // newest, which may lie outside and would be pinned to an edge.
                s.newestIsGap = false
                if visible.isEmpty {
                    s.newest = nil
                } else if !s.rawTicks.isEmpty {
                    // The last finite value in the window, when its newest ticks are gaps.
                    var i = s.rawTicks.upperBound &- 1
                    while i > s.rawTicks.lowerBound && !s.ticks[i].value.isFinite { i &-= 1 }
                    s.setNewest(s.ticks[s.rawTicks.upperBound &- 1], lastKnown: s.ticks[i].value)
                } else {
                    // On the stack: `ticks` may hold the raw ticks a later frame takes up again.
                    s.newest = withUnsafeTemporaryAllocation(of: Tick.self, capacity: 1) { one in
                        series.copyTicks(positions: (visible.upperBound &- 1)..<visible.upperBound, into: one).count == 1
                            ? one[0] : nil
                    }
                }
            }

            if usesCandleSlots {
                s.candleWidth = series.candleInterval.nanosecondsIfTimed ?? 0
                // The source's candles no longer reach back to the window's start (a history
                // longer than its candle ring): its folded candles, coarser and older, go first.
                var base = s.candleWidth
                let foldedWidth = series.foldedCandleWidth
                if options.automaticCandles, s.candleWidth > 0, foldedWidth > s.candleWidth, s.copiedCandleCount > 0,
                    s.candles[0].startTime > start
                {
                    let folded = series.copyFoldedCandles(into: s.candles)
                    if folded > 0 {
                        s.copiedCandlePositions = 0..<0  // the copy no longer starts at index 0
                        // The newest candles again, after the folded ones: a candle folded
                        // between the two copies is missing for this frame, never counted twice.
                        let count = folded &+ series.copyNewestCandles(into: UnsafeMutableBufferPointer(rebasing: s.candles[folded...]))
                        s.visibleCandles = 0..<count
                        s.copiedCandleCount = count
                        s.candleTicksEnd = series.tickPositionsWritten
                        // Read again after the copy (the width only ever grows): a first candle
                        // refolded into a coarser width since the read above is then merged,
                        // never left finer.
                        base = series.foldedCandleWidth
                    }
                }
                // Slots are positions (one per candle present), so candles that already fit
                // stay as they are: a file of 60 daily bars spanning 84 calendar days is 60
                // slots, not a reason to fold it into weeks. Folded candles are always merged,
                // so every slot is one width.
                if options.automaticCandles, s.candleWidth > 0, s.copiedCandleCount > ladderMaxCandles || base > s.candleWidth {
                    mergeCandles(of: s, into: CandleInterval.ladderWidth(forSpan: ladderSpan, base: base, maxCandles: ladderMaxCandles))
                }
                // A time candle is visible while its window [start, start + w) overlaps the
                // visible window; a tick-count candle while its first tick's time does. As
                // with ticks, the visible candles are the newest such run: a feed that moved
                // back in time left candles later than the window before the run.
                let candleWidth = max(1, s.candleWidth)
                var upperCandle = s.visibleCandles.upperBound
                while upperCandle > 0, s.candles[upperCandle &- 1].startTime > end { upperCandle &-= 1 }
                var lowerCandle = upperCandle
                while lowerCandle > 0, s.candles[lowerCandle &- 1].startTime &+ candleWidth > start,
                    s.candles[lowerCandle &- 1].startTime <= end
                {
                    lowerCandle &-= 1
                }
                s.visibleCandles = lowerCandle..<upperCandle
                var extent = s.candleExtent
                for i in s.visibleCandles where s.candles[i].isDrawable {
                    extent.include(s.candles[i].high)
                    extent.include(s.candles[i].low)
                }
                s.candleExtent = extent
                mostCandles = max(mostCandles, s.visibleCandles.count)
            }
        }
        frame.slotCount = max(mostCandles, minimumSlotCount())
        if usesCandleSlots {
            for index in sources.indices where readsSeries[index] && scratch[index].usesCandidates {
                collectSlotCandidates(of: index, skipping: readsLine[index])
            }
        }

        // Each pane's marks say what they show (by default their series' ticks, and their
        // candles in candle-slot charts); the pane's scale turns that into its domain.
        // A scale that follows the data keeps its domain with hysteresis (``SteadyValueDomain``),
        // timed by the newest tick in view.
        let data = ChartFrameData(chart: self)
        let newest = newestTickTime() ?? .min
        for (index, pane) in panes.enumerated() {
            var extent = ValueExtent()
            for mark in pane.marks { mark.includeValues(data, into: &extent) }
            paneFrames[index].hasData = !extent.isEmpty
            frame.hasData = frame.hasData || !extent.isEmpty
            let fitted = Self.domain(of: extent, scale: pane.scale)
            var domain = (fitted.lower, fitted.upper)
            if case .fixed = pane.scale {
            } else if extent.isEmpty {
                steadyDomains[index].reset()
            } else {
                domain = steadyDomains[index].steady(fitted: fitted, newest: newest, lowerPinnedAtZero: pane.scale == .includingZero)
            }
            (paneFrames[index].valueLower, paneFrames[index].valueUpper) = domain
            paneFrames[index].logarithmic = pane.scale == .logarithmic
        }
        selectPane(0)
    }

    /// The value range a pane maps onto its height for `extent` on `scale` (in log₁₀ units
    /// for ``Pane/Scale/logarithmic``), and the part of it the data covers (before padding).
    /// O(1).
    static func domain(of extent: ValueExtent, scale: Pane.Scale) -> FittedDomain {
        switch scale {
        case .auto:
            // Pad the data range by 6 % so lines never touch the plot's edges; the domain type
            // already widened a flat or empty range into a finite, non-degenerate one.
            let domain = extent.domain
            let pad = domain.span * 0.06
            return FittedDomain(
                lower: ValueSanitizer.clampForScale(domain.lower - pad), upper: ValueSanitizer.clampForScale(domain.upper + pad),
                dataLower: domain.lower, dataUpper: domain.upper)
        case .fixed(let lower, let upper):
            let domain = ValueDomain(min: Swift.min(lower, upper), max: Swift.max(lower, upper))
            return FittedDomain(lower: domain.lower, upper: domain.upper, dataLower: domain.lower, dataUpper: domain.upper)
        case .includingZero:
            var withZero = extent
            withZero.include(0)
            let domain = withZero.domain
            let pad = domain.span * 0.06
            // Zero stays on the edge; only the far side is padded.
            let lower = withZero.min >= 0 ? 0 : ValueSanitizer.clampForScale(domain.lower - pad)
            let upper = withZero.max <= 0 ? 0 : ValueSanitizer.clampForScale(domain.upper + pad)
            guard lower < upper else {
                return FittedDomain(lower: domain.lower, upper: domain.upper, dataLower: domain.lower, dataUpper: domain.upper)
            }
            return FittedDomain(lower: lower, upper: upper, dataLower: domain.lower, dataUpper: domain.upper)
        case .logarithmic:
            // Only positive values have a logarithm; with none, show 1…10.
            guard extent.max > 0 else { return FittedDomain(lower: 0, upper: 1, dataLower: 0, dataUpper: 1) }
            let top = log10(extent.max)
            let bottom = extent.min > 0 ? log10(extent.min) : top - 3
            let domain = ValueDomain(min: bottom, max: top)
            let pad = domain.span * 0.06
            return FittedDomain(lower: domain.lower - pad, upper: domain.upper + pad, dataLower: domain.lower, dataUpper: domain.upper)
        }
    }

    /// Merges the candles copied for `s` (all of them: a moving average reads the older ones
    /// too) into windows of `width` ns on the chart's calendar, in place, keeping arrival order
    /// as the aggregator does: a candle outside the open merged window opens the next one.
    /// Each merged candle starts at its window's start. O(copied candles + merged candles ×
    /// log transitions), no allocation.
    func mergeCandles(of s: SeriesScratch, into width: Int64) {
        guard width > s.candleWidth, s.copiedCandleCount > 0 else { return }
        let zone = options.timeZone
        let calendar = CandleInterval.usesCalendarWindows(width: width, timeZone: zone)
        let candles = s.candles
        var written = 0
        var windowFirst = Int64.max
        var windowLast = Int64.min
        for i in 0..<s.copiedCandleCount {
            let candle = candles[i]
            if written > 0, candle.startTime >= windowFirst, candle.startTime <= windowLast {
                candles[written &- 1].merge(candle)
                continue
            }
            (windowFirst, windowLast) = CandleInterval.window(containing: candle.startTime, width: width, timeZone: zone, calendar: calendar)
            candles[written] = candle
            candles[written].startTime = windowFirst
            written &+= 1
        }
        s.copiedCandleCount = written
        s.copiedCandlePositions = 0..<0  // merged: no longer the source's candles
        s.visibleCandles = 0..<written
        s.candleWidth = width
    }

    /// The slot (x in candle units from the plot's left edge) of copied candle `i` of `s`:
    /// the visible candles fill the rightmost slots, oldest first. O(1).
    @inline(__always)
    func slot(ofCandle i: Int, in s: SeriesScratch) -> Int {
        frame.slotCount &- s.visibleCandles.count &+ (i &- s.visibleCandles.lowerBound)
    }

    /// The pixel column through the middle of candle `i`'s slot. O(1).
    func column(ofCandle i: Int, in s: SeriesScratch, _ geometry: ChartGeometry) -> Int {
        PixelRect.snap(geometry.pixelX(Double(slot(ofCandle: i, in: s)) + 0.5) - 0.5)
    }

    /// Slots shown even when fewer candles exist, so that a few candles are not drawn as
    /// giant blocks: the number of candle intervals the follow span covers, at least 12.
    func minimumSlotCount() -> Int {
        guard case .follow(let span?) = window, let width = scratch.first?.candleWidth, width > 0 else { return 12 }
        return max(12, min(4096, Int(span / width)))
    }

    /// Builds this frame's geometry for every pane: the panel's layout from the text size and
    /// the widest value label of any pane (so the plots share their columns and the time
    /// axis), split among the panes by weight, each with its value scale
    /// (``valueScale(lower:upper:paneHeight:approximateHeight:textHeight:)``); the x domain
    /// (time or candle slots) is the same for all. Writes ``paneFrames`` in place; no allocation.
    func makeGeometries(frame rect: PixelRect) {
        let textHeight = self.textHeight
        let approximatePlotHeight = max(1, rect.height - 4 * textHeight)
        var totalWeight = 0.0
        for pane in panes { totalWeight += pane.weight }
        // Panes split the plot band by weight, a text margin apart; the last takes the rest.
        // The band's rows do not depend on the value strip's width, so the panes' heights are
        // known before their scales are chosen.
        let gap = panes.count > 1 ? max(4, textHeight / 2) : 0
        let band = ChartLayout(frame: rect, textHeight: textHeight, valueLabelWidth: valueStripWidth).plot
        let available = max(0, band.height &- gap &* (panes.count &- 1))
        var widestLabel = glyphs.digitAdvance &* 6
        var top = band.minY
        for (index, pane) in panes.enumerated() {
            let last = index == panes.count &- 1
            let height = last ? max(0, band.maxY &- top) : Int(Double(available) * pane.weight / max(totalWeight, 1e-9))
            let rows = (top, min(band.maxY, top &+ height))
            paneFrames[index].rows = rows
            top = min(band.maxY, rows.1 &+ gap)
            let lower = paneFrames[index].valueLower
            let upper = paneFrames[index].valueUpper
            guard !paneFrames[index].logarithmic else {
                paneFrames[index].valueScale = nil
                widestLabel = max(widestLabel, textWidth(ValueLabel.trueValue(pow(10, upper.rounded(.down)))))
                continue
            }
            // Rows the pane's last-value tags will cover (a label there is left out), as
            // offsets from the pane's top; tags pushed apart by stacking are taken where they start.
            let paneHeight = rows.1 &- rows.0
            let reach = (textHeight &+ valueTagHeight) / 2
            let scale = Self.valueScale(
                lower: lower, upper: upper, paneHeight: paneHeight,
                approximateHeight: Int(Double(approximatePlotHeight) * pane.weight / max(totalWeight, 1e-9)), textHeight: textHeight
            ) { row in
                for mark in pane.marks {
                    for input in mark.inputs where input.need == .newest && scratch.indices.contains(input.series) {
                        guard let value = scratch[input.series].newest?.value, value.isFinite, upper > lower else { continue }
                        let tag = PixelRect.snap(Double(paneHeight) - (ValueSanitizer.clampForScale(value) - lower) / (upper - lower) * Double(paneHeight))
                        if abs(tag &- row) < reach { return true }
                    }
                }
                return false
            }
            paneFrames[index].valueScale = scale
            // The scale's extremes (its first and last tick) bound every label it can show.
            if scale.tickCount > 0 {
                widestLabel = max(widestLabel, textWidth(scale.label(at: 0)), textWidth(scale.label(at: scale.tickCount &- 1)))
            }
        }
        // The last-value tags, in the form they are drawn in (the header's decimals: a tag of
        // 0.00000124 measured as 1.24e-6 was cut at the frame's edge).
        let decimals = valueDecimals()
        for s in scratch {
            if let newest = s.newest {
                let text = Self.tagText(newest.value, decimals: decimals, scale: paneFrames.first?.valueScale)
                widestLabel = max(widestLabel, textWidth(text) + 2 * textUnit)
            }
        }
        // The value strip keeps its width with hysteresis: it widens at once when a label needs
        // it (with a digit of headroom) and narrows only when two digits' worth has been free
        // for ``stripNarrowingDelay`` of data time (at once when no tick carries a time), so a
        // live price crossing 1000, or a value whose decimals come and go, does not shift and
        // rescale the whole plot each time.
        if widestLabel > valueStripWidth {
            valueStripWidth = widestLabel &+ glyphs.digitAdvance
            stripNarrowing.cancel()
        } else if widestLabel &+ 2 &* glyphs.digitAdvance < valueStripWidth {
            if stripNarrowsAtOnce || stripNarrowing.shouldNarrow(newest: newestTickTime() ?? .min) {
                valueStripWidth = widestLabel &+ glyphs.digitAdvance
                stripNarrowing.cancel()
            }
        } else {
            stripNarrowing.cancel()
        }
        stripNarrowsAtOnce = false
        widestLabel = valueStripWidth
        let layout = ChartLayout(frame: rect, textHeight: textHeight, valueLabelWidth: widestLabel)
        let xUpper: Double =
            !usesCandleSlots
            ? Double(frame.windowEnd &- frame.windowStart) : Double(frame.slotCount)
        for index in panes.indices {
            let (minY, maxY) = paneFrames[index].rows
            var paneLayout = layout
            paneLayout.plot = PixelRect(minX: layout.plot.minX, minY: minY, maxX: layout.plot.maxX, maxY: maxY)
            paneLayout.valueAxis = PixelRect(minX: layout.valueAxis.minX, minY: minY, maxX: layout.valueAxis.maxX, maxY: maxY)
            paneFrames[index].geometry = ChartGeometry(
                layout: paneLayout, x: (0, xUpper), y: (paneFrames[index].valueLower, paneFrames[index].valueUpper),
                timeOrigin: frame.windowStart, logarithmic: paneFrames[index].logarithmic)
        }
    }

    /// The value scale of a pane `paneHeight` px tall over `lower…upper`, for labels
    /// `textHeight` px tall: about one label per three text lines of `approximateHeight` (the
    /// pane's share of the frame less its strips), and where that leaves fewer than three
    /// labels on the pane (a volume pane, a small panel of a wall) as many as fit clear of
    /// each other (a text line and 2 px apart), so a small pane is still read with its scale from across a room.
    /// A label counts where ``drawAxisLabels(_:into:)`` draws it: its value inside the domain,
    /// its whole box inside the pane's rows, its centre row (from the pane's top) not
    /// `coveredByTag`. O(12 × ticks), no allocation.
    static func valueScale(
        lower: Double, upper: Double, paneHeight: Int, approximateHeight: Int, textHeight: Int,
        coveredByTag: (_ row: Int) -> Bool = { _ in false }
    ) -> NiceScale {
        let domain = ValueDomain(lower: lower, upper: upper)
        let target = max(2, min(12, approximateHeight / max(1, textHeight * 3)))
        let standard = NiceScale(domain: domain, targetTickCount: target)
        guard paneHeight > 0, upper > lower else { return standard }
        // A text line is its glyphs' height plus their leading: 2 px more keeps labels clear.
        let pitch = textHeight &+ 2
        /// Labels drawn, or 0 when two of them stand closer than `pitch`.
        func labelsShown(_ scale: NiceScale) -> Int {
            guard scale.step / (upper - lower) * Double(paneHeight) >= Double(pitch) else { return 0 }
            var shown = 0
            for i in 0..<scale.tickCount {
                let value = scale.tick(at: i)
                guard value >= lower, value <= upper else { continue }
                let centre = PixelRect.snap(Double(paneHeight) - (value - lower) / (upper - lower) * Double(paneHeight))
                let top = centre &- textHeight / 2
                if top >= 0, top &+ textHeight <= paneHeight, !coveredByTag(centre) { shown &+= 1 }
            }
            return shown
        }
        let standardShown = labelsShown(standard)
        guard standardShown < 3 else { return standard }
        var best = standard
        var bestShown = standardShown
        for denser in (target &+ 1)...max(target &+ 1, 12) {
            let scale = NiceScale(domain: domain, targetTickCount: denser)
            let shown = labelsShown(scale)
            if shown > bestShown {
                best = scale
                bestShown = shown
            }
        }
        return best
    }
}

extension CandleInterval {
    /// The window width in ns for time candles; nil for tick-count candles.
    var nanosecondsIfTimed: Int64? {
        if case .time(let nanoseconds) = self { return nanoseconds }
        return nil
    }
}
