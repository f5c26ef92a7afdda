#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file so that a reader only ever sees its previous content or the complete new one:
/// the new bytes go to a temporary file made with `mkstemp(3)` (an unpredictable name, created
/// exclusively) in the target's own directory, are `fsync`ed, and the temporary file is
/// `rename(2)`d over the target, which is atomic within one file system. A failed write (a full
/// disk, a size limit) removes the temporary file and leaves the previous version untouched.
///
/// Only a regular file (or a name not there yet) is replaced. A symbolic link is followed and
/// its target replaced, so the link stays; a device, FIFO or socket (`/dev/null`, a named pipe)
/// is opened and written to directly, never replaced. A replaced file keeps its permission
/// bits (and, when allowed, owner); a new one gets 0644 less the process's umask.
///
/// The target is resolved once, in `init`; after that a ``replace(with:)`` allocates nothing, so
/// a display can rewrite the same picture every frame. Not thread-safe: one writer at a time.
public final class ReplacementFile {
    /// The path as given.
    public let path: String
    /// Whether writes go through a temporary file renamed over the target (false for a device,
    /// FIFO or socket, which is written directly).
    public let replaces: Bool
    // NUL-terminated C strings, made once: the resolved target, the mkstemp template
    // (`DIR/.NAME.XXXXXX`, hidden so globs over the directory skip it) and mkstemp's working copy.
    private let target: [CChar]
    private let template: [CChar]
    private var temporary: [CChar]
    private var descriptor: Int32 = -1

    /// Resolves `path` (following up to 40 symbolic links) and decides how it is written.
    /// Throws when a link cannot be read or the links loop. O(path length); allocates.
    public init(path: String) throws(FileWriteError) {
        self.path = path
        var current = path
        var isSpecial = false
        var hops = 0
        while true {
            var info = stat()
            if lstat(current, &info) != 0 {
                guard errno == ENOENT else { throw FileWriteError(path: path, call: "lstat", errno: errno) }
                break
            }
            let type = info.st_mode & S_IFMT
            if type != S_IFLNK {
                isSpecial = type != S_IFREG
                if type == S_IFDIR { throw FileWriteError(path: path, call: "open", errno: EISDIR) }
                break
            }
            hops += 1
            guard hops <= 40 else { throw FileWriteError(path: path, call: "readlink", errno: ELOOP) }
            var link = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &link, Int(PATH_MAX))
            guard n >= 0 else { throw FileWriteError(path: path, call: "readlink", errno: errno) }
            let text = String(decoding: link[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = text.hasPrefix("/") ? text : Self.directory(of: current) + "/" + text
        }
        replaces = !isSpecial
        target = Array(current.utf8CString)
        let directory = Self.directory(of: current)
        let name = current.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? current
        template = Array((directory + "/." + name + ".XXXXXX").utf8CString)
        temporary = template
    }

    deinit { abandon() }

    /// Writes `bytes` as the file's whole new content and commits it. On failure the previous
    /// content stays and the error names the path, the call and the system's reason. O(n); no
    /// allocation.
    public func replace(with bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        let fd = try begin()
        do throws(FileWriteError) {
            try Self.writeAll(fd, bytes, path: path)
            try commit()
        } catch {
            abandon()
            throw error
        }
    }

    /// Opens the temporary file (or the device) for a new version and returns its descriptor,
    /// positioned at 0, for writes and `pwrite`s; finish with ``commit()`` or ``abandon()``.
    public func begin() throws(FileWriteError) -> Int32 {
        abandon()
        if !replaces {
            let fd = target.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CLOEXEC | O_NOCTTY) }
            guard fd >= 0 else { throw FileWriteError(path: path, call: "open", errno: errno) }
            descriptor = fd
            return fd
        }
        temporary.withUnsafeMutableBufferPointer { working in
            template.withUnsafeBufferPointer { working.baseAddress!.update(from: $0.baseAddress!, count: $0.count) }
        }
        let fd = temporary.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileWriteError(path: path, call: "mkstemp", errno: errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        descriptor = fd
        return fd
    }

