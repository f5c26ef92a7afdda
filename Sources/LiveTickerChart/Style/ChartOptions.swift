import LiveTickerCore
import LiveTickerDownsampling

/// What a ``LiveTickerChart`` shows and how.
public struct ChartOptions: Sendable {
    /// Which marks represent a series.
    public enum Kind: String, Sendable, CaseIterable {
        /// A line through the (downsampled) ticks, with an optional area fill.
        case line
        /// OHLC candles by slot: wick and body, up/down colours.
        case candles
        /// Candles with the tick line drawn over them, aligned to the candle slots.
        case both
    }

    /// Which part of the history is visible.
    public enum Window: Sendable, Equatable {
        /// Follow the newest data, like `tail -f`: a span of `nanoseconds` ending at the latest
        /// tick; `nil` shows everything the history holds.
        case follow(nanoseconds: Int64?)
        /// A fixed time range `[from, to]` in ns since the epoch.
        case fixed(from: Int64, to: Int64)

        /// Follow the newest data over `span` (e.g. `.follow(.minutes(10))`); a span of zero
        /// or less shows everything held. O(1).
        public static func follow(_ span: Duration) -> Window {
            let (seconds, attoseconds) = span.components
            let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            let nanoseconds = overflow ? Int64.max : whole.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
            return .follow(nanoseconds: nanoseconds > 0 ? nanoseconds : nil)
        }

        /// Everything the history holds.
        public static let everything = Window.follow(nanoseconds: nil)

        /// The span this window asks for before any data is seen, in ns: a follow span, or a
        /// fixed range's length (`Int64.max` past its range); nil for everything held (its span
        /// is the history's). What the candle ladder fills. O(1).
        public var requestedSpan: Int64? {
            switch self {
            case .follow(let span?) where span > 0: return span
            case .follow: return nil
            case .fixed(let from, let to):
                let (span, overflow) = Swift.max(from, to).subtractingReportingOverflow(Swift.min(from, to))
                return overflow ? .max : span
            }
        }
    }

    /// Marks to draw. Default: ``Kind/line``.
    public var kind: Kind = .line
    /// Visible window. Default: follow, everything held.
    public var window: Window = .follow(nanoseconds: nil)
    /// Whether candle charts choose the candle interval themselves each frame, from the span
    /// they show: the first of 1s, 5s, 15s, 30s, 1m, 5m, 15m, 1h, 4h, 1d, 1w (a whole multiple
    /// of the source's interval) that puts at most 150 candles in it, fewer on a narrow panel
    /// so a candle keeps about 6 px (``CandleInterval/ladderWidth(forSpan:base:maxCandles:)``),
    /// merging the source's finer candles on the ``timeZone``'s calendar. Default false: the
    /// source's own candles. Has no effect on tick-count candles.
    public var automaticCandles = false
    /// Downsampler run every frame on the visible ticks (to the plot width). Default: LTTB.
    public var algorithm: DownsamplingAlgorithm = .lttb
    /// Pen width of series lines in pixels (≥ 1; anti-aliased). Default 1.5.
    public var lineWidth: Double = 1.5
    /// Whether series 2 and later draw their lines dashed (dashes, dots, dash-dots, by index;
    /// the legend shows each pattern), so they differ without colour. Default true.
    public var dashesSeries = true
    /// Whether the first series gets an alpha-blended area fill down to the plot bottom.
    public var areaFill = true
    /// Horizontal alarm lines at these values (drawn over the data).
    public var thresholds: [Double] = []
    /// Colours.
    public var theme: ChartTheme = .dark
    /// Quarter turns clockwise for portrait-mounted panels.
    public var rotation: ChartRotation = .none
    /// Integer text scale; nil picks one from the frame size (1 up to 1439 px tall, then 2, …).
    public var textScale: Int?
    /// Whether to draw the header strip (series name, last value, change, tick count).
    public var showsHeader = true
    /// Words at the header's start, before the series' items (a wall panel's title over
    /// several series, whose names the items give): whole while the items still show their
    /// values after it, else shortened with "..." to the room they leave, or left out when
    /// a few letters would not fit. nil, the default: none. Text is drawn as Windows-1252.
    public var caption: String?
    /// The time zone the time axis, the crosshair's time and calendar candles follow
    /// (daylight saving included: ticks sit on local full hours and midnights). Default UTC.
    public var timeZone: TimeZoneRules = .utc
    /// A fixed offset from UTC, in seconds, for the time axis: shorthand for
    /// `timeZone = TimeZoneRules(fixedOffsetSeconds:)` (no daylight saving). Reads the
    /// zone's fixed offset back (0 for a zone with daylight saving).
    public var utcOffsetSeconds: Int {
        get { timeZone.isFixedOffset ? timeZone.offset(atUTCSeconds: 0) : 0 }
        set { timeZone = newValue == 0 ? .utc : TimeZoneRules(fixedOffsetSeconds: newValue) }
    }
    /// A time (ns since the epoch) to mark with a crosshair (see ``LiveTickerChart/crosshair``);
    /// nil, the default, draws none.
    public var crosshair: Int64?

    /// What the header shows of each series' change since the oldest value held.
    public enum Change: String, Sendable, CaseIterable {
        /// ``both`` for prices, ``none`` for a series whose source holds measurements
        /// (``ChartSource/holdsMeasurements``: telemetry, where a change since the first sample
        /// means little).
        case automatic = "auto"
        /// Absolute and percent: `+1.60 (+1.58%)` (prices).
        case both
        /// `+1.60` only.
        case absolute
        /// `+1.58%` only.
        case percent
        /// Nothing (telemetry, where a change since the first sample means little).
        case none
    }

    /// The header's change. Default ``Change/automatic``.
    public var change: Change = .automatic
    /// After how many ns without a new tick the header shows a `STALE` badge with the last
    /// tick's time (needs ``clock``); nil, the default, never.
    public var staleAfter: Int64?
    /// The current time in ns since the epoch, for ``staleAfter`` (a wall clock the app reads;
    /// called once per frame).
    public var clock: (@Sendable () -> Int64)?

    /// Defaults: dark theme, LTTB, 1.5-px lines with an area fill, follow everything held.
    public init() {}
}
