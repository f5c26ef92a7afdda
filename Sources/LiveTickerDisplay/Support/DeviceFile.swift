#if canImport(Glibc)
import Glibc
#endif

/// Opening device nodes with errors users can act on.
enum DeviceFile {
    /// Opens `path` read-write and close-on-exec, mapping the usual failures to `DisplayError`.
    static func openReadWrite(_ path: String) throws(DisplayError) -> Int32 {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd < 0 else { return fd }
        let code = errno
        switch code {
        case ENOENT, ENODEV, ENXIO: throw .deviceNotFound(path: path)
        case EACCES, EPERM: throw .permissionDenied(path: path)
        default: throw .systemCall(device: path, call: "open", errno: code)
        }
    }

    /// Names in `directory` that start with `prefix` and end in a number, sorted by that number
    /// (`card2` before `card10`). Empty when the directory is missing. O(n log n), allocates.
    static func numberedEntries(in directory: String, prefix: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var found: [(Int, String)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasPrefix(prefix), let number = Int(name.dropFirst(prefix.count)) else { continue }
            found.append((number, "\(directory)/\(name)"))
        }
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }

}
