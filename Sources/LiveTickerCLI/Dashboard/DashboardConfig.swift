import LiveTickerChart
import LiveTickerCore
import LiveTickerDownsampling
import LiveTickerFeed
import LiveTickerMQTT
import LiveTickerRender
import LiveTickerTOML
import LiveTickerWebSocket

/// A dashboard file, checked and resolved: what `liveticker run` shows and `check` prints.
/// See `DashboardConfig+Parsing.swift` for the keys and their rules (and the README).
struct DashboardConfig {
    /// Where a source's ticks come from.
    enum SourceKind: Equatable {
        /// A tick file replayed (CSV or .ltk) at `speed`, optionally followed as it grows.
        case file(path: String, speed: ReplaySpeed, follow: Bool)
        /// A live endpoint: `-`, a growing file, `udp://…` or `tcp://…`.
        case live(String)
        /// An MQTT subscription (`mqtt://…/TOPIC/#`, `mqtts://`), one connection however many
        /// panels read its topics: a panel's `symbol` is a topic's symbol level.
        case mqtt(MQTTSource)
        /// A connect-out source: `ws://…`/`wss://…`, or `tcp://HOST:PORT` with `connect = true`;
        /// one connection however many panels read its symbols.
        case connect(ConnectSource)
    }

    /// A WebSocket or TCP client source's URL and options (the `live ws://` flags as keys).
    struct ConnectSource: Equatable {
        var url: String
        var settings: WebSocketSettings
        var format: PayloadFormat
        /// `subscribe`: TEXT, or @FILE read when the source starts.
        var subscribe: String?
        /// `json_value`, `json_time`, `json_symbol`: the payload's fields (as `--json-value` …).
        var jsonValue: String?
        var jsonTime: String?
        var jsonSymbol: String?
    }

    /// An MQTT source's URL and options (the `live mqtt://` flags as keys).
    struct MQTTSource: Equatable {
        var url: String
        var settings: MQTTSettings
        var format: PayloadFormat
        var topicSymbol: TopicSymbol
        /// `password_file`: read when the source starts (else LIVETICKER_MQTT_PASSWORD, else the URL's).
        var passwordFile: String?
    }

    struct Source: Equatable {
        var id: String
        var kind: SourceKind
        var candle: CandleInterval
        /// No `candle` given: each panel picks its interval from the human ladder over the span
        /// it shows, merging the candles the series aggregate
        /// (``DashboardSession/candleInterval(of:in:)``: the finest step a panel needs).
        var candleIsAutomatic = false
        var history: Int
        /// Symbol column name or index, value column… (the feed's own options).
        var symbolColumn: String?
        /// `max_ahead`: how far ahead of this machine's clock a live tick may be dated (ns;
        /// nil: "off"). See ``LiveTimeGuard``.
        var maximumLead: Int64? = LiveTimeGuard.defaultMaximumLead
    }

    struct Series {
        var source: String
        var symbol: String?
        var title: String?
        var style: SeriesStyle
    }

    enum Mark {
        case line(series: Int, interpolation: LineMark.Interpolation)
        /// A fill under `series`, following its line's `interpolation` in the same pane.
        case area(series: Int, interpolation: LineMark.Interpolation = .linear)
        case candles(series: Int)
        case volume(series: Int)
        case average(series: Int, kind: MovingAverageMark.Kind, color: RGBColor? = nil)
        case threshold(values: [Double], color: RGBColor?)
        case band(lower: Double, upper: Double, color: RGBColor?)
        case last(series: [Int])
    }

    struct PaneConfig {
        var weight: Double
        var scale: Pane.Scale
        var marks: [Mark]
    }

    struct Panel {
        var title: String?
        var place: GridPlace
        var window: ChartOptions.Window
        var series: [Series]
        var panes: [PaneConfig]
        var showsHeader: Bool
        /// `stale = "30s"`: the STALE badge after that long without a tick (nil: the file's
        /// `stale_after`, else never).
        var staleAfter: Int64?
        /// `change = "none"`: what the header shows of the change over the window (nil: the
        /// file's `change`, else `both`, as for prices; telemetry walls say "none").
        var change: ChartOptions.Change?
        var line: TOMLPosition
    }

    var path: String
    var title: String?
    var theme: ChartTheme = .dark
    var timeZone: String?
    var staleAfter: Int64?
    /// `change`: the header's change on every panel that does not say (nil: `both`).
    var change: ChartOptions.Change?
    /// `font`: "builtin", a TrueType/OpenType file or a PSF font (nil: DejaVu Sans when installed).
    var font: String?
    var output = "drm"
    var size: (width: Int, height: Int) = (1920, 1080)
    var mode: String?
    var connector: String?
    var algorithm: DownsamplingAlgorithm = .lttb
    var lineWidth = 1.5
    var textScale: Int?
    var grid = DashboardGrid(rows: 1, columns: 1)
    var sources: [Source] = []
    var panels: [Panel] = []
}
