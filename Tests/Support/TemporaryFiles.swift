#if canImport(Glibc)
import Glibc
#endif

/// Temporary directories for tests, and their removal: one place for what several test
/// targets need (without Foundation).
public enum TemporaryFiles {
    /// A new empty directory `/tmp/PREFIX-XXXXXX` (or inside `parent`); the caller removes it
    /// with ``removeTree(_:)``.
    public static func makeDirectory(_ prefix: String, in parent: String = "/tmp") -> String {
        var template = Array("\(parent)/\(prefix)-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    /// The names in `directory`, sorted, without `.` and `..` (empty when it cannot be read).
    public static func entries(_ directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes `path` and, for a directory, everything in it, depth first; symbolic links are
    /// removed, never followed.
    public static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            for name in entries(path) { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
