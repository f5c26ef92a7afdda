extension Duration {
    /// `count` minutes, for chart windows: `.follow(.minutes(10))`. O(1).
    public static func minutes(_ count: Int64) -> Duration { .seconds(count &* 60) }
    /// `count` hours, for chart windows: `.follow(.hours(8))`. O(1).
    public static func hours(_ count: Int64) -> Duration { .seconds(count &* 3600) }
}
