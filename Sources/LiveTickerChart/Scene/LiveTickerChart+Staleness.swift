extension LiveTickerChart {
    /// Whether the header shows its `STALE` badge: ``ChartOptions/staleAfter`` is set, the
    /// ``ChartOptions/clock`` reads more than that past the newest tick drawn. A wall redraws
    /// a panel when this flips, even though no tick arrived (silence is the news).
    /// O(series) plus one clock read; no allocation.
    public var isStale: Bool {
        guard let stale = options.staleAfter, let now = options.clock?(), let newest = newestTickTime() else { return false }
        return now &- newest > stale
    }
}
