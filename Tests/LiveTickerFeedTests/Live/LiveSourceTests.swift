import LiveTickerCore
import Testing

@testable import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// Drains any live feed until `count` ticks arrived or 10 s passed (a bound for a broken
/// build, not a timing assertion).
func collect(_ feed: any LiveTickFeed, count: Int) -> TickCollector {
    var collector = TickCollector()
    let deadline = ReplayPacer.now() + 10_000_000_000
    while collector.ticks.count < count && ReplayPacer.now() < deadline {
        if feed.queue.drain(into: &collector) == 0 { usleep(2_000) }
    }
    return collector
}

func sendUDP(port: UInt16, _ datagrams: [String]) {
    let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    for datagram in datagrams {
        let bytes = Array(datagram.utf8)
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bytes.withUnsafeBytes {
                    sendto(fd, $0.baseAddress, $0.count, 0, socketAddress, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }
}

func connectTCP(port: UInt16) -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let result = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    precondition(result == 0, "connect failed: \(errno)")
    return fd
}

/// A TCP listener on a free loopback port, started, and one client connection to it.
func startedTCPSourceWithClient() throws -> (source: LiveTickSource, port: UInt16, client: Int32) {
    let source = try LiveTickSource(endpoint: LiveEndpoint(parsing: "tcp://127.0.0.1:0"))
    let port = try #require(source.port)
    source.start()
    return (source, port, connectTCP(port: port))
}

func send(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) }
}

func hasTool(_ name: String) -> Bool { access("/usr/bin/\(name)", X_OK) == 0 || access("/bin/\(name)", X_OK) == 0 }

@Suite("Live sources", .serialized)
struct LiveSourceTests {
    @Test("endpoints parse")
    func endpoints() throws {
        #expect(try LiveEndpoint(parsing: "-") == .standardInput)
        #expect(try LiveEndpoint(parsing: "udp://127.0.0.1:9000") == .udp(host: "127.0.0.1", port: 9000))
        #expect(try LiveEndpoint(parsing: "TCP://[::1]:80") == .tcp(host: "::1", port: 80))
        #expect(try LiveEndpoint(parsing: "tcp://:7") == .tcp(host: "0.0.0.0", port: 7))
        #expect(try LiveEndpoint(parsing: "ticks.csv") == .followedFile(path: "ticks.csv"))
        #expect(throws: FeedError.invalidEndpoint("udp://host")) { try LiveEndpoint(parsing: "udp://host") }
        #expect(throws: FeedError.invalidEndpoint("tcp://h:99999")) { try LiveEndpoint(parsing: "tcp://h:99999") }
        #expect(throws: FeedError.self) { try LiveEndpoint(parsing: "http://x:1") }
        #expect(LiveEndpoint.tcp(host: "::1", port: 80).description == "tcp://[::1]:80")
    }

    @Test("the queue never blocks the producer: overflow is dropped and counted")
    func queueDrops() {
        let queue = TickQueue(capacity: 4)
        var accepted = 0
        for i in 0..<10 where queue.push(Tick(time: Int64(i), value: Double(i)), symbol: .first) { accepted += 1 }
        #expect(accepted == 4)
        #expect(queue.dropped == 6)
        var collector = TickCollector()
        #expect(queue.drain(into: &collector, maximum: 3) == 3)
        #expect(queue.pop()?.tick.time == 3)
        #expect(queue.pop() == nil)
        #expect(collector.ticks.map(\.time) == [0, 1, 2])
        // Wraps around correctly.
        for i in 0..<100 {
            queue.push(Tick(time: Int64(i), value: 0), symbol: SymbolID(UInt32(i)))
            #expect(queue.pop()?.symbol == SymbolID(UInt32(i)))
        }
    }

    @Test("a producer and a consumer thread pass every tick in order")
    func queueTwoThreads() {
        let queue = TickQueue(capacity: 1024)
        let total = 200_000
        let thread = startFeedThread {
            var i = 0
            while i < total {
                if queue.push(Tick(time: Int64(i), value: 0), symbol: .first) { i += 1 } else { sched_yield() }
            }
        }
        struct Check: TickSink {
            var next: Int64
            var inOrder: Bool
            mutating func consume(_ tick: Tick, symbol: SymbolID) {
                if tick.time != next { inOrder = false }
                next += 1
            }
        }
        var check = Check(next: 0, inOrder: true)
        while check.next < Int64(total) {
            if queue.drain(into: &check) == 0 { sched_yield() }
        }
        if let thread { pthread_join(thread, nil) }
        #expect(check.next == Int64(total))  // no tick delivered twice
        #expect(check.inOrder)
    }

    @Test("a listener publishes its value-column names (--value 2,3 by index), so the chart can tell the series")
    func listenerValueColumns() throws {
        var options = FeedOptions()
        options.valueColumn = .index(2)
        options.moreValueColumns = [.index(3)]
        let source = try LiveTickSource(endpoint: LiveEndpoint(parsing: "udp://127.0.0.1:0"), options: options)
        let port = try #require(source.port)
        source.start()
        sendUDP(port: port, ["time,device,temp_c,humidity\n1709285400000,a,20.5,40\n"])
        let collector = collect(source, count: 2)
        source.stop()
        #expect(collector.ticks.map(\.value) == [20.5, 40])
        #expect(source.valueColumnNames == ["temp_c", "humidity"])
    }

