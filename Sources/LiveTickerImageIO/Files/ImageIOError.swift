#if canImport(Glibc)
    import Glibc
#endif

/// Why reading or writing a picture or font file failed; `description` is a one-line message
/// naming the file and the system's reason.
public enum ImageIOError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `open` failed: the path and `strerror(errno)`.
    case cannotOpen(path: String, reason: String)
    /// `read` failed part way.
    case cannotRead(path: String, reason: String)
    /// `write` failed part way (disk full, pipe closed, …).
    case cannotWrite(path: String, reason: String)
    /// The bytes are not a well-formed file of the expected kind.
    case malformed(what: String, reason: String)
    /// zlib reported an error (its return code and message).
    case zlib(operation: String, code: Int32, message: String)

    /// One line for a log or stderr.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): return "cannot open \(path): \(reason)"
        case .cannotRead(let path, let reason): return "cannot read \(path): \(reason)"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .malformed(let what, let reason): return "malformed \(what): \(reason)"
        case .zlib(let operation, let code, let message): return "zlib \(operation) failed (\(code)): \(message)"
        }
    }

    /// The text of the current `errno`.
    static func systemReason(_ code: Int32 = errno) -> String {
        if let s = strerror(code) { return String(cString: s) }
        return "errno \(code)"
    }
}
