#if canImport(Glibc)
import Glibc
#endif

/// Why writing a file failed: the path, the system call and its `errno`.
public struct FileWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path being written, as given.
    public var path: String
    /// The call that failed (`mkstemp`, `write`, `fsync`, `rename`, …).
    public var call: String
    /// The system's error number.
    public var errno: Int32

    /// Describes a failed call on `path`.
    public init(path: String, call: String, errno: Int32) {
        self.path = path
        self.call = call
        self.errno = errno
    }

    /// The system's reason, e.g. "No space left on device".
    public var reason: String {
        guard let text = strerror(errno) else { return "errno \(errno)" }
        return String(cString: text)
    }

    /// E.g. `cannot write out.png: No space left on device (write)`.
    public var description: String { "cannot write \(path): \(reason) (\(call))" }
}
