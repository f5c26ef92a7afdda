// The Bench executable: `swift run -c release Bench [--quick] [--section NAME]... [--json PATH]`.
// The same suite runs from the shipped binary as `liveticker bench`.
import LiveTickerCLI

LiveTickerCommandLine.main(prefixing: ["bench"])
