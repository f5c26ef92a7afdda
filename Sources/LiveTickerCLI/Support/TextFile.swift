#if canImport(Glibc)
import Glibc
#endif

/// Small whole-file helpers for the commands (reports, JSON), with errors that name the path.
enum TextFile {
    /// Writes `text` to `path`, replacing it. Throws a ``CommandFailure`` naming the path and
    /// the system's reason.
    static func write(_ text: String, to path: String) throws(CommandFailure) {
        guard let file = fopen(path, "wb") else {
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        var text = text
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        if written != text.utf8.count || closed != 0 {
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
