import LiveTickerCore
#if canImport(Glibc)
import Glibc
#endif
import LiveTickerRender
import LiveTickerScales

/// What a chart's last frame was drawn from, beyond the per-series copies in ``SeriesScratch``:
/// everything that places the unchanged parts of a frame. ``LiveTickerChart/drawChanges(into:)``
/// redraws only part of the next frame when all of it is equal. Plain values; the arrays are
/// sized at init and written in place.
struct DrawnFrame {
    /// False before the first frame, after ``LiveTickerChart/invalidate()`` and after a frame
    /// that cannot be compared (rotated).
    var valid = false
    var framebuffer: ObjectIdentifier?
    var rect = PixelRect.empty
    var stripWidth = 0
    var windowStart: Int64 = 0
    var windowEnd: Int64 = 0
    var slotCount = 0
    var hasData = false
    var stale = false
    var crosshair: Int64?
    /// Each pane's domain, scale and geometry (the time origin zeroed in candle-slot charts,
    /// where x does not depend on it).
    var panes: [PaneFrame] = []
    /// Per pane and series (`pane × series count + series`): the row of the last-value line a
    /// `.newest` mark of the pane drew for the series, `Int.min` for none.
    var tagRows: [Int] = []
    /// Where the header held text and badges.
    var header = HeaderExtent(itemsEnd: 0, rightStart: 0)
}

