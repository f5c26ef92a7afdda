/// A connector's kernel name and whether a display is plugged in, as error messages and
/// `liveticker displays` list them.
public struct ConnectorSummary: Sendable, Hashable, CustomStringConvertible {
    /// Whether something is plugged into a connector (`drmModeConnection`).
    public enum Status: String, Sendable, Hashable {
        case connected, disconnected, unknown
    }

    /// Kernel name, e.g. `HDMI-A-1` (see `ConnectorName`).
    public var name: String
    /// Plugged-in state as last probed.
    public var status: Status
    /// Number of modes the connector reports.
    public var modeCount: Int

    /// Creates a summary.
    public init(name: String, status: Status, modeCount: Int) {
        self.name = name
        self.status = status
        self.modeCount = modeCount
    }

    /// `HDMI-A-1 (connected, 12 modes)`.
    public var description: String {
        "\(name) (\(status.rawValue), \(modeCount) mode\(modeCount == 1 ? "" : "s"))"
    }

    /// `"; connectors: A (…), B (…)"`, or `"; <empty>"` for an empty list. O(n), allocates.
    static func listing(_ connectors: [ConnectorSummary], empty: String) -> String {
        connectors.isEmpty
            ? "; \(empty)"
            : "; connectors: " + connectors.map(\.description).joined(separator: ", ")
    }
}
