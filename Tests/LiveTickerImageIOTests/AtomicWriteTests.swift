import LiveTickerFiles
import LiveTickerImageIO
import LiveTickerRender
import LiveTickerTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Picture files are replaced, never rewritten in place: readers see the old picture or the
/// new one, a failed write keeps the old one, and links, devices and FIFOs are respected.
@Suite("Atomic picture writes")
struct AtomicWriteTests {
    func directory(_ tag: String) -> String { TemporaryFiles.makeDirectory("liveticker-atomic-\(tag)") }

    func remove(_ directory: String) { TemporaryFiles.removeTree(directory) }

    func entries(_ directory: String) -> [String] { TemporaryFiles.entries(directory) }

    func fileType(_ path: String, followLinks: Bool = false) -> mode_t {
        var info = stat()
        let status = followLinks ? stat(path, &info) : lstat(path, &info)
        return status == 0 ? info.st_mode & S_IFMT : 0
    }

    func frame(_ width: Int, _ height: Int, _ color: UInt32) -> Framebuffer {
        let fb = Framebuffer(width: width, height: height)
        fb.clear(to: color)
        return fb
    }

    @Test("a reader polling the file while frames are written never sees a partial picture")
    func concurrentReader() throws {
        let dir = directory("reader")
        defer { remove(dir) }
        let path = dir + "/frame.ppm"
        let encoder = PPMEncoder()
        try encoder.write(frame(200, 150, 0x102030), to: path)
        let complete = encoder.bytes.count
        let done = Atomic<Bool>(false)
        let reads = Atomic<Int>(0)
        let partial = Atomic<Int>(0)
        let reader = TestThread {
            var buffer = [UInt8](repeating: 0, count: complete + 16)
            while !done.load(ordering: .acquiring) {
                let fd = open(path, O_RDONLY)
                guard fd >= 0 else {
                    partial.add(1, ordering: .relaxed)  // the file must always be there
                    continue
                }
                var total = 0
                while true {
                    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + total, $0.count - total) }
                    if n <= 0 { break }
                    total += n
                }
                close(fd)
                reads.add(1, ordering: .relaxed)
                if total != complete { partial.add(1, ordering: .relaxed) }
            }
        }
        for i in 0..<40 { try encoder.write(frame(200, 150, UInt32(i) * 0x010101), to: path) }
        done.store(true, ordering: .releasing)
        reader.join()
        #expect(reads.load(ordering: .relaxed) > 0)
        #expect(partial.load(ordering: .relaxed) == 0, "\(partial.load(ordering: .relaxed)) of \(reads.load(ordering: .relaxed)) reads saw a partial picture")
        #expect(try PPMImage(contentsOf: path)[0, 0] == 39 * 0x010101)
        #expect(entries(dir) == ["frame.ppm"])  // no temporary file left behind
    }

    @Test("a symbolic link is written through: the link stays, its target gets the picture")
    func symlinkFollowed() throws {
        let dir = directory("link")
        defer { remove(dir) }
        let real = dir + "/real.png"
        let link = dir + "/link.png"
        #expect(symlink("real.png", link) == 0)  // relative, and dangling until the first write
        let encoder = PNGEncoder()
        try encoder.write(frame(8, 8, 0xFF0000), to: link)
        try encoder.write(frame(8, 8, 0x00FF00), to: link)
        #expect(fileType(link) == S_IFLNK)
        #expect(fileType(real) == S_IFREG)
        #expect(FileIOTestSupport.read(real) == encoder.bytes)
        #expect(entries(dir) == ["link.png", "real.png"])
    }

    @Test("a FIFO is written to, not replaced")
    func fifoWrittenDirectly() throws {
        let dir = directory("fifo")
        defer { remove(dir) }
        let fifo = dir + "/pipe.ppm"
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = Mutex<[UInt8]>([])
        let reader = TestThread {
            let fd = open(fifo, O_RDONLY)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                if n <= 0 { break }
                received.withLock { $0 += chunk[0..<n] }
            }
            close(fd)
        }
        let encoder = PPMEncoder()
        try encoder.write(frame(20, 10, 0x123456), to: fifo)
        reader.join()
        #expect(received.withLock { $0 } == encoder.bytes)
        #expect(fileType(fifo) == S_IFIFO)
        #expect(entries(dir) == ["pipe.ppm"])
    }

    @Test("a device is written to, not replaced (a private copy of /dev/null when root, else /dev/null)")
    func deviceWrittenDirectly() throws {
        let dir = directory("device")
        defer { remove(dir) }
        let copy = dir + "/null"
        let device = mknod(copy, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 ? copy : "/dev/null"
        try PPMEncoder().write(frame(4, 4, 0), to: device)
        try FileIO.write([1, 2, 3], to: device)
        #expect(fileType(device) == S_IFCHR)
    }

    @Test("a replaced file keeps its permissions; a new one gets 0644 less the umask")
    func permissions() throws {
        let dir = directory("mode")
        defer { remove(dir) }
        let path = dir + "/out.ppm"
        try FileIO.write([1], to: path)
        var info = stat()
        stat(path, &info)
        let mask = umask(0o022)
        umask(mask)
        #expect(info.st_mode & 0o777 == 0o644 & ~mask)
        chmod(path, 0o600)
        try FileIO.write([2], to: path)
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(FileIOTestSupport.read(path) == [2])
    }

    @Test("a failed write keeps the previous file and leaves no temporary file")
    func failureKeepsPrevious() throws {
        let dir = directory("fail")
        defer { remove(dir) }
        let path = dir + "/out.ppm"
        try FileIO.write([1, 2, 3], to: path)
        let file = try ReplacementFile(path: path)
        let fd = try file.begin()
        #expect(write(fd, [9, 9], 2) == 2)
        file.abandon()
        #expect(FileIOTestSupport.read(path) == [1, 2, 3])
        #expect(entries(dir) == ["out.ppm"])
        // A directory in the way, or a missing directory, is a clear error naming the path.
        #expect(throws: ImageIOError.self) { try FileIO.write([1], to: dir) }
        do {
            try FileIO.write([1], to: dir + "/missing/out.ppm")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "cannot write \(dir)/missing/out.ppm: No such file or directory")
        }
    }
}

enum FileIOTestSupport {
    static func read(_ path: String) -> [UInt8] { (try? FileIO.read(path)) ?? [] }
}