extension LiveTickerChart {
    /// Works out, after this frame's data and geometry are known, whether only part of it
    /// needs drawing into `rect` of `fb`, and if so fills ``damage`` with the rectangles to
    /// redraw and returns true; false means the frame must be drawn whole.
    ///
    /// Conservative by construction: a rectangle too large only costs time, one too small would
    /// leave a wrong pixel, so every changed input widens the damage by the most it can reach.
    /// O(kept points + copied candles + panes × series), no allocation.
    /// With `lastValueLineUnderlaid` (the last frame saved what its last-value line covers,
    /// ``LastValueUnderlay``), the rows that line leaves and moves to are not listed: the
    /// frame stores them without a pass (``redrawLastValueLine(into:removed:)``).
    func collectDamage(into fb: Framebuffer, in rect: PixelRect, lastValueLineUnderlaid: Bool) -> Bool {
        let d = drawn
        guard d.valid, marksRedrawChangesOnly, rotationBuffer == nil, d.framebuffer == ObjectIdentifier(fb), d.rect == rect,
            crosshair == nil, d.crosshair == nil, d.stripWidth == valueStripWidth, d.slotCount == frame.slotCount,
            d.hasData == frame.hasData, d.stale == isStale, d.panes.count == paneFrames.count
        else { return false }
        if !usesCandleSlots {
            guard d.windowStart == frame.windowStart, d.windowEnd == frame.windowEnd else { return false }
        }
        for p in paneFrames.indices where !Self.samePlacement(d.panes[p], paneFrames[p], slots: usesCandleSlots) {
            return false
        }
        // Candles that moved to other slots (a scrolling window) or changed before the visible
        // ones draw the frame whole: found before the lines' changes are walked, which would
        // be wasted then (a 2×2 wall of scrolling candles spent 10 % of its frame there).
        if usesCandleSlots && !candlesKeepTheirSlots() { return false }
        let plot = paneFrames[0].geometry.layout.plot
        let last = paneFrames[paneFrames.count &- 1].geometry.layout.plot
        // How far from a changed point its pixels can reach: the widest pen's half, its
        // anti-aliased fringe, and the legend marker at a line's end.
        let reach = penReach * 0.5 + 2
        // A lone point's dot reaches further than the pen (``LineMark/loneDotWidth(forLineWidth:)``).
        let dotReach = LineMark.loneDotWidth(forLineWidth: penReach) * 0.5 + 2

        // The boxes (pixels) where a line or candle changed: around a solid straight line's
        // changed segments; full height from the first change to the right edge for the others
        // (a dash pattern's phase, a curve's tangents, candles and their moving averages).
        changedSpans.removeAll(keepingCapacity: true)
        spanBounds = (Double(plot.minX), Double(plot.maxX), Double(last.maxY) - 1)
        spanGap = Double(Swift.max(16, textHeight))
        let open = Double(rect.maxX)
        let tall = (-Double.infinity, Double.infinity)
        for index in scratch.indices where readsLine[index] {
            let s = scratch[index]
            if localLine[index],
                changedSegments(of: s, reach: reach, dotReach: dotReach, area: areaSeries.contains(index))
            {
                continue
            }
            guard let x = firstChangedX(of: s) else { continue }
            addChangedBox(x - reach, open, tall)
        }
        if scratch.count > 1 {
            // Several series: a marker at each line's last point (``drawLastValues(of:_:into:)``).
            let half = Double(Swift.max(2, textHeight / 2 / 2) &+ 2)
            for s in scratch where s.keptCount != s.drawnKept || (s.keptCount > 0 && !Self.sameLastPoint(s)) {
                if s.keptCount > 0 { addMarkerBox(s.pixelXs[s.keptCount &- 1], s.pixelYs[s.keptCount &- 1], half) }
                if s.drawnKept > 0 { addMarkerBox(s.drawnXs[s.drawnKept &- 1], s.drawnYs[s.drawnKept &- 1], half) }
            }
        }
        if usesCandleSlots {
            let slotPixels = Double(plot.width) / Double(Swift.max(1, frame.slotCount))
            let body = Double(Swift.max(1, Int(Swift.max(2, 0.6 * slotPixels))))
            // Every candle kept its slot (``candlesKeepTheirSlots()``, checked above).
            for index in scratch.indices where readsSeries[index] {
                let s = scratch[index]
                guard let changed = firstChangedCandle(of: s) else { continue }
                if addChangedCandleBoxes(of: index, from: changed, body: body, reach: reach) { continue }
                // A line through the candles (a moving average) reaches back to the previous
                // candle it passes through: the last drawable one before.
                var previous = changed &- 1
                while linesThroughCandles, previous >= s.visibleCandles.lowerBound, !(s.candles[previous].isDrawable) {
                    previous &-= 1
                }
                if !linesThroughCandles { previous = changed }
                let geometry = paneFrames[0].geometry
                let from =
                    previous >= s.visibleCandles.lowerBound
                    ? Double(column(ofCandle: previous, in: s, geometry)) - body - reach : Double(plot.minX)
                addChangedBox(Swift.min(from, Double(column(ofCandle: changed, in: s, geometry)) - body - reach), open, tall)
            }
        }

        // The changed boxes (a little apart: joined), those reaching the plot's right edge
        // with the value strip beside them; the value strip; the rows of moved last-value
        // lines; the header's text.
        let singleTag = lastValueTagCount == 1
        // A pass costs about as much as storing some 60 000 pixels (its capsules, area columns
        // and row sweep are rebuilt): boxes are joined while that saves more than it adds, to at
        // most 8 (Bench kiosk: 18 % of one core so, 22 % at 30 000 and 12, 21.5 % at 150 000 and 5).
        joinChangedBoxes(passCost: 60_000, most: 8, rows: (Double(plot.minY), Double(last.maxY)))
        for box in changedSpans {
            let from = box.0 <= Double(plot.minX) ? plot.minX : Swift.min(plot.maxX, Int(box.0.rounded(.down)))
            let to = box.1 >= Double(plot.maxX) ? plot.maxX : Swift.max(plot.minX, Int(box.1.rounded(.up)) &+ 1)
            // With a single last-value tag the strip is redrawn only around it (below), so a box
            // stops at the plot's edge; else the whole strip is redrawn and boxes join it.
            let right = to >= plot.maxX && !singleTag ? rect.maxX : to
            let top = box.2 <= Double(plot.minY) ? plot.minY : Swift.min(last.maxY, Int(box.2.rounded(.down)))
            let bottom = box.3 >= Double(last.maxY) ? last.maxY : Swift.max(plot.minY, Int(box.3.rounded(.up)) &+ 1)
            if from < right, top < bottom { damage.append(PixelRect(minX: from, minY: top, maxX: right, maxY: bottom)) }
        }
        if !singleTag { appendDamage(PixelRect(minX: plot.maxX, minY: plot.minY, maxX: rect.maxX, maxY: last.maxY)) }
        let count = scratch.count
        for p in panes.indices {
            let geometry = paneFrames[p].geometry
            let plotOfPane = geometry.layout.plot
            for mark in panes[p].marks {
                for input in mark.inputs where input.need == .newest && scratch.indices.contains(input.series) {
                    let row = lastValueRow(of: scratch[input.series], geometry)
                    let old = d.tagRows[p &* count &+ input.series]
                    if singleTag {
                        // The tag shows the newest value (its text may change on the same row)
                        // and hides the axis labels it overlaps: its old and new bands.
                        if old != .min { appendDamage(tagBand(row: old, geometry, in: rect)) }
                        if row != .min, row != old { appendDamage(tagBand(row: row, geometry, in: rect)) }
                    }
                    guard row != old, !lastValueLineUnderlaid else { continue }
                    // The line is one row tall (``drawDashes(row:column:color:clip:into:)``).
                    if old != .min { appendDamage(PixelRect(minX: plotOfPane.minX, minY: old, maxX: plotOfPane.maxX, maxY: old &+ 1)) }
                    if row != .min { appendDamage(PixelRect(minX: plotOfPane.minX, minY: row, maxX: plotOfPane.maxX, maxY: row &+ 1)) }
                }
            }
        }
        joinDamage(passCost: 60_000)
        appendHeaderDamage(since: d.header)
        return true
    }

