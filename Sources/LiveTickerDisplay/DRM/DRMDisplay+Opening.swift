import CDRM

extension DRMDisplay {
    /// Opens the given card, or the first card that has a connected connector, and picks the
    /// connector. When no card works, the most useful error wins: permission problems first
    /// (they hide everything else), then the first card's own error.
    static func openCard(devicePath: String?, connector name: String?) throws(DisplayError) -> (DRMCard, DRMConnector) {
        if let devicePath {
            let card = try DRMCard(path: devicePath)
            return (card, try pickConnector(on: card, named: name))
        }
        let directory = "/dev/dri"
        let paths = DRMCard.cardPaths(in: directory)
        guard !paths.isEmpty else { throw .noDRMDevice(directory: directory) }
        var errors: [DisplayError] = []
        for path in paths {
            do {
                let card = try DRMCard(path: path)
                return (card, try pickConnector(on: card, named: name))
            } catch {
                errors.append(error)
            }
        }
        if let denied = errors.first(where: { if case .permissionDenied = $0 { true } else { false } }) {
            throw denied
        }
        let useful = errors.first(where: { if case .notModesetCapable = $0 { false } else { true } })
        throw useful ?? errors[0]
    }

    /// The named connector (any case), or the first connected one that has modes.
    static func pickConnector(on card: DRMCard, named name: String?) throws(DisplayError) -> DRMConnector {
        let connectors = card.connectors(probe: true)
        if let name {
            guard let match = connectors.first(where: { ConnectorName.matches(name, $0.name) }) else {
                throw .connectorNotFound(device: card.path, name: name, connectors: connectors.map(\.summary))
            }
            // "unknown" connectors (no detection, e.g. some VGA) are usable when named explicitly.
            guard match.status != .disconnected, !match.modes.isEmpty else {
                throw .connectorDisconnected(device: card.path, name: match.name)
            }
            return match
        }
        guard let first = connectors.first(where: { $0.status == .connected && !$0.modes.isEmpty }) else {
            throw .noConnectedConnector(device: card.path, connectors: connectors.map(\.summary))
        }
        return first
    }
}
