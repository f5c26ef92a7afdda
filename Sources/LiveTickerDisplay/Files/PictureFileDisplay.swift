import LiveTickerRender

#if canImport(Glibc)
import Glibc
#endif

/// A display that writes each presented frame to a picture file (binary PPM, P6), replacing
/// the previous one: after a run the file holds the last frame.
///
/// Used for renders to share, golden images, and as the reference the QEMU end-to-end test
/// compares the screen against. No pacing: `present` returns as soon as the file is written.
public final class PictureFileDisplay: Display {
    /// Picture formats this display writes.
    public enum Format: Sendable, Hashable {
        /// Binary PPM (P6), 8 bits per channel.
        case ppm
    }

    /// Width of the picture.
    public let width: Int
    /// Height of the picture.
    public let height: Int
    /// `.zero`: files have no refresh.
    public var refreshInterval: Duration { .zero }
    /// Always false.
    public var hasVBlank: Bool { false }
    /// The file written.
    public let path: String
    /// The format written.
    public let format: Format
    /// `file out.ppm 800x480`.
    public var summary: String { "file \(path) \(width)x\(height)" }

    /// One RGB row, reused for every frame (no allocation per frame).
    private var row: [UInt8]

    /// Prepares a `width × height` file output at `path`; nothing is written until `present`.
    public init(path: String, width: Int, height: Int, format: Format = .ppm) {
        precondition(width >= 1 && height >= 1)
        self.path = path
        self.width = width
        self.height = height
        self.format = format
        self.row = [UInt8](repeating: 0, count: width * 3)
    }

    /// Writes `frame` (cropped or padded with black to `width × height`) to the file.
    /// - Throws: `systemCall` naming the file when it cannot be written.
    /// - Cost: O(width × height), one file write per row.
    @discardableResult
    public func present(_ frame: Framebuffer) throws(DisplayError) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .systemCall(device: path, call: "open for writing", errno: errno) }
        defer { Glibc.close(fd) }
        try writeAll(fd, Array("P6\n\(width) \(height)\n255\n".utf8))
        let copyWidth = min(width, frame.width)
        for y in 0..<height {
            row.withUnsafeMutableBufferPointer { out in
                var index = 0
                if y < frame.height {
                    let source = frame.row(y)
                    for x in 0..<copyWidth {
                        let pixel = source[x]
                        out[index] = UInt8(truncatingIfNeeded: pixel >> 16)
                        out[index &+ 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                        out[index &+ 2] = UInt8(truncatingIfNeeded: pixel)
                        index &+= 3
                    }
                }
                for i in index..<out.count { out[i] = 0 }
            }
            try writeAll(fd, row)
        }
        return true
    }

    /// Nothing to release: each frame's file is closed after writing.
    public func close() {}

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(DisplayError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .systemCall(device: path, call: "write", errno: errno)
            }
            written += result
        }
    }
}