    /// Lists the parts of the header that can differ from the last frame's, whose text and
    /// badges lay in `before`: from its left edge to the further end of the two frames' series
    /// items, and from the nearer start of their badges and tick count to its right edge,
    /// each widened by a digit's advance for glyphs that reach past their advance. The
    /// columns between hold only background in both frames. Listed after the plot's
    /// rectangles are joined: a pass over the header alone stores only the header, so it is
    /// never worth joining to a box of the plot. O(series + text length), no allocation.
    func appendHeaderDamage(since before: HeaderExtent) {
        let header = paneFrames[0].geometry.layout.header
        guard options.showsHeader, !header.isEmpty else { return }
        let now = drawHeader(paneFrames[0].geometry, into: nil)
        headerExtent = now
        let space = glyphs.digitAdvance
        let itemsEnd = Swift.max(now.itemsEnd, before.itemsEnd) &+ space
        let rightStart = Swift.min(now.rightStart, before.rightStart) &- space
        guard itemsEnd < rightStart else {
            damage.append(header)
            return
        }
        let items = PixelRect(minX: header.minX, minY: header.minY, maxX: itemsEnd, maxY: header.maxY).intersection(header)
        let badges = PixelRect(minX: rightStart, minY: header.minY, maxX: header.maxX, maxY: header.maxY).intersection(header)
        if !items.isEmpty { damage.append(items) }
        if !badges.isEmpty { damage.append(badges) }
    }

    /// Records boxes around each candle of series `index` from `first` on that differs from the
    /// last frame's: its slot's columns over the rows the marks reading the series' candles say
    /// the change can reach (``ChartMark/rowsChanged(byCandle:becoming:in:)``), one box per
    /// pane, in place of the candle's columns at full height (a candle's price range is a few
    /// dozen rows of a plot a thousand tall: Bench kiosk). Returns false when a mark does not
    /// say; the boxes recorded before that only widen the damage. O(changed candles × marks),
    /// no allocation.
    func addChangedCandleBoxes(of index: Int, from first: Int, body: Double, reach: Double) -> Bool {
        let s = scratch[index]
        for i in first..<s.copiedCandleCount where !Self.sameBits(s.candles[i], s.drawnCandles[i]) {
            let x = Double(column(ofCandle: i, in: s, paneFrames[0].geometry))
            for p in panes.indices {
                var rows = RowSpan()
                for mark in panes[p].marks {
                    for input in mark.inputs where input.series == index && input.need == .candles {
                        guard let reached = mark.rowsChanged(byCandle: s.drawnCandles[i], becoming: s.candles[i], in: paneFrames[p].geometry),
                            reached.isKnown
                        else { return false }
                        rows.include(reached)
                    }
                }
                if !rows.isEmpty { addChangedBox(x - body - reach, x + body + reach, (rows.top - reach, rows.bottom + reach)) }
            }
        }
        return true
    }

    /// After a partial frame's passes (which left the last-value line out): saves the pixels
    /// under the line's row for the next frame and draws the line over them, as
    /// ``drawLastValues(of:_:into:)`` does in a whole frame, where nothing later touches the
    /// row (``lastValueUnderlayMark``). Lists for the display the row `removed` (where the
    /// last frame's line was taken away) and the new row, when the line moved: elsewhere the
    /// line is redrawn over the very pixels it covered. O(plot width), no allocation.
    func redrawLastValueLine(into fb: Framebuffer, removed: PixelRect) {
        guard let (pane, index) = lastValueUnderlayMark else { return }
        let plot = paneFrames[pane].geometry.layout.plot
        let row = lastValueRow(of: scratch[index], paneFrames[pane].geometry)
        lastValueUnderlay.save(row: row, columns: plot, from: fb)
        lastValueUnderlay.current = true
        if lastValueUnderlay.row != .min { drawDashes(row: row, color: seriesColor(index), clip: plot, into: fb) }
        guard (removed.isEmpty ? Int.min : removed.minY) != lastValueUnderlay.row else { return }
        if !removed.isEmpty { damage.append(removed) }
        if lastValueUnderlay.row != .min {
            damage.append(PixelRect(minX: plot.minX, minY: row, maxX: plot.maxX, maxY: row &+ 1).intersection(fb.scissor))
        }
    }

