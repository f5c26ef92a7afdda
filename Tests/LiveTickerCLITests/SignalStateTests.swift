import Testing

@testable import LiveTickerCLI

/// The process's signal flags live in the program (LiveTickerCLI), not in a library module.
@Suite struct SignalStateTests {
    @Test func stopSignalFlagRoundTrips() {
        StopSignal.reset()
        #expect(!StopSignal.isRequested)
        StopSignal.request()
        #expect(StopSignal.isRequested)
        StopSignal.reset()
    }

}
