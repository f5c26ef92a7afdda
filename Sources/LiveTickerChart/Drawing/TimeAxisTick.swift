import LiveTickerScales

/// One tick of a frame's time axis: its pixel column, its label and the label's calendar
/// level (``LiveTickerChart/forEachTimeTick(_:_:)``). A plain value; the label is stored
/// inline, so a list of ticks with kept capacity allocates nothing.
struct TimeAxisTick {
    let x: Int
    let label: LabelText
    let level: CalendarLabel.Level
}
