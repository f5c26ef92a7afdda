import LiveTickerFiles

/// Small whole-file helpers for the commands (reports, JSON), with errors that name the path.
enum TextFile {
    /// Writes `text` to `path`, replacing it atomically (``ReplacementFile``). Throws a
    /// ``CommandFailure`` naming the path and the system's reason.
    static func write(_ text: String, to path: String) throws(CommandFailure) {
        let bytes = Array(text.utf8)
        do throws(FileWriteError) {
            let file = try ReplacementFile(path: path)
            var failure: FileWriteError?
            bytes.withUnsafeBytes { raw in
                do throws(FileWriteError) { try file.replace(with: raw) } catch { failure = error }
            }
            if let failure { throw failure }
        } catch {
            throw CommandFailure("cannot write \(path): \(error.reason)")
        }
    }
}
