import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// How many ticks a replay's history holds: `--history N` when given, else sized to the file.
enum HistorySizing {
    /// Most ticks a history sized to its file holds: 2^25 = 33,554,432 ticks, 768 MiB of 24-byte
    /// ticks (plus about 3 % for the block summaries). `--history` may go up to 2^28.
    static let cap = 1 << 25

    /// The history for `path`, and a note for the summary when it was sized to the file: an
    /// `.ltk` file's record count, else the file's size over the mean length of the lines in its
    /// first 64 KiB (a gzip file counted at 6× its size), with 10 % spare, at least `minimum` and
    /// at most ``cap``. Standard input and unreadable files get `minimum`. O(64 KiB).
    static func ticks(forPath path: String, minimum: Int) -> (ticks: Int, note: String?) {
        guard path != "-" else { return (minimum, nil) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return (minimum, nil) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return (minimum, nil) }
        let size = Int(info.st_size)
        var head = [UInt8](repeating: 0, count: 1 << 16)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, 0) }
        guard n > 8 else { return (minimum, nil) }
        let rows: Int
        if TickFileReader.isBinary(path: path) {
            rows = max(0, (size - 64) / 24)
        } else {
            let lines = head[0..<n].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            guard lines >= 2 else { return (minimum, nil) }
            let isGzip = head[0] == 0x1F && head[1] == 0x8B
            rows = isGzip ? size * 6 / 40 : size / max(1, n / lines)
        }
        let wanted = rows + rows / 10
        guard wanted > minimum else { return (minimum, nil) }
        let ticks = min(cap, wanted)
        let note = ticks == cap
            ? "history capped at \(cap) ticks (768 MiB) for a file of about \(rows) rows: the oldest scroll out; --history N raises it (up to 268435456)"
            : "history sized to the file: \(ticks) ticks for about \(rows) rows (cap \(cap))"
        return (ticks, note)
    }
}
