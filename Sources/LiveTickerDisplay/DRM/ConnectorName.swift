/// Connector names as the kernel spells them (`drm_connector_enum_list` in
/// drivers/gpu/drm/drm_connector.c): the type's name, a dash, and the per-type index, e.g.
/// `HDMI-A-1`, `DP-2`, `Virtual-1`. These are the names in /sys/class/drm/card0-HDMI-A-1 and
/// the ones `--connector` accepts.
public enum ConnectorName {
    /// Type names indexed by `DRM_MODE_CONNECTOR_*` (0 = Unknown … 20 = USB).
    static let typeNames: [String] = [
        "Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component",
        "DIN", "DP", "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI",
        "USB",
    ]

    /// The kernel's name for connector type `type`; `Unknown<N>` for types newer than this table.
    /// O(1).
    public static func typeName(_ type: UInt32) -> String {
        Int(type) < typeNames.count ? typeNames[Int(type)] : "Unknown\(type)"
    }

    /// `typeName-typeID`, e.g. `name(type: 11, typeID: 1)` is `HDMI-A-1`. Allocates the string.
    public static func name(type: UInt32, typeID: UInt32) -> String {
        "\(typeName(type))-\(typeID)"
    }

    /// Whether `requested` names the connector `actual`, ignoring ASCII case (`hdmi-a-1`).
    public static func matches(_ requested: String, _ actual: String) -> Bool {
        requested.lowercased() == actual.lowercased()
    }
}
