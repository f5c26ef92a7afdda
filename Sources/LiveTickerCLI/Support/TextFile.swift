import LiveTickerFiles

#if canImport(Glibc)
import Glibc
#endif

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

    /// Why `path` could not be read as a file, or nil when it can: the system's reason (no such
    /// file, permission denied), or that it is a directory. O(1) system calls.
    static func readProblem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return String(cString: strerror(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return "it is a directory" }
        return access(path, R_OK) == 0 ? nil : String(cString: strerror(errno))
    }

    /// Why `path` could not be written, checked without touching it (nothing is created), or nil
    /// when it can: an existing file must be writable and not a directory; a new one needs a
    /// writable directory. O(1) system calls.
    static func writeProblem(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return "it is a directory" }
            return access(path, W_OK) == 0 ? nil : String(cString: strerror(errno))
        }
        if errno != ENOENT { return String(cString: strerror(errno)) }
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        return access(directory, W_OK | X_OK) == 0 ? nil : "\(directory): \(String(cString: strerror(errno)))"
    }
}

/// Where the `liveticker` executable is, for the Bench's end-to-end section: this process when
/// it is `liveticker`, else a `liveticker` in the same directory (the `Bench` executable of the
/// same build), else nil.
enum LiveTickerExecutable {
    static func path() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let me = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if me.hasSuffix("/liveticker") { return me }
        guard let slash = me.lastIndex(of: "/") else { return nil }
        let sibling = String(me[..<slash]) + "/liveticker"
        return access(sibling, X_OK) == 0 ? sibling : nil
    }
}
