/// Where a chart's header holds anything but background, in pixel columns: its series items
/// from the plot's left edge to `itemsEnd`, and the badges and tick count from `rightStart` to
/// the header's right edge (`rightStart` is the header's right edge when none is shown).
/// A partial frame redraws only these two spans of the header, widened by the spans of the
/// frame before (``LiveTickerChart/drawHeader(_:into:)`` lays them out).
struct HeaderExtent: Equatable {
    var itemsEnd: Int
    var rightStart: Int
}