    /// Replaces two damaged rectangles by their bounding box where that adds fewer than
    /// `passCost` pixels (the same trade as ``joinChangedBoxes(passCost:most:rows:)``: each
    /// rectangle is one pass through the marks). Joins what the boxes cannot: the tag's old and
    /// new bands, which overlap when the value moved a few rows, and the last-value line's old
    /// and new rows, each a full-width pass one row tall. O(rectangles³) over at most a dozen,
    /// no allocation.
    func joinDamage(passCost: Int) {
        @inline(__always) func area(_ r: PixelRect) -> Int { r.width &* r.height }
        var i = 0
        while i < damage.count {
            var joined = false
            var j = i &+ 1
            while j < damage.count {
                let a = damage[i]
                let b = damage[j]
                let box = PixelRect(
                    minX: Swift.min(a.minX, b.minX), minY: Swift.min(a.minY, b.minY),
                    maxX: Swift.max(a.maxX, b.maxX), maxY: Swift.max(a.maxY, b.maxY))
                if area(box) &- area(a) &- area(b) < passCost {
                    damage[i] = box
                    damage.remove(at: j)
                    joined = true
                } else {
                    j &+= 1
                }
            }
            // A grown rectangle may now join one before it: look again from the start.
            i = joined ? 0 : i &+ 1
        }
    }

    /// The value strip's rows a single last-value tag on `row` can store to in `geometry`'s
    /// pane: the tag where ``drawLastValues(of:_:into:)`` puts a lone tag (centred on the row,
    /// kept inside the strip), widened by a text line and its gap each way, which covers every
    /// axis label the tag can hide or uncover (``overlapsLastValueTag(_:)``). O(1).
    func tagBand(row: Int, _ geometry: ChartGeometry, in rect: PixelRect) -> PixelRect {
        let strip = geometry.layout.valueAxis
        let tagHeight = valueTagHeight
        let top = Swift.max(strip.minY, Swift.min(row &- tagHeight / 2, strip.maxY &- tagHeight))
        let reach = textHeight &+ 2
        let plot = geometry.layout.plot
        return PixelRect(minX: plot.maxX, minY: top &- reach, maxX: rect.maxX, maxY: top &+ tagHeight &+ reach)
            .intersection(PixelRect(minX: plot.maxX, minY: strip.minY, maxX: rect.maxX, maxY: strip.maxY))
    }

    /// Whether every series read as candles has the last frame's candles in the same slots
    /// (the same count, visible range, width and start times: the time labels come from them)
    /// and changed none older than the visible ones (a moving average's warm-up), so a partial
    /// frame can redraw just the changed candles' columns. O(visible candles).
    func candlesKeepTheirSlots() -> Bool {
        for index in scratch.indices where readsSeries[index] {
            let s = scratch[index]
            guard s.drawnCandles.count >= s.copiedCandleCount, s.drawnCandleCount == s.copiedCandleCount,
                s.drawnVisibleCandles == s.visibleCandles, s.drawnCandleWidth == s.candleWidth
            else { return false }
            for i in s.visibleCandles where s.candles[i].startTime != s.drawnCandles[i].startTime { return false }
            if let changed = firstChangedCandle(of: s), changed < s.visibleCandles.lowerBound { return false }
        }
        return true
    }

    /// Whether the last kept point is bit for bit the last frame's.
    static func sameLastPoint(_ s: SeriesScratch) -> Bool {
        s.pixelXs[s.keptCount &- 1].bitPattern == s.drawnXs[s.drawnKept &- 1].bitPattern
            && s.pixelYs[s.keptCount &- 1].bitPattern == s.drawnYs[s.drawnKept &- 1].bitPattern
    }

    /// A box around a legend marker centred on the point (x, y), `half` pixels each way.
    func addMarkerBox(_ x: Double, _ y: Double, _ half: Double) {
        guard x.isFinite, y.isFinite else { return }
        addChangedBox(x - half - 1, x + half + 1, (y - half - 1, y + half + 1))
    }

    /// Records that x `from...to`, rows `rows` (pixels) changed, cut to the plot's columns
    /// (points left of it, older than the first visible candle, are clipped away). Past the
    /// reserved room the boxes are joined first.
    func addChangedBox(_ from: Double, _ to: Double, _ rows: (Double, Double)) {
        let lower = Swift.max(from, spanBounds.0)
        let upper = Swift.min(to, spanBounds.1)
        guard lower <= upper, rows.0 <= rows.1 else { return }
        if changedSpans.count == changedSpans.capacity {
            compactions &+= 1
            joinChangedBoxes(passCost: 30_000, most: changedSpans.capacity / 2, rows: (-.infinity, .infinity))
        }
        changedSpans.append((lower, upper, rows.0, rows.1))
    }

