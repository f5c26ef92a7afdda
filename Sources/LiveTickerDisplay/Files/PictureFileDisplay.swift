import LiveTickerImageIO
import LiveTickerRender

/// A display that writes each presented frame to a picture file (binary PPM, P6, or PNG,
/// through LiveTickerImageIO's encoders), replacing the previous one: after a run the file
/// holds the last frame. A path with a counter (`frames/%05d.png`) writes numbered files.
///
/// Used for renders to share, golden images, and as the reference the QEMU end-to-end test
/// compares the screen against. No pacing: `present` returns as soon as the file is written.
public final class PictureFileDisplay: Display {
    /// Picture formats this display writes.
    public enum Format: Sendable, Hashable {
        /// Binary PPM (P6), 8 bits per channel.
        case ppm
        /// PNG, 8-bit RGB, deflated with zlib.
        case png
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
    /// How `path` names each frame (a fixed file, or `%05d`-style numbered files).
    public let fileName: FrameFileName
    /// Frames written so far; the next numbered file is `framesWritten + 1`.
    public private(set) var framesWritten = 0
    /// The format written.
    public let format: Format
    /// `file out.ppm 800x480`.
    public var summary: String { "file \(path) \(width)x\(height)" }

    /// Reused for every frame: allocates only on the first one.
    private let ppmEncoder = PPMEncoder()
    /// Made on first use; keeps its zlib state and buffers between frames.
    private lazy var pngEncoder = PNGEncoder()
    /// Holds a frame of another size cropped/padded to ours; made on first need.
    private var staging: Framebuffer?

    /// Prepares a `width × height` file output at `path`; nothing is written until `present`.
    public init(path: String, width: Int, height: Int, format: Format = .ppm) {
        precondition(width >= 1 && height >= 1)
        self.path = path
        self.fileName = FrameFileName(path)
        self.width = width
        self.height = height
        self.format = format
    }

    /// Writes `frame` to the file (cropped, or padded with black, to `width × height`).
    /// - Throws: `DisplayError.pictureFile` naming the file and the reason.
    /// - Cost: O(width × height); no allocation after the first frame.
    @discardableResult
    public func present(_ frame: Framebuffer) throws(DisplayError) -> Bool {
        var picture = frame
        if frame.width != width || frame.height != height {
            let target = staging ?? Framebuffer(width: width, height: height)
            staging = target
            PixelCopy.copy(frame, layout: .xrgb8888, to: target.pixels, width: width, height: height, pitch: target.pitchInBytes)
            picture = target
        }
        do {
            let path = fileName.path(frame: framesWritten + 1)
            switch format {
            case .ppm: try ppmEncoder.write(picture, to: path)
            case .png: try pngEncoder.write(picture, to: path)
            }
            framesWritten += 1
        } catch {
            throw .pictureFile(message: error.description)
        }
        return true
    }

    /// Nothing to release: each frame's file is closed after writing.
    public func close() {}
}
