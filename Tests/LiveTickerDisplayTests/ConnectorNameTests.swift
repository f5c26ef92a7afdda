import Testing

@testable import LiveTickerDisplay

@Suite("Connector names")
struct ConnectorNameTests {
    @Test(arguments: [
        (UInt32(11), UInt32(1), "HDMI-A-1"), (15, 1, "Virtual-1"), (10, 2, "DP-2"), (14, 1, "eDP-1"),
        (1, 1, "VGA-1"), (2, 1, "DVI-I-1"), (3, 2, "DVI-D-2"), (7, 1, "LVDS-1"), (9, 1, "DIN-1"),
        (12, 1, "HDMI-B-1"), (16, 1, "DSI-1"), (17, 1, "DPI-1"), (18, 1, "Writeback-1"), (19, 1, "SPI-1"),
        (20, 1, "USB-1"), (0, 1, "Unknown-1"), (6, 3, "SVIDEO-3"),
    ])
    func namesConnectorsLikeTheKernel(type: UInt32, typeID: UInt32, expected: String) {
        #expect(ConnectorName.name(type: type, typeID: typeID) == expected)
    }

    @Test func typesNewerThanTheTableStayDistinct() {
        #expect(ConnectorName.name(type: 21, typeID: 1) == "Unknown21-1")
        #expect(ConnectorName.typeName(UInt32.max) == "Unknown\(UInt32.max)")
    }

    @Test func matchingIgnoresCase() {
        #expect(ConnectorName.matches("hdmi-a-1", "HDMI-A-1"))
        #expect(ConnectorName.matches("Virtual-1", "Virtual-1"))
        #expect(!ConnectorName.matches("HDMI-A-1", "HDMI-A-2"))
        #expect(!ConnectorName.matches("HDMI-A", "HDMI-A-1"))
        #expect(!ConnectorName.matches("", "HDMI-A-1"))
    }
}
