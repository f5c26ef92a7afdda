import LiveTickerRender
import LiveTickerScales

#if canImport(Glibc)
import Glibc
#endif

extension LiveTickerChart {
    /// Calls `body` with each tick value of the current pane's logarithmic scale: the powers
    /// of ten inside its domain, plus 2× and 5× them when fewer than three decades show.
    /// O(decades shown), at most 60 calls.
    func forEachLogTick(_ body: (Double) -> Void) {
        let lower = frame.valueLower
        let upper = frame.valueUpper
        guard lower.isFinite, upper.isFinite, upper > lower else { return }
        let first = Int(max(-300, lower.rounded(.down)))
        let last = Int(min(300, upper.rounded(.up)))
        guard last >= first, last - first <= 60 else { return }
        let steps = upper - lower < 3 ? 3 : 1
        for decade in first...last {
            for k in 0..<steps {
                let value = (k == 0 ? 1 : k == 1 ? 2 : 5) * pow(10, Double(decade))
                let position = log10(value)
                if position >= lower, position <= upper { body(value) }
            }
        }
    }

    /// The current pane's logarithmic value labels, right of the plot (keeping clear of the
    /// last-value tags, like the linear labels).
    func drawLogLabels(_ geometry: ChartGeometry, into fb: Framebuffer) {
        let layout = geometry.layout
        let textHeight = self.textHeight
        let gap = max(4, textHeight / 2)
        forEachLogTick { value in
            let top = PixelRect.snap(geometry.pixelY(value)) &- textHeight / 2
            let box = PixelRect(x: layout.valueAxis.minX + gap, y: top, width: 1, height: textHeight)
            guard !overlapsLastValueTag(box) else { return }
            drawText(
                ValueLabel.trueValue(value), x: box.minX, y: top, color: options.theme.label, clip: layout.valueAxis,
                into: fb)
        }
    }
}
