import LiveTickerChart
import Testing

/// ``RowSpan``: the rows a candle's change reaches, as marks report them to the damage.
@Suite("Row span: rows grown one by one, NaN not known")
struct RowSpanTests {
    @Test("empty until a row is included; rows and margins widen it; spans join")
    func grows() {
        var rows = RowSpan()
        #expect(rows.isEmpty && rows.isKnown)
        rows.include(40, margin: 1)
        #expect(!rows.isEmpty && rows.top == 39 && rows.bottom == 41)
        rows.include(10)
        rows.include(25, margin: 3)
        #expect(rows.top == 10 && rows.bottom == 41)
        var other = RowSpan(top: 60, bottom: 50)  // either order
        #expect(other.top == 50 && other.bottom == 60)
        other.include(rows)
        #expect(other.top == 10 && other.bottom == 60 && other.isKnown)
        // An empty span joins as nothing.
        other.include(RowSpan())
        #expect(other.top == 10 && other.bottom == 60)
    }

    @Test("±∞ and ±1.7e308 rows bound; a NaN row makes it not known, joined too")
    func edges() {
        var far = RowSpan(top: -.infinity, bottom: 1.7e308)
        #expect(far.isKnown && far.top == -.infinity && far.bottom == 1.7e308)
        far.include(.infinity)
        #expect(far.bottom == .infinity)
        var unknown = RowSpan()
        unknown.include(.nan, margin: 1)
        #expect(!unknown.isKnown && unknown.isEmpty)
        var joined = RowSpan(top: 1, bottom: 2)
        joined.include(unknown)
        #expect(!joined.isKnown)
        #expect(!RowSpan(top: .nan, bottom: 3).isKnown)
    }
}
