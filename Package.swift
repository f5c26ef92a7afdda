// swift-tools-version:6.0
// LiveTicker: live tick streams to a chart on a display with no desktop.
//
// Module map (each module has one job; arrows are dependencies):
//   LiveTickerCore         ring buffer, ticks, live series, candles, civil calendar -> CLiveTickerKernels (huge pages; no Foundation)
//   LiveTickerDownsampling LTTB, MinMax, M4, MinMaxLTTB -> CLiveTickerKernels (no Foundation)
//   CLiveTickerKernels     downsampling, stroke-sweep, fill and plain-CSV-line kernels in C for AVX2 / AVX-512, chosen by CPU at run time
//   LiveTickerScales       nice numbers, time ticks, label formatting -> Core (no Foundation)
//   LiveTickerRender       framebuffer, rasteriser, fonts -> CLiveTickerKernels (no Foundation)
//   LiveTickerChart        layout, themes, LiveTickerChart  -> Core, Downsampling, Scales, Render
//   LiveTickerFreeType     TrueType/OpenType glyphs rendered once into an atlas -> Render, CFreeType
//   LiveTickerFiles        files replaced atomically (mkstemp, fsync, rename)
//   LiveTickerImageIO      PPM and PNG files                -> Render, CLiveTickerKernels (huge pages), CZlib, Files
//   LiveTickerDisplay      Display protocol, DRM/KMS, fbdev, picture files -> Render, ImageIO, CDRM
//   LiveTickerFeed         CSV, JSON, line-protocol and binary tick files, pacing, live sources, message payloads -> Core, CLiveTickerKernels
//   LiveTickerDecompression gzip streams through zlib                    -> CZlib, Files
//   LiveTickerMQTT         MQTT subscriber feed and publisher (Eclipse Paho C)   -> Feed, CPahoMQTT
//   LiveTickerWebSocket    WebSocket client feed (libwebsockets)            -> Feed, CWebSockets
//   LiveTickerBench        the benchmark suite (Bench and `liveticker bench`) -> CThreadPinning (one CPU for ours and a peer)
//   LiveTickerCLI          the `liveticker` commands
import PackageDescription

