import Testing

@testable import LiveTickerDisplay

/// A connector's mode list like the kernel gives it: preferred first, then by size.
private let modes: [DisplayMode] = [
    DisplayMode(width: 1280, height: 800, refreshMillihertz: 59_810, isPreferred: true, index: 0),
    DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60_000, isInterlaced: true, index: 1),
    DisplayMode(width: 1920, height: 1080, refreshMillihertz: 50_000, index: 2),
    DisplayMode(width: 1920, height: 1080, refreshMillihertz: 59_940, index: 3),
    DisplayMode(width: 1024, height: 768, refreshMillihertz: 75_029, index: 4),
    DisplayMode(width: 1024, height: 768, refreshMillihertz: 60_004, index: 5),
    DisplayMode(width: 800, height: 480, refreshMillihertz: 60_000, index: 6),
]

@Suite("Mode selection")
struct ModeSelectionTests {
    @Test func preferredPicksTheFlaggedMode() {
        let shuffled = [modes[4], modes[0], modes[6]]
        #expect(ModeRequest.preferred.select(from: shuffled)?.index == 0)
    }

    @Test func preferredWithoutFlagTakesTheFirstListed() {
        let unflagged = modes.dropFirst().map { $0 }
        #expect(ModeRequest.preferred.select(from: unflagged)?.index == 1)
    }

    @Test func emptyListSelectsNothingAndSaysSo() {
        #expect(ModeRequest.preferred.select(from: []) == nil)
        #expect(throws: DisplayError.self) {
            try ModeRequest.preferred.select(from: [], device: "/dev/dri/card0", connector: "HDMI-A-1")
        }
        let message = DisplayError.modeNotAvailable(
            device: "/dev/dri/card0", connector: "HDMI-A-1", requested: "preferred", available: []
        ).description
        #expect(message.contains("reports no modes"))
    }

    @Test func sizeWithoutRatePrefersProgressiveThenHighestRate() {
        // 1080 has an interlaced 60, a 50 and a 59.94: the progressive 59.94 wins.
        #expect(ModeRequest.size(width: 1920, height: 1080, refreshHertz: nil).select(from: modes)?.index == 3)
        // 1024x768 at 75 beats 60.
        #expect(ModeRequest.size(width: 1024, height: 768, refreshHertz: nil).select(from: modes)?.index == 4)
    }

    @Test func sizeWithoutRatePrefersThePreferredMode() {
        let list = [
            DisplayMode(width: 800, height: 480, refreshMillihertz: 75_000, index: 0),
            DisplayMode(width: 800, height: 480, refreshMillihertz: 60_000, isPreferred: true, index: 1),
        ]
        #expect(ModeRequest.size(width: 800, height: 480, refreshHertz: nil).select(from: list)?.index == 1)
    }

    @Test func rateIsComparedAfterRounding() {
        // 59.94 Hz is what a user types as @60.
        #expect(ModeRequest.size(width: 1920, height: 1080, refreshHertz: 60).select(from: modes)?.index == 3)
        #expect(ModeRequest.size(width: 1920, height: 1080, refreshHertz: 50).select(from: modes)?.index == 2)
        #expect(ModeRequest.size(width: 1024, height: 768, refreshHertz: 60).select(from: modes)?.index == 5)
        #expect(ModeRequest.size(width: 1024, height: 768, refreshHertz: 75).select(from: modes)?.index == 4)
    }

    @Test func equalCandidatesKeepListOrder() {
        let list = [
            DisplayMode(width: 640, height: 480, refreshMillihertz: 60_000, index: 0),
            DisplayMode(width: 640, height: 480, refreshMillihertz: 60_000, index: 1),
        ]
        #expect(ModeRequest.size(width: 640, height: 480, refreshHertz: nil).select(from: list)?.index == 0)
    }

    @Test func interlacedOnlyModeIsStillSelectable() {
        let list = [DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60_000, isInterlaced: true, index: 0)]
        #expect(ModeRequest.size(width: 1920, height: 1080, refreshHertz: 60).select(from: list)?.index == 0)
    }

    @Test func unavailableModeErrorListsEveryMode() throws {
        do {
            _ = try ModeRequest.size(width: 640, height: 480, refreshHertz: nil)
                .select(from: modes, device: "/dev/dri/card1", connector: "Virtual-1")
            Issue.record("expected modeNotAvailable")
        } catch {
            let text = error.description
            #expect(text.contains("/dev/dri/card1"))
            #expect(text.contains("Virtual-1"))
            #expect(text.contains("640x480 not available"))
            for mode in modes { #expect(text.contains(mode.description)) }
        }
        #expect(throws: DisplayError.self) {
            try ModeRequest.size(width: 800, height: 480, refreshHertz: 75)
                .select(from: modes, device: "/dev/dri/card0", connector: "HDMI-A-1")
        }
    }

    @Test(arguments: [
        ("preferred", ModeRequest.preferred),
        ("800x480", .size(width: 800, height: 480, refreshHertz: nil)),
        ("800X480", .size(width: 800, height: 480, refreshHertz: nil)),
        ("1920x1080@60", .size(width: 1920, height: 1080, refreshHertz: 60)),
        ("1920x1080@59.94", .size(width: 1920, height: 1080, refreshHertz: 60)),
        ("1x1@1", .size(width: 1, height: 1, refreshHertz: 1)),
        ("16384x16384", .size(width: 16384, height: 16384, refreshHertz: nil)),
    ])
    func parsesModes(text: String, expected: ModeRequest) throws {
        #expect(try ModeRequest(parsing: text) == expected)
    }

    @Test(arguments: [
        "", "800", "x480", "800x", "0x480", "800x0", "-1x480", "800x480@", "800x480@abc", "800x480@0",
        "800x480@nan", "800x480@inf", "16385x100", "8 00x480", "800x480x3", "８00x480", "+800x480",
        "800x480@60@60", "Preferred",
    ])
    func rejectsMalformedModes(text: String) {
        #expect(throws: DisplayError.invalidMode(text: text)) { try ModeRequest(parsing: text) }
    }

    @Test func requestDescriptionRoundTrips() throws {
        for text in ["preferred", "800x480", "1920x1080@60"] {
            #expect(try ModeRequest(parsing: text).description == text)
        }
    }
}