    /// Makes the version begun with ``begin()`` the file's content: permissions, `fsync`,
    /// `close`, `rename` over the target. For a device: just `close`. The directory is not
    /// `fsync`ed: after a power cut the name then holds the old or the new picture, both whole,
    /// and a frame costs one sync (≈ 8 ms on this machine's ext4), not two.
    public func commit() throws(FileWriteError) {
        let fd = descriptor
        guard fd >= 0 else { return }
        descriptor = -1
        guard replaces else {
            guard close(fd) == 0 else { throw FileWriteError(path: path, call: "close", errno: errno) }
            return
        }
        var failure: FileWriteError?
        var info = stat()
        let existing = target.withUnsafeBufferPointer { stat($0.baseAddress!, &info) } == 0
            && (info.st_mode & S_IFMT) == S_IFREG
        if existing {
            _ = fchown(fd, info.st_uid, info.st_gid)  // keeps the owner when allowed (root)
        }
        if fchmod(fd, existing ? info.st_mode & 0o7777 : 0o644 & ~Self.umaskValue) != 0 {
            failure = FileWriteError(path: path, call: "fchmod", errno: errno)
        } else if fsync(fd) != 0 && errno != EINVAL && errno != EROFS {
            failure = FileWriteError(path: path, call: "fsync", errno: errno)
        }
        if close(fd) != 0 && failure == nil { failure = FileWriteError(path: path, call: "close", errno: errno) }
        if failure == nil {
            let renamed = temporary.withUnsafeBufferPointer { from in
                target.withUnsafeBufferPointer { to in rename(from.baseAddress!, to.baseAddress!) }
            }
            if renamed != 0 { failure = FileWriteError(path: path, call: "rename", errno: errno) }
        }
        if let failure {
            _ = temporary.withUnsafeBufferPointer { unlink($0.baseAddress!) }
            throw failure
        }
    }

    /// Drops a version begun with ``begin()``: closes it and removes the temporary file; the
    /// target keeps its previous content. Does nothing when no version is open.
    public func abandon() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        if replaces { _ = temporary.withUnsafeBufferPointer { unlink($0.baseAddress!) } }
    }

    /// Writes all of `bytes` at the descriptor's position, retrying short writes and `EINTR`.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(FileWriteError) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let n = write(fd, next, remaining)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileWriteError(path: path, call: "write", errno: errno)
            }
            next += n
            remaining -= n
        }
    }

    /// `DIR` of `DIR/NAME`; `.` for a bare name, `/` for a name in the root.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The process's umask, read once from `/proc/self/status` (Linux 4.7+) so that it is
    /// never changed, not even briefly (`umask(2)` can only be read by setting it, which races
    /// with other threads creating files); 022 when `/proc` is not there.
    static let umaskValue: mode_t = {
        // Parsed from a small stack buffer ("Umask:" is the second line; 512 bytes stays on the
        // stack, 4096 would not): the first picture of a run must not allocate either
        // (the allocation check compares runs that create the file with runs that replace it).
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0o022 }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer -> mode_t in
            var length = 0
            while length < buffer.count {
                let got = read(fd, buffer.baseAddress! + length, buffer.count - length)
                if got <= 0 { break }
                length += got
            }
            let keyText: StaticString = "\nUmask:"
            let key = UnsafeBufferPointer(start: keyText.utf8Start, count: keyText.utf8CodeUnitCount)
            var i = 0
            while i + key.count <= length {
                var match = true
                for k in 0..<key.count where buffer[i + k] != key[k] {
                    match = false
                    break
                }
                if match {
                    var value: mode_t = 0
                    var j = i + key.count
                    var digits = 0
                    while j < length, buffer[j] != UInt8(ascii: "\n") {
                        let byte = buffer[j]
                        if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "7") {
                            value = value << 3 | mode_t(byte - UInt8(ascii: "0"))
                            digits += 1
                        }
                        j += 1
                    }
                    return digits > 0 ? value & 0o777 : 0o022
                }
                i += 1
            }
            return 0o022
        }
    }()
}