    /// Joins changed boxes, in x order, into their bounding box where that adds fewer than
    /// `passCost` pixels (rows cut to `rows`): a pass over a rectangle costs about as much as
    /// storing that many; then, while more than `most` are left, again at twice the cost.
    /// O(boxes) per pass (the boxes come nearly sorted), no allocation.
    func joinChangedBoxes(passCost: Double, most: Int, rows: (Double, Double)) {
        sortChangedBoxes(from: 0)
        @inline(__always) func area(_ b: (Double, Double, Double, Double)) -> Double {
            (b.1 - b.0 + 1) * Swift.max(0, Swift.min(b.3, rows.1) - Swift.max(b.2, rows.0) + 1)
        }
        joinChunks(from: 0)
        var cost = passCost
        while true {
            var written = 0
            for i in 0..<changedSpans.count {
                let b = changedSpans[i]
                if written > 0 {
                    let a = changedSpans[written &- 1]
                    let joined = Self.boundingBox(a, b)
                    if area(joined) - area(a) - area(b) < cost {
                        changedSpans[written &- 1] = joined
                        continue
                    }
                }
                changedSpans[written] = b
                written &+= 1
            }
            changedSpans.removeLast(changedSpans.count &- written)
            guard changedSpans.count > most else { return }
            cost *= 2
        }
    }

    /// Joins the changed boxes from `start` on (sorted) that start in the same 96 columns, so
    /// that a tall narrow box (where an area fill starts or ends) is not then joined, a few
    /// pixels at a time, with a whole line. O(boxes), no allocation.
    func joinChunks(from start: Int) {
        let chunk = 96.0
        var written = start
        for i in start..<changedSpans.count {
            let b = changedSpans[i]
            if written > start, (changedSpans[written &- 1].0 / chunk).rounded(.down) == (b.0 / chunk).rounded(.down) {
                let a = changedSpans[written &- 1]
                changedSpans[written &- 1] = Self.boundingBox(a, b)
            } else {
                changedSpans[written] = b
                written &+= 1
            }
        }
        changedSpans.removeLast(changedSpans.count &- written)
    }

    /// The smallest box (first and last column, first and last row) holding `a` and `b`. O(1).
    @inline(__always)
    static func boundingBox(
        _ a: (Double, Double, Double, Double), _ b: (Double, Double, Double, Double)
    ) -> (Double, Double, Double, Double) {
        (Swift.min(a.0, b.0), Swift.max(a.1, b.1), Swift.min(a.2, b.2), Swift.max(a.3, b.3))
    }

    /// Sorts the changed boxes from `start` on by their first column (insertion sort: they come
    /// nearly sorted). No allocation.
    func sortChangedBoxes(from start: Int) {
        guard changedSpans.count &- start > 1 else { return }
        for i in (start &+ 1)..<changedSpans.count {
            var j = i
            while j > start, changedSpans[j &- 1].0 > changedSpans[j].0 {
                changedSpans.swapAt(j, j &- 1)
                j &-= 1
            }
        }
    }

    /// Sorts the changed boxes by x, joins those whose columns lie less than `gap` apart into
    /// their bounding box (from `start` on), and joins the closest until at most `most` are left.
    /// O(boxes²) on a few dozen, no allocation.
    func mergeChangedBoxes(gap: Double, most: Int, start: Int = 0) {
        guard changedSpans.count &- start > 1 else { return }
        sortChangedBoxes(from: start)
        @inline(__always) func join(_ a: Int, _ b: Int) {
            changedSpans[a] = Self.boundingBox(changedSpans[a], changedSpans[b])
        }
        var written = start
        for i in start..<changedSpans.count {
            if written > start, changedSpans[i].0 <= changedSpans[written &- 1].1 + gap {
                join(written &- 1, i)
            } else {
                changedSpans[written] = changedSpans[i]
                written &+= 1
            }
        }
        changedSpans.removeLast(changedSpans.count &- written)
        while changedSpans.count &- start > most {
            var best = start &+ 1
            for i in (start &+ 1)..<changedSpans.count
            where changedSpans[i].0 - changedSpans[i &- 1].1 < changedSpans[best].0 - changedSpans[best &- 1].1 {
                best = i
            }
            join(best &- 1, best)
            changedSpans.remove(at: best)
        }
    }

