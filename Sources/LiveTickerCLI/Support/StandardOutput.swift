import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// A buffered writer to a file descriptor (standard output or standard error) that needs no
/// Foundation and allocates its buffer once.
///
/// Commands that print one line per data row (`downsample`) write through this so that a
/// million rows cost a few thousand `write(2)` calls, not a million. Not thread-safe: one
/// writer per thread.
public struct StandardOutput: ~Copyable {
    private let descriptor: Int32
    private var buffer: [UInt8]
    private let capacity: Int

    /// A writer for `descriptor` with a `capacity`-byte buffer (allocated once).
    public init(descriptor: Int32, capacity: Int = 1 << 16) {
        self.descriptor = descriptor
        self.capacity = capacity
        self.buffer = []
        self.buffer.reserveCapacity(capacity)
    }

    /// Appends `text`; flushes first when the buffer would overflow. O(text.utf8.count).
    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    /// Appends raw bytes; flushes first when the buffer would overflow.
    public mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        if buffer.count + bytes.count > capacity { flush() }
        if bytes.count >= capacity {
            Self.writeAll(descriptor, bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes everything buffered to the descriptor (retrying on partial writes and EINTR).
    public mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBufferPointer { Self.writeAll(descriptor, $0) }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit {
        if !buffer.isEmpty {
            buffer.withUnsafeBufferPointer { Self.writeAll(descriptor, $0) }
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return  // stdout closed (e.g. `| head`): nothing useful left to do with the bytes
            }
            next += written
            remaining -= written
        }
    }
}

/// Writes `message` and a newline to standard error, unbuffered. For diagnostics only.
/// Control characters but newlines are escaped (the last line of defence: messages carry names
/// and lines from files and peers) and a message is cut after 16 KiB.
public func printError(_ message: String) {
    var line = MessageText.escaped(message, keepingNewlines: true)
    if line.utf8.count > 16 << 10 { line = String(line.prefix(16 << 10)) + " …(cut)" }
    line += "\n"
    line.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 { if errno == EINTR { continue } else { return } }
            offset += written
        }
    }
}