let package = Package(
    name: "LiveTicker",
    products: [
        .executable(name: "liveticker", targets: ["liveticker"]),
        .executable(name: "Bench", targets: ["Bench"]),
        .library(name: "LiveTickerCore", targets: ["LiveTickerCore"]),
        .library(name: "LiveTickerDownsampling", targets: ["LiveTickerDownsampling"]),
        .library(name: "LiveTickerChart", targets: ["LiveTickerChart"]),
        .library(name: "LiveTickerDisplay", targets: ["LiveTickerDisplay"]),
        .library(name: "LiveTickerFeed", targets: ["LiveTickerFeed"]),
        .library(name: "LiveTickerTOML", targets: ["LiveTickerTOML"]),
        .library(name: "LiveTickerLoop", targets: ["LiveTickerLoop"]),
        // What an embedder's code names besides the above: Framebuffer, PixelRect, BitmapFont
        // (Render), the axis scales (Scales), PNG/PPM files (ImageIO), TrueType labels (FreeType).
        .library(name: "LiveTickerRender", targets: ["LiveTickerRender"]),
        .library(name: "LiveTickerScales", targets: ["LiveTickerScales"]),
        .library(name: "LiveTickerImageIO", targets: ["LiveTickerImageIO"]),
        .library(name: "LiveTickerFreeType", targets: ["LiveTickerFreeType"]),
    ],
    targets: [
        // MARK: Core (pure Swift, no Foundation, no devices)
        .target(name: "LiveTickerCore", dependencies: ["CLiveTickerKernels"]),
        // Wide-vector kernels (AVX2, AVX-512 per function, one dispatch by CPU features); the
        // Swift code in LiveTickerDownsampling stays the reference and the path elsewhere.
        .target(name: "CLiveTickerKernels"),
        .target(name: "LiveTickerDownsampling", dependencies: ["CLiveTickerKernels"]),
        .target(name: "LiveTickerScales", dependencies: ["LiveTickerCore"]),
        .target(name: "LiveTickerRender", dependencies: ["CLiveTickerKernels"]),
        // TOML 1.0 (dashboard files); no Debian package ships a Swift TOML parser.
        .target(name: "LiveTickerTOML"),
        .target(
            name: "LiveTickerChart",
            dependencies: ["LiveTickerCore", "LiveTickerDownsampling", "LiveTickerScales", "LiveTickerRender"]
        ),

        // MARK: Platform
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CDRM",
            pkgConfig: "libdrm",
            providers: [.apt(["libdrm-dev"])]
        ),
        // FreeType for TrueType/OpenType labels; the link lines in its module map let the
        // static kiosk binary take libfreetype.a (and the png16/brotli/zlib it needs).
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .target(name: "LiveTickerFreeType", dependencies: ["LiveTickerRender", "CFreeType"]),
        .target(name: "LiveTickerFiles"),
        .target(name: "LiveTickerImageIO", dependencies: ["LiveTickerRender", "CLiveTickerKernels", "CZlib", "LiveTickerFiles"]),
        .target(
            name: "LiveTickerDisplay",
            dependencies: ["LiveTickerCore", "LiveTickerRender", "LiveTickerImageIO", "CDRM", "CLiveTickerKernels"]
        ),
        // gzip decompression (zlib) for the readers, kept out of LiveTickerFeed's Swift.
        .target(name: "LiveTickerDecompression", dependencies: ["CZlib"]),
        .target(
            name: "LiveTickerFeed", dependencies: ["LiveTickerCore", "LiveTickerFiles", "LiveTickerDecompression", "CLiveTickerKernels"]),
        // Eclipse Paho MQTT C (static archives in libpaho-mqtt-dev, so the kiosk binary keeps MQTT).
        .systemLibrary(
            name: "CPahoMQTT",
            providers: [.apt(["libpaho-mqtt-dev", "libssl-dev"])]
        ),
        .target(name: "LiveTickerMQTT", dependencies: ["LiveTickerFeed", "LiveTickerCore", "CPahoMQTT"]),
        // libwebsockets (libwebsockets-dev ships libwebsockets.a; with libssl, libcap and zlib
        // archives the kiosk binary keeps its WebSocket feeds).
        .systemLibrary(
            name: "CWebSockets",
            providers: [.apt(["libwebsockets-dev", "libssl-dev", "libcap-dev", "zlib1g-dev"])]
        ),
        .target(name: "LiveTickerWebSocket", dependencies: ["LiveTickerFeed", "LiveTickerCore", "CWebSockets"]),
        // The render loop an embedder runs: a Dashboard on a Display, drawn on change, stopped by a token.
        .target(name: "LiveTickerLoop", dependencies: ["LiveTickerChart", "LiveTickerDisplay", "LiveTickerRender"]),

        // MARK: Programs
        .target(
            name: "LiveTickerBench",
            dependencies: [
                "LiveTickerCore", "LiveTickerDownsampling", "LiveTickerScales", "LiveTickerRender",
                "LiveTickerChart", "LiveTickerFeed", "LiveTickerDisplay", "LiveTickerLoop", "LiveTickerMQTT",
                "CThreadPinning",
            ]
        ),
        // The Bench's thread affinity (sched_getcpu needs _GNU_SOURCE; see ThreadPinning.c).
        .target(name: "CThreadPinning"),
        .target(
            name: "LiveTickerCLI",
            dependencies: [
                "LiveTickerCore", "LiveTickerDownsampling", "LiveTickerScales", "LiveTickerRender",
                "LiveTickerChart", "LiveTickerImageIO", "LiveTickerDisplay", "LiveTickerFeed",
                "LiveTickerMQTT", "LiveTickerWebSocket", "LiveTickerBench", "LiveTickerFreeType", "LiveTickerFiles", "LiveTickerTOML", "LiveTickerLoop",
            ]
        ),
        // Saves argc/argv and keeps the Swift runtime from aborting when /proc is missing
        // (runs from .preinit_array, before any constructor; see ProcessStart.c).
        .target(name: "CProcessStart"),
        .executableTarget(name: "liveticker", dependencies: ["LiveTickerCLI", "CProcessStart"]),
        // Counts heap allocations for the Bench's "allocations per frame" (Bench only).
        .target(name: "CAllocationCounter"),
        .executableTarget(name: "Bench", dependencies: ["LiveTickerCLI", "CAllocationCounter"], path: "Bench"),
        // libFuzzer target for the tick parsers; see Tests/Fuzz/FeedFuzzTarget.swift for the flags.
        .executableTarget(
            name: "LiveTickerFeedFuzz", dependencies: ["LiveTickerFeed", "LiveTickerCore"], path: "Tests/Fuzz",
            exclude: ["corpus", "run-fuzz"]),

        // MARK: Tests
        // What the test targets share (a deterministic random generator); not a product.
        .target(name: "LiveTickerTestSupport", path: "Tests/Support"),
        .testTarget(name: "LiveTickerCoreTests", dependencies: ["LiveTickerCore", "LiveTickerTestSupport"]),
        .testTarget(
            name: "LiveTickerDownsamplingTests", dependencies: ["LiveTickerDownsampling", "LiveTickerTestSupport"]),
        .testTarget(name: "LiveTickerScalesTests", dependencies: ["LiveTickerScales", "LiveTickerCore", "LiveTickerTestSupport"]),
        .testTarget(name: "LiveTickerRenderTests", dependencies: ["LiveTickerRender", "CLiveTickerKernels", "LiveTickerTestSupport"]),
        .testTarget(name: "LiveTickerFreeTypeTests", dependencies: ["LiveTickerFreeType", "LiveTickerRender"]),
        .testTarget(
            name: "LiveTickerChartTests",
            dependencies: [
                "LiveTickerChart", "LiveTickerCore", "LiveTickerDownsampling", "LiveTickerRender", "LiveTickerTestSupport",
            ]
        ),
        .testTarget(
            name: "LiveTickerImageIOTests",
            dependencies: ["LiveTickerImageIO", "LiveTickerRender", "LiveTickerFiles", "LiveTickerTestSupport"]),
        // Also runs the README's "Using it from Swift" example, hence Core and Chart.
        .testTarget(
            name: "LiveTickerDisplayTests",
            dependencies: [
                "LiveTickerDisplay", "LiveTickerRender", "LiveTickerChart", "LiveTickerCore", "LiveTickerLoop", "LiveTickerTestSupport",
            ]),
        .testTarget(
            name: "LiveTickerFeedTests",
            dependencies: ["LiveTickerFeed", "LiveTickerCore", "LiveTickerTestSupport", "CLiveTickerKernels"],
            exclude: ["JSON/json-corpus.txt"]),
        .testTarget(
            name: "LiveTickerCLITests",
            dependencies: ["LiveTickerCLI", "LiveTickerChart", "LiveTickerImageIO", "LiveTickerBench", "LiveTickerTestSupport"]),
        .testTarget(
            name: "LiveTickerMQTTTests", dependencies: ["LiveTickerMQTT", "LiveTickerFeed", "LiveTickerCore", "LiveTickerTestSupport"]),
        .testTarget(name: "LiveTickerWebSocketTests", dependencies: ["LiveTickerWebSocket", "LiveTickerFeed"]),
        .testTarget(name: "LiveTickerTOMLTests", dependencies: ["LiveTickerTOML"]),
        // Prints a TOML file as tagged JSON, for the differential test against Python's tomllib.
        .executableTarget(name: "TOMLDecode", dependencies: ["LiveTickerTOML"], path: "Tests/TOML", exclude: ["run-toml-differential", "toml_differential.py"]),
    ]
)