    @Test("UDP: datagrams with and without newlines, several lines per datagram, bad lines counted")
    func udp() throws {
        let source = try LiveTickSource(endpoint: LiveEndpoint(parsing: "udp://127.0.0.1:0"))
        let port = try #require(source.port)
        #expect(port != 0)
        source.start()
        sendUDP(port: port, ["1709285400000,101.25,3", "1709285400001,oops\n", "1709285400002,101.5\n1709285400003,102,1,XY\n"])
        let collector = collect(source, count: 3)
        source.stop()
        #expect(collector.ticks.map(\.value) == [101.25, 101.5, 102])
        #expect(collector.ticks[0].time == ns(march1At0930))
        #expect(source.report.count(of: .malformedNumber) == 1)
        #expect(source.symbols.name(of: collector.symbols[2]) == "XY")
        #expect(source.isFinished)
    }

    @Test("TCP: lines split across sends, a header, the last line without newline, reconnects")
    func tcp() throws {
        let (source, port, fd) = try startedTCPSourceWithClient()
        send(fd, "ts,sym,price\n1709285400000,AA")
        send(fd, "PL,10\n1709285400001,MSFT,20\n1709285400002,AAPL,1")
        send(fd, "1")
        close(fd)
        var collector = collect(source, count: 3)
        // Connections are served at once, so the next one is opened after the first's ticks came.
        let second = connectTCP(port: port)
        send(second, "1709285400003,5\n")  // headerless on a new connection
        close(second)
        let rest = collect(source, count: 1)
        collector.ticks += rest.ticks
        collector.symbols += rest.symbols
        source.stop()
        #expect(collector.ticks.map(\.value) == [10, 20, 11, 5])
        let table = source.symbols
        #expect(collector.symbols.map { table.name(of: $0) } == ["AAPL", "MSFT", "AAPL", ""])
        #expect(source.report.ticks == 4)
    }

    @Test("TCP: a header sent before its first line still names the symbol column")
    func headerBeforeData() throws {
        let (source, _, fd) = try startedTCPSourceWithClient()
        send(fd, "ts,sym,price\n")
        usleep(300_000)  // the header is read (and the layout decided) before any data arrives
        send(fd, "1709285400000,AAPL,10\n")
        close(fd)
        let collector = collect(source, count: 1)
        source.stop()
        #expect(collector.ticks.map(\.value) == [10])
        let table = source.symbols
        #expect(collector.symbols.map { table.name(of: $0) } == ["AAPL"])
    }

    @Test("socat and nc can feed the listeners (they must be installed: scripts/test installs them)")
    func externalTools() throws {
        // A missing tool fails this test: a test that passes without its tool cannot fail.
        #expect(hasTool("socat"), "socat is not installed (apt-get install -y socat)")
        #expect(hasTool("nc"), "nc is not installed (apt-get install -y netcat-openbsd)")
        if hasTool("socat") {
            let source = try LiveTickSource(endpoint: LiveEndpoint(parsing: "udp://127.0.0.1:0"))
            source.start()
            let port = try #require(source.port)
            #expect(system("printf '1,7\\n' | socat -u - UDP:127.0.0.1:\(port)") == 0)
            let collector = collect(source, count: 1)
            source.stop()
            #expect(collector.ticks.map(\.value) == [7])
        }
        if hasTool("nc") {
            let source = try LiveTickSource(endpoint: LiveEndpoint(parsing: "tcp://127.0.0.1:0"))
            source.start()
            let port = try #require(source.port)
            #expect(system("printf 'time,price\\n1,8\\n2,9\\n' | nc -q 0 127.0.0.1 \(port) || printf 'time,price\\n1,8\\n2,9\\n' | nc -N 127.0.0.1 \(port)") == 0)
            let collector = collect(source, count: 2)
            source.stop()
            #expect(collector.ticks.map(\.value) == [8, 9])
        }
    }

    @Test("a busy port is a clear error")
    func busyPort() throws {
        let first = try LiveTickSource(endpoint: LiveEndpoint(parsing: "tcp://127.0.0.1:0"))
        let port = try #require(first.port)
        #expect(throws: FeedError.self) { try LiveTickSource(endpoint: .tcp(host: "127.0.0.1", port: port)) }
    }

    @Test("follow mode: lines appended while reading arrive; a partial last line waits for its newline")
    func follow() throws {
        let path = temporaryPath("follow")
        defer { unlink(path) }
        writeFile(path, Array("time,price\n1,1\n2,2\n3,".utf8))
        let stop = StopFlag()
        let reader = try CSVTickReader(path: path, follow: true, stop: stop)
        reader.followPollInterval = 5_000_000
        var collector = TickCollector()
        try reader.nextBatch()?.deliver(to: &collector)
        #expect(collector.ticks.map(\.value) == [1, 2])
        appendFile(path, "3\n4,4\n")
        try reader.nextBatch()?.deliver(to: &collector)
        #expect(collector.ticks.map(\.value) == [1, 2, 3, 4])
        stop.stop()
        #expect(try reader.nextBatch()?.count == nil)

        // The same through a live source on its own thread, appending while it runs.
        writeFile(path, Array("time,price\n1,1\n".utf8))
        let source = try LiveTickSource(endpoint: .followedFile(path: path))
        source.start()
        let first = collect(source, count: 1)
        appendFile(path, "2,")
        appendFile(path, "2\n3,3\n")
        let rest = collect(source, count: 2)
        source.stop()
        #expect(first.ticks.map(\.value) == [1])
        #expect(rest.ticks.map(\.value) == [2, 3])
    }

    @Test("a pipe (like standard input) delivers lines as they are written and ends at EOF")
    func pipeInput() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let reader = CSVTickReader(fileDescriptor: fds[0], name: "-", closeOnDeinit: true)
        _ = Array("1709285400000,1\n".utf8).withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        var collector = TickCollector()
        try reader.nextBatch()?.deliver(to: &collector)
        #expect(collector.ticks.map(\.value) == [1])
        _ = Array("1709285400001,2".utf8).withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        try reader.read(into: &collector)
        #expect(collector.ticks.map(\.value) == [1, 2])
    }
}