    /// For a solid straight line: records a box around every capsule (segment, or lone point's
    /// dot) that the last frame's polyline or this frame's has and the other lacks, and returns
    /// true. A stroke's pixel depends only on the capsules within its reach (the column sweep
    /// takes the nearest one's coverage), so pixels away from those are unchanged. With an
    /// `area` under the line, a column's fill changes between the old and the new line heights
    /// there, which lie on the capsules over the column (changed or not), so each box also
    /// spans those; and where a run of the line starts or ends (the fill appears or goes), it
    /// reaches down to the plot's bottom. False (nothing recorded) when either polyline's x
    /// turns back: the stroke may then take the general path, which blends in drawing order.
    /// O(kept points × boxes), no allocation.
    /// A lone point's dot reaches `dotReach` (``LineMark/loneDotWidth(forLineWidth:)``).
    func changedSegments(of s: SeriesScratch, reach: Double, dotReach: Double, area: Bool) -> Bool {
        let oldXs = UnsafeBufferPointer(rebasing: s.drawnXs[0..<s.drawnKept])
        let oldYs = UnsafeBufferPointer(rebasing: s.drawnYs[0..<s.drawnKept])
        let newXs = UnsafeBufferPointer(rebasing: s.pixelXs[0..<s.keptCount])
        let newYs = UnsafeBufferPointer(rebasing: s.pixelYs[0..<s.keptCount])
        guard s.drawnXAscending, s.keptXAscending else { return false }
        let first = changedSpans.count
        let compactionsBefore = compactions
        @inline(__always) func add(_ c: CapsuleWalk.Capsule) {
            let reach = c.ax == c.bx && c.ay == c.by ? dotReach : reach
            addChangedBox(
                Swift.min(c.ax, c.bx) - reach, Swift.max(c.ax, c.bx) + reach,
                (Swift.min(c.ay, c.by) - reach, Swift.max(c.ay, c.by) + reach))
        }
        CapsuleWalk.forEachUnmatched(old: (oldXs, oldYs), new: (newXs, newYs)) { add($0) }
        guard area else { return true }
        // Columns the fill covers in one frame and not in the other (the runs' x extents
        // differ there): from the line down to the bottom.
        var oldRuns = RunWalk(xs: oldXs, ys: oldYs)
        var newRuns = RunWalk(xs: newXs, ys: newYs)
        var oldEdge = oldRuns.nextEdge()
        var newEdge = newRuns.nextEdge()
        var inOld = false
        var inNew = false
        var differsFrom = 0.0
        while oldEdge != nil || newEdge != nil {
            // The next edge in x; edges at the same x in both toggle both.
            let x = Swift.min(oldEdge ?? .infinity, newEdge ?? .infinity)
            let before = inOld != inNew
            if oldEdge == x {
                inOld.toggle()
                oldEdge = oldRuns.nextEdge()
            }
            if newEdge == x {
                inNew.toggle()
                newEdge = newRuns.nextEdge()
            }
            let after = inOld != inNew
            if !before && after { differsFrom = x }
            if before && !after { addChangedBox(differsFrom - reach, x + reach, (spanBounds.2, .infinity)) }
        }
        // Boxes compacted meanwhile may hold this series' changes anywhere: widen them all.
        let from = compactions == compactionsBefore ? first : 0
        guard changedSpans.count > from else { return true }
        // This series' boxes sorted and joined by column chunks (as the final join would), then
        // each widened over the rows of every capsule above its columns in either frame: a
        // changed column's old and new fill tops lie there.
        sortChangedBoxes(from: from)
        joinChunks(from: from)
        widenOverCapsules(xs: oldXs, ys: oldYs, from: from)
        widenOverCapsules(xs: newXs, ys: newYs, from: from)
        return true
    }

    /// Widens the rows of the changed boxes from `first` on (sorted by x) over every capsule of
    /// the polyline whose columns they overlap; the polyline's x never turns back, so a sliding
    /// window of its points does it. O(points + boxes + overlaps).
    func widenOverCapsules(xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>, from first: Int) {
        let n = Swift.min(xs.count, ys.count)
        @inline(__always) func finite(_ k: Int) -> Bool { k >= 0 && k < n && xs[k].isFinite && ys[k].isFinite }
        var lo = 0
        for k in first..<changedSpans.count {
            let box = changedSpans[k]
            // Points whose next finite point still lies left of the box cannot reach it.
            while lo < n, !(finite(lo) && xs[lo] >= box.0), !(finite(lo &+ 1) && xs[lo &+ 1] >= box.0) { lo &+= 1 }
            var top = box.2
            var bottom = box.3
            var i = Swift.max(0, lo &- 1)
            while i < n {
                if finite(i) {
                    if xs[i] > box.1 && (!finite(i &- 1) || xs[i &- 1] > box.1) { break }
                    top = Swift.min(top, ys[i])
                    bottom = Swift.max(bottom, ys[i])
                }
                i &+= 1
            }
            changedSpans[k].2 = top
            changedSpans[k].3 = bottom
        }
    }

    /// Adds `r` unless it is empty or already covered by a rectangle listed.
    func appendDamage(_ r: PixelRect) {
        guard !r.isEmpty else { return }
        for listed in damage where listed.intersection(r) == r { return }
        damage.append(r)
    }