@Suite("Display modes")
struct DisplayModeTests {
    @Test func refreshFromTimingsMatchesTheKernel() {
        // CVT 1280x800 as QEMU's EDID lists it: 83.5 MHz, 1680 x 831 → 59.81 Hz.
        #expect(
            DisplayMode.refreshMillihertz(
                clockKilohertz: 83_500, htotal: 1680, vtotal: 831, vrefresh: 60,
                interlaced: false, doubleScan: false, vscan: 0) == 59_810)
        // CEA 1080i: 74.25 MHz, 2200 x 1125, interlaced → 60 Hz fields.
        #expect(
            DisplayMode.refreshMillihertz(
                clockKilohertz: 74_250, htotal: 2200, vtotal: 1125, vrefresh: 30,
                interlaced: true, doubleScan: false, vscan: 0) == 60_000)
        // Double scan halves it.
        #expect(
            DisplayMode.refreshMillihertz(
                clockKilohertz: 25_175, htotal: 800, vtotal: 525, vrefresh: 0,
                interlaced: false, doubleScan: true, vscan: 0) == 29_970)
    }

    @Test func zeroTimingsFallBackToVrefresh() {
        #expect(
            DisplayMode.refreshMillihertz(
                clockKilohertz: 0, htotal: 0, vtotal: 0, vrefresh: 75,
                interlaced: false, doubleScan: false, vscan: 0) == 75_000)
        #expect(
            DisplayMode.refreshMillihertz(
                clockKilohertz: 100, htotal: 0, vtotal: 10, vrefresh: -3,
                interlaced: false, doubleScan: false, vscan: 0) == 0)
    }

    @Test(arguments: [
        (60_000, "800x480@60"), (59_940, "800x480@59.94"), (59_810, "800x480@59.81"),
        (50_500, "800x480@50.5"), (59_999, "800x480@60"), (75_029, "800x480@75.03"), (0, "800x480"),
        (24_004, "800x480@24"),
    ])
    func describesRates(millihertz: Int, expected: String) {
        #expect(DisplayMode(width: 800, height: 480, refreshMillihertz: millihertz).description == expected)
    }

    @Test func interlacedModesAreMarked() {
        #expect(DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60_000, isInterlaced: true).description
            == "1920x1080@60i")
    }

    @Test func refreshIntervalFollowsTheRate() {
        #expect(DisplayMode(width: 1, height: 1, refreshMillihertz: 50_000).refreshInterval == .milliseconds(20))
        #expect(DisplayMode(width: 1, height: 1, refreshMillihertz: 0).refreshInterval == .nanoseconds(16_666_667))
    }
}
