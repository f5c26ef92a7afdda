// The Bench executable: `swift run -c release Bench [--quick] [--section NAME]... [--json PATH]`.
// The same suite runs from the shipped binary as `liveticker bench`; this executable also
// links a counting allocator, so it can report allocations per frame.
import CAllocationCounter
import LiveTickerCLI

if lt_allocation_counting_available() != 0 {
    LiveTickerCommandLine.allocationCount = { lt_allocation_count() }
}
LiveTickerCommandLine.main(prefixing: ["bench"])