    /// Whether two frames place a pane's unchanged pixels alike: same domain, scale, rows and
    /// geometry (x in candle slots does not depend on the time origin).
    static func samePlacement(_ a: PaneFrame, _ b: PaneFrame, slots: Bool) -> Bool {
        guard a.hasData == b.hasData, a.valueLower == b.valueLower, a.valueUpper == b.valueUpper,
            a.logarithmic == b.logarithmic, a.valueScale == b.valueScale, a.rows == b.rows
        else { return false }
        guard slots else { return a.geometry == b.geometry }
        var ga = a.geometry
        var gb = b.geometry
        ga.timeOrigin = 0
        gb.timeOrigin = 0
        return ga == gb
    }

    /// The row a last-value line of `s` is drawn on in `geometry` (`Int.min`: none), as
    /// ``drawLastValues(of:_:into:)`` computes it.
    func lastValueRow(of s: SeriesScratch, _ geometry: ChartGeometry) -> Int {
        guard let newest = s.newest, newest.value.isFinite else { return .min }
        return PixelRect.snap(geometry.pixelY(ValueSanitizer.clampForScale(newest.value)) - 0.5)
    }

    /// The smallest x (pixels) of the points around the first kept point that differs from the
    /// last frame's (bit for bit: a gap's NaN equals a gap's NaN), over both frames' points from
    /// three before it on (a monotone curve's tangents look one point further each way); nil
    /// when the line is unchanged. O(kept points).
    func firstChangedX(of s: SeriesScratch) -> Double? {
        let new = s.keptCount
        let old = s.drawnKept
        let common = Swift.min(new, old)
        var k = 0
        while k < common, s.pixelXs[k].bitPattern == s.drawnXs[k].bitPattern, s.pixelYs[k].bitPattern == s.drawnYs[k].bitPattern {
            k &+= 1
        }
        guard k < common || new != old else { return nil }
        let from = Swift.max(0, k &- 3)
        var least = Double.infinity
        for i in from..<new where s.pixelXs[i].isFinite { least = Swift.min(least, s.pixelXs[i]) }
        for i in from..<old where s.drawnXs[i].isFinite { least = Swift.min(least, s.drawnXs[i]) }
        // Only gaps changed: nothing drawn moved, but stay safe with the changed index's side.
        return least.isFinite ? least : nil
    }

    /// The first copied candle that differs from the last frame's copy (bit for bit), nil when
    /// none does. O(copied candles).
    func firstChangedCandle(of s: SeriesScratch) -> Int? {
        for i in 0..<s.copiedCandleCount where !Self.sameBits(s.candles[i], s.drawnCandles[i]) { return i }
        return nil
    }

    @inline(__always)
    static func sameBits(_ a: Candle, _ b: Candle) -> Bool {
        a.startTime == b.startTime && a.tickCount == b.tickCount && a.open.bitPattern == b.open.bitPattern
            && a.high.bitPattern == b.high.bitPattern && a.low.bitPattern == b.low.bitPattern
            && a.close.bitPattern == b.close.bitPattern && a.volume.bitPattern == b.volume.bitPattern
    }

    /// Keeps what this frame was drawn from for the next ``collectDamage(into:in:)``, but for
    /// the series' points and candles, which the next frame takes over by swapping buffers
    /// (``SeriesScratch/retireDrawnFrame()``). O(panes × marks), no allocation.
    func recordDrawnFrame(_ fb: Framebuffer, _ rect: PixelRect) {
        drawn.valid = true
        drawn.framebuffer = ObjectIdentifier(fb)
        drawn.rect = rect
        drawn.stripWidth = valueStripWidth
        drawn.windowStart = frame.windowStart
        drawn.windowEnd = frame.windowEnd
        drawn.slotCount = frame.slotCount
        drawn.hasData = frame.hasData
        drawn.stale = isStale
        drawn.crosshair = crosshair
        drawn.header = headerExtent
        for p in paneFrames.indices { drawn.panes[p] = paneFrames[p] }
        let count = scratch.count
        for i in drawn.tagRows.indices { drawn.tagRows[i] = .min }
        for p in panes.indices {
            for mark in panes[p].marks {
                for input in mark.inputs where input.need == .newest && scratch.indices.contains(input.series) {
                    drawn.tagRows[p &* count &+ input.series] = lastValueRow(of: scratch[input.series], paneFrames[p].geometry)
                }
            }
        }
    }
}

/// The capsules a stroke draws for a polyline, in order: a segment between two consecutive
/// finite points, a dot for a finite point with no finite neighbour (as `Rasterizer` draws
/// them, pixel coordinates as given).
struct CapsuleWalk {
    struct Capsule {
        var ax, ay, bx, by: Double
        func sameBits(_ o: Capsule) -> Bool {
            ax.bitPattern == o.ax.bitPattern && ay.bitPattern == o.ay.bitPattern && bx.bitPattern == o.bx.bitPattern
                && by.bitPattern == o.by.bitPattern
        }
    }

