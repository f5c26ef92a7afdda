#if canImport(Glibc)
import Glibc
#endif
import LiveTickerCore

/// Finds and reads time zones the way the C library does: an IANA name from
/// `/usr/share/zoneinfo` (Debian's `tzdata`), `TZ` from the environment, else
/// `/etc/localtime`, else UTC. The file is read here; ``TimeZoneRules`` parses it.
enum SystemTimeZone {
    /// Where IANA zone files live (`TZDIR` overrides, as for the C library).
    static var directory: String {
        if let dir = getenv("TZDIR"), dir.pointee != 0 { return String(cString: dir) }
        return "/usr/share/zoneinfo"
    }

    /// The zone named `name`: `UTC` (also `Z`, `GMT`), an IANA name such as
    /// `America/New_York`, an absolute path to a TZif file, or a POSIX rule such as
    /// `EST5EDT,M3.2.0,M11.1.0`. Throws a message that says what was tried.
    static func named(_ name: String) throws(CommandFailure) -> TimeZoneRules {
        let name = name.hasPrefix(":") ? String(name.dropFirst()) : name
        // UTC needs no file (a kiosk image may have no tzdata); GMT keeps its own abbreviation.
        if name == "UTC" || name == "Z" || name.isEmpty { return .utc }
        let path: String
        if name.hasPrefix("/") {
            path = name
        } else {
            guard !name.split(separator: "/").contains("..") else {
                throw CommandFailure("time zone names may not contain '..': '\(name)'")
            }
            path = directory + "/" + name
        }
        if let bytes = readFile(path) {
            do {
                return try TimeZoneRules(tzif: bytes, identifier: name)
            } catch {
                throw CommandFailure("\(path): \(error)")
            }
        }
        if name == "GMT" { return TimeZoneRules(fixedOffsetSeconds: 0, identifier: "GMT") }
        if !name.hasPrefix("/"), let rules = try? TimeZoneRules(posixRule: name) { return rules }
        throw CommandFailure(
            "no time zone '\(name)' (looked for \(path); names are IANA names such as America/New_York or Europe/Berlin, from Debian's tzdata)")
    }

    /// The system's zone: `TZ` if set (empty means UTC), else `/etc/localtime`, else UTC.
    static func current() throws(CommandFailure) -> TimeZoneRules {
        if let tz = getenv("TZ") { return try named(String(cString: tz)) }
        if let bytes = readFile("/etc/localtime"), let rules = try? TimeZoneRules(tzif: bytes, identifier: localName()) {
            return rules
        }
        return .utc
    }

    /// The IANA name `/etc/localtime` links to, or `localtime`.
    private static func localName() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
        guard count > 0 else { return "localtime" }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // ".../zoneinfo/Europe/Berlin" -> "Europe/Berlin"
        let parts = target.split(separator: "/", omittingEmptySubsequences: false)
        if let index = parts.lastIndex(of: "zoneinfo") { return parts[(index + 1)...].joined(separator: "/") }
        return target
    }

    /// The whole file, or nil when it cannot be opened or is not a regular file. Zone files
    /// are a few kB; anything over 1 MB is refused so a wrong path cannot exhaust memory.
    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes.count <= 1 << 20 ? bytes : nil
    }
}
