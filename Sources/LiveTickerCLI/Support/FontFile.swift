import LiveTickerRender

#if canImport(Glibc)
import Glibc
#endif

/// Loads a Linux console font (PSF2) for `--font`, as Debian's console-setup installs them
/// under /usr/share/consolefonts.
enum FontFile {
    /// Reads and parses `path`; errors name the file and the reason.
    static func load(_ path: String) throws(CommandFailure) -> BitmapFont {
        guard let file = fopen(path, "rb") else {
            throw CommandFailure("cannot open font \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        if bytes.starts(with: [0x1F, 0x8B]) {
            throw CommandFailure("font \(path) is gzip-compressed; unpack it first: gunzip -k \(path)")
        }
        do {
            return try bytes.withUnsafeBytes { raw throws(FontError) in try BitmapFont.psf(raw) }
        } catch {
            throw CommandFailure("font \(path): \(error)")
        }
    }
}