    let xs: UnsafeBufferPointer<Double>
    let ys: UnsafeBufferPointer<Double>
    var i = 0

    init(xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>) {
        self.xs = xs
        self.ys = ys
    }

    @inline(__always)
    func finite(_ k: Int) -> Bool { k >= 0 && k < xs.count && xs[k].isFinite && ys[k].isFinite }

    /// Calls `body` with every capsule of either polyline that the other does not draw at the
    /// same place in the sequence (bit for bit), in x order as far as the walks can tell (a
    /// poor match only reports more). O(points), allocates nothing.
    static func forEachUnmatched(
        old: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>),
        new: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>), _ body: (Capsule) -> Void
    ) {
        var a = CapsuleWalk(xs: old.0, ys: old.1)
        var b = CapsuleWalk(xs: new.0, ys: new.1)
        var ca = a.next()
        var cb = b.next()
        while ca != nil || cb != nil {
            if let x = ca, let y = cb, x.sameBits(y) {
                // Most of a line is the last frame's, point for point: past a matching capsule,
                // the run of equal points is skipped in blocks, not capsule by capsule.
                skipEqualPoints(&a, &b)
                ca = a.next()
                cb = b.next()
                continue
            }
            // Report the one that comes first in x (either when they tie): an unmatched capsule
            // is always reported, whatever the order, so a poor match only widens the damage.
            if let x = ca, cb == nil || x.ax < cb!.ax || (x.ax == cb!.ax && x.bx <= cb!.bx) {
                body(x)
                ca = a.next()
            } else if let y = cb {
                body(y)
                cb = b.next()
            }
        }
    }

    /// Moves both walks past the points after their positions that are equal bit for bit in
    /// both (the same x and y at the same offset from each position), up to the last such
    /// point: every capsule skipped so lies between equal points in both, with equal
    /// neighbours, so it would have matched. Call after both walks returned matching
    /// capsules. O(equal points), compared 32 at a time with `memcmp`.
    static func skipEqualPoints(_ a: inout CapsuleWalk, _ b: inout CapsuleWalk) {
        let available = Swift.min(a.xs.count &- a.i, b.xs.count &- b.i)
        guard available > 1 else { return }
        var equal = 0
        let block = 32
        @inline(__always) func same(_ from: Int, _ count: Int) -> Bool {
            let bytes = count &* MemoryLayout<Double>.stride
            return memcmp(a.xs.baseAddress! + (a.i &+ from), b.xs.baseAddress! + (b.i &+ from), bytes) == 0
                && memcmp(a.ys.baseAddress! + (a.i &+ from), b.ys.baseAddress! + (b.i &+ from), bytes) == 0
        }
        while equal &+ block <= available, same(equal, block) { equal &+= block }
        while equal < available, same(equal, 1) { equal &+= 1 }
        // The last equal point stays to start the next capsule, which depends on the point after.
        guard equal > 1 else { return }
        a.i &+= equal &- 1
        b.i &+= equal &- 1
    }

    mutating func next() -> Capsule? {
        while i < xs.count {
            let k = i
            i &+= 1
            guard finite(k) else { continue }
            if finite(k &+ 1) { return Capsule(ax: xs[k], ay: ys[k], bx: xs[k &+ 1], by: ys[k &+ 1]) }
            if !finite(k &- 1) { return Capsule(ax: xs[k], ay: ys[k], bx: xs[k], by: ys[k]) }
        }
        return nil
    }
}

/// The x extents of a polyline's runs of two or more finite points (what an area under it
/// covers), as edges in order: a run's first x, then its last x. For x that never turns back.
struct RunWalk {
    let xs: UnsafeBufferPointer<Double>
    let ys: UnsafeBufferPointer<Double>
    var i = 0
    var pendingEnd: Double?

    init(xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>) {
        self.xs = xs
        self.ys = ys
    }

    @inline(__always)
    func finite(_ k: Int) -> Bool { k < xs.count && xs[k].isFinite && ys[k].isFinite }

    mutating func nextEdge() -> Double? {
        if let end = pendingEnd {
            pendingEnd = nil
            return end
        }
        while i < xs.count {
            guard finite(i) else {
                i &+= 1
                continue
            }
            let start = i
            while finite(i &+ 1) { i &+= 1 }
            let end = i
            i &+= 1
            guard end > start else { continue }  // a lone point: a dot, no fill
            pendingEnd = xs[end]
            return xs[start]
        }
        return nil
    }
}
