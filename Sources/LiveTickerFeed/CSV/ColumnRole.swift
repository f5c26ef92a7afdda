/// What the reader does with one CSV column. Stored as a byte per column in the hot loop.
enum ColumnRole: UInt8 {
    case ignore = 0, time, value, size, bid, ask, symbol, date, open, high, low, moreValue
}
