/// When a growing count is logged: the first time it is above zero, then each time it has
/// doubled since it was last logged. A kiosk whose feed or clock is wrong for months writes
/// a few dozen lines, not one a frame. Used by the time-guard and bad-line logs.
enum DoublingSchedule {
    /// Whether `count` is due a line, `logged` having been logged last (0: never); when it
    /// is, `logged` becomes `count`. O(1).
    static func due(_ count: Int, logged: inout Int) -> Bool {
        guard count > logged, logged == 0 || count >= 2 * logged else { return false }
        logged = count
        return true
    }
}
