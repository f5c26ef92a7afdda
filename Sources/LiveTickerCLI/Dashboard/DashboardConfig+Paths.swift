#if canImport(Glibc)
import Glibc
#endif

/// Where a dashboard file's relative input paths lead.
///
/// A kiosk runs its wall from a service whose working directory is rarely the file's (a
/// systemd unit starts in `/`), so `file = "day.csv"` beside `/etc/liveticker/wall.toml` has to
/// mean `/etc/liveticker/day.csv`. Files written for the working directory (the samples'
/// `file = "Samples/plant-telemetry.csv"`, run from the repository) still open: a relative
/// path is taken from the dashboard file's folder when something is there, else from the
/// working directory as before. Outputs (`output = "wall.png"`) stay relative to the working
/// directory, as `replay --output` is.
extension DashboardConfig {
    /// The folder of the dashboard file at `path`, with a trailing `/` (empty for a file in
    /// the working directory). O(path).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// The folder of this dashboard file (see ``folder(of:)``).
    var folder: String { Self.folder(of: path) }

    /// `path` as the wall opens it: absolute paths, `-` and paths with nothing under the
    /// dashboard file's folder as given; else joined to that folder. O(path), one `access`.
    func resolved(_ relative: String) -> String {
        guard !relative.isEmpty, relative != "-", !relative.hasPrefix("/"), !folder.isEmpty else { return relative }
        let beside = folder + relative
        return access(beside, F_OK) == 0 ? beside : relative
    }

    /// Where a relative path that is in neither place was looked for, for its error: `(looked
    /// in /etc/liveticker/ and in /)`; empty for an absolute path and for one that is there
    /// (it failed for another reason). O(path), one `access`.
    static func lookedIn(_ relative: String, dashboard path: String) -> String {
        guard !relative.hasPrefix("/"), relative != "-", access(relative, F_OK) != 0 else { return "" }
        let folder = folder(of: path)
        var directory = [CChar](repeating: 0, count: 4096)
        let working = getcwd(&directory, directory.count) != nil ? String(cString: directory) : "the working directory"
        let workingFolder = working.hasSuffix("/") ? working : working + "/"
        return folder.isEmpty || folder == workingFolder
            ? " (looked in \(workingFolder))" : " (looked in \(folder) and in \(workingFolder))"
    }

    /// Every input path of the file resolved (see the type's note): tick files, a followed
    /// file given as `live`, certificates, keys, password and subscription files, the font.
    mutating func resolveInputPaths() {
        if let font, font != "builtin", font.contains(".") || font.contains("/") { self.font = resolved(font) }
        for index in sources.indices {
            switch sources[index].kind {
            case .file(let file, let speed, let follow):
                sources[index].kind = .file(path: resolved(file), speed: speed, follow: follow)
            case .live(let endpoint):
                if !endpoint.contains("://") { sources[index].kind = .live(resolved(endpoint)) }
            case .mqtt(var mqtt):
                mqtt.settings.caFile = mqtt.settings.caFile.map(resolved)
                mqtt.settings.certFile = mqtt.settings.certFile.map(resolved)
                mqtt.settings.keyFile = mqtt.settings.keyFile.map(resolved)
                mqtt.passwordFile = mqtt.passwordFile.map(resolved)
                sources[index].kind = .mqtt(mqtt)
            case .connect(var client):
                client.settings.caFile = client.settings.caFile.map(resolved)
                if let subscribe = client.subscribe, subscribe.hasPrefix("@") {
                    client.subscribe = "@" + resolved(String(subscribe.dropFirst()))
                }
                sources[index].kind = .connect(client)
            }
        }
    }
}
