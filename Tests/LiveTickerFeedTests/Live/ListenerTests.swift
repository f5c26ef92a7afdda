import LiveTickerCore
import Testing

@testable import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// Waits until `condition` holds or 10 s passed (a bound for a broken build, not a timing
/// assertion); returns whether it held.
@discardableResult
func waitUntil(_ condition: () -> Bool) -> Bool {
    let deadline = ReplayPacer.now() + 10_000_000_000
    while !condition() {
        if ReplayPacer.now() > deadline { return false }
        usleep(2_000)
    }
    return true
}

/// Whether the server closed the client's connection `fd` (read gives EOF or a reset) within 10 s.
func serverClosed(_ fd: Int32) -> Bool {
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var byte: UInt8 = 0
    let n = recv(fd, &byte, 1, 0)
    return n == 0 || (n < 0 && errno == ECONNRESET)
}

func listener(_ configure: (inout ListenerOptions) -> Void) -> ListenerOptions {
    var options = ListenerOptions()
    configure(&options)
    return options
}

/// A listener on a free loopback port (`udp` or `tcp`), started, with the port it bound.
func startedListener(udp: Bool, options: ListenerOptions = ListenerOptions()) throws -> (LiveTickSource, UInt16) {
    let endpoint: LiveEndpoint = udp ? .udp(host: "127.0.0.1", port: 0) : .tcp(host: "127.0.0.1", port: 0)
    let source = try LiveTickSource(endpoint: endpoint, listener: options)
    source.start()
    return (source, try #require(source.port))
}

/// A live listener's peers are strangers: each datagram and connection is read on its own,
/// nothing one sends ends the listener or reaches another's ticks, and every limit is counted.
@Suite("Listeners and hostile peers", .serialized)
struct ListenerTests {
    @Test("UDP: a first datagram 'hello' is one bad line; the listener goes on")
    func udpGarbageFirst() throws {
        let (source, port) = try startedListener(udp: true)
        sendUDP(port: port, ["hello"])
        #expect(waitUntil { source.report.badLines == 1 })
        sendUDP(port: port, ["1709285400000,5"])
        let collector = collect(source, count: 1)
        source.stop()
        #expect(collector.ticks.map(\.value) == [5])
        #expect(source.report.count(of: .badHeader) == 1)
        #expect(source.error == nil)
        #expect(source.listenerReport.datagrams == 2)
    }

    @Test("UDP: each datagram carries its own optional header; `value,time` swaps nothing after it")
    func udpHeaderPerDatagram() throws {
        let (source, port) = try startedListener(udp: true)
        sendUDP(port: port, ["value,time"])
        #expect(waitUntil { source.listenerReport.datagrams == 1 })
        sendUDP(port: port, ["1709285400000,7", "price,time\n8,1709285400001\n9,1709285400002", "1709285400003,10\n"])
        let collector = collect(source, count: 4)
        source.stop()
        #expect(collector.ticks.map(\.value) == [7, 8, 9, 10])
        #expect(collector.ticks.map(\.time) == [0, 1, 2, 3].map { ns(march1At0930) + $0 * 1_000_000 })
        #expect(source.report.badLines == 0)
    }

    @Test("UDP: a datagram that looks like JSON or line protocol does not turn later datagrams into it")
    func udpNoFormatSwitch() throws {
        let (source, port) = try startedListener(udp: true)
        sendUDP(port: port, ["[garbage", "{x", "m,t=1 f=2"])
        #expect(waitUntil { source.listenerReport.datagrams == 3 })
        sendUDP(port: port, ["1709285400000,5"])
        let collector = collect(source, count: 1)
        source.stop()
        #expect(collector.ticks.map(\.value) == [5])
        #expect(source.report.count(of: .badHeader) == 3)
    }

    @Test("UDP: headerless datagrams after one with ISO-8601 times under its own header read as before")
    func udpTimeFormPerDatagram() throws {
        let (source, port) = try startedListener(udp: true)
        sendUDP(port: port, ["1709285400000,1"])
        #expect(waitUntil { source.listenerReport.datagrams == 1 })
        sendUDP(port: port, ["time,price\n2024-03-01T09:30:00.002Z,2"])
        #expect(waitUntil { source.listenerReport.datagrams == 2 })
        sendUDP(port: port, ["1709285400003,3"])
        let collector = collect(source, count: 3)
        source.stop()
        #expect(collector.ticks.map(\.value) == [1, 2, 3])
        #expect(collector.ticks.map(\.time) == [0, 2, 3].map { ns(march1At0930) + $0 * 1_000_000 })
        #expect(source.report.badLines == 0)
    }

    @Test("TCP: a bad header is a counted bad line with the lines under it; the next connection is served")
    func tcpBadHeader() throws {
        let (source, port) = try startedListener(udp: false)
        let bad = connectTCP(port: port)
        send(bad, "hello\n1709285400000,1\n")
        close(bad)
        #expect(waitUntil { source.report.badLines == 2 })
        let good = connectTCP(port: port)
        send(good, "1709285400001,2\n")
        close(good)
        let collector = collect(source, count: 1)
        source.stop()
        #expect(collector.ticks.map(\.value) == [2])
        #expect(source.report.count(of: .badHeader) == 2)
        #expect(source.error == nil)
    }

    @Test("TCP: an empty connection (a port scan) is counted, not an error")
    func tcpEmptyConnection() throws {
        let (source, port) = try startedListener(udp: false)
        close(connectTCP(port: port))
        #expect(waitUntil { source.listenerReport.emptyConnections == 1 })
        let good = connectTCP(port: port)
        send(good, "1709285400001,2\n")
        close(good)
        let collector = collect(source, count: 1)
        source.stop()
        #expect(collector.ticks.map(\.value) == [2])
        #expect(source.error == nil)
        #expect(source.listenerReport.connections == 2)
    }

    @Test("TCP: an idle connection does not hold up another; connections are served at once")
    func tcpConcurrent() throws {
        let (source, port) = try startedListener(udp: false)
        let idle = connectTCP(port: port)
        send(idle, "time,price\n1709285400000,")  // a partial line, then silence
        let other = connectTCP(port: port)
        send(other, "1709285400001,2\n")
        let collector = collect(source, count: 1)  // arrives while `idle` is still open
        #expect(collector.ticks.map(\.value) == [2])
        send(idle, "1\n")
        let rest = collect(source, count: 1)
        #expect(rest.ticks.map(\.value) == [1])
        #expect(source.listenerReport.openConnections == 2)
        close(idle)
        close(other)
        source.stop()
    }

    @Test("TCP: a burst of short lines arrives whole while its sender waits, connection open")
    func tcpBurstThenWait() throws {
        let (source, port) = try startedListener(udp: false)
        let fd = connectTCP(port: port)
        // 4-byte lines: one 64 KiB read holds 16 384 of them, many batches' worth.
        send(fd, String(repeating: "1,2\n", count: 40_000))
        let collector = collect(source, count: 40_000)
        #expect(collector.ticks.count == 40_000)
        close(fd)
        source.stop()
    }

    @Test("TCP: a connection quiet for the idle timeout is closed and counted")
    func tcpIdleTimeout() throws {
        let (source, port) = try startedListener(udp: false, options: listener { $0.idleTimeout = .milliseconds(200) })
        let idle = connectTCP(port: port)
        #expect(serverClosed(idle))
        close(idle)
        source.stop()
        #expect(source.listenerReport.closedIdle == 1)
        #expect(source.listenerReport.openConnections == 0)
    }

    @Test("TCP: at the connection cap a busy server refuses a newcomer and counts it")
    func tcpCapRefuses() throws {
        let (source, port) = try startedListener(
            udp: false,
            options: listener {
                $0.maximumConnections = 2
                $0.evictionQuietTime = .seconds(3600)
            })
        let first = connectTCP(port: port)
        let second = connectTCP(port: port)
        #expect(waitUntil { source.listenerReport.openConnections == 2 })
        let third = connectTCP(port: port)
        #expect(serverClosed(third))
        #expect(source.listenerReport.refusedAtCapacity == 1)
        send(first, "1709285400000,1\n")
        #expect(collect(source, count: 1).ticks.map(\.value) == [1])
        for fd in [first, second, third] { close(fd) }
        source.stop()
    }

    @Test("TCP: at the cap a newcomer takes the place of the quietest connection")
    func tcpCapEvicts() throws {
        let (source, port) = try startedListener(
            udp: false,
            options: listener {
                $0.maximumConnections = 2
                $0.evictionQuietTime = .zero
            })
        let quiet = connectTCP(port: port)
        #expect(waitUntil { source.listenerReport.openConnections == 1 })
        let busy = connectTCP(port: port)
        send(busy, "1709285400000,1\n")
        #expect(collect(source, count: 1).ticks.map(\.value) == [1])
        let newcomer = connectTCP(port: port)
        send(newcomer, "1709285400001,2\n")
        #expect(collect(source, count: 1).ticks.map(\.value) == [2])
        #expect(serverClosed(quiet))
        #expect(source.listenerReport.closedForRoom == 1)
        #expect(source.listenerReport.refusedAtCapacity == 0)
        for fd in [quiet, busy, newcomer] { close(fd) }
        source.stop()
    }

    @Test("TCP: the listen backlog holds a burst of 300 senders before the server accepts any")
    func backlogBurst() throws {
        // Bound and listening, but not yet accepting: every connection waits in the backlog.
        let source = try LiveTickSource(endpoint: .tcp(host: "127.0.0.1", port: 0))
        let port = try #require(source.port)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var descriptors: [pollfd] = []
        for _ in 0..<300 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            descriptors.append(pollfd(fd: fd, events: Int16(POLLOUT), revents: 0))
        }
        defer { for d in descriptors { close(d.fd) } }
        var connected = 0
        let deadline = ReplayPacer.now() + 3_000_000_000
        while ReplayPacer.now() < deadline {
            _ = poll(&descriptors, nfds_t(descriptors.count), 100)
            connected = descriptors.filter { d in
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                return d.revents & Int16(POLLOUT) != 0 && getsockopt(d.fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == 0
            }.count
            if connected == descriptors.count { break }
        }
        #expect(connected == 300)
    }

    @Test("TCP: accepted connections get keepalive, so a vanished peer's connection ends")
    func keepalive() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        ListeningSocket.enableKeepalive(fd)
        func option(_ level: Int32, _ name: Int32) -> Int32 {
            var value: Int32 = -1
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, level, name, &value, &length)
            return value
        }
        #expect(option(SOL_SOCKET, SO_KEEPALIVE) == 1)
        #expect(option(Int32(IPPROTO_TCP), TCP_KEEPIDLE) == 60)
        #expect(option(Int32(IPPROTO_TCP), TCP_KEEPINTVL) == 10)
        #expect(option(Int32(IPPROTO_TCP), TCP_KEEPCNT) == 6)
    }

    @Test("past 65 536 symbols, a new symbol's ticks are dropped and counted, never charted as another")
    func symbolOverflow() throws {
        let (source, port) = try startedListener(udp: false)
        let filler = connectTCP(port: port)
        var text = ""
        for i in 0..<SymbolTable.maximumCount {
            text += "1709285400000,1,0,S\(i)\n"
            if text.utf8.count > 60_000 {
                send(filler, text)
                text = ""
            }
        }
        send(filler, text)
        close(filler)
        var collector = TickCollector()
        #expect(waitUntil {
            source.drain(into: &collector)
            return collector.ticks.count == SymbolTable.maximumCount
        })
        let late = connectTCP(port: port)
        send(late, "1709285400001,2,0,NEW\n1709285400002,3,0,S7\n")
        close(late)
        #expect(waitUntil {
            source.drain(into: &collector)
            return collector.ticks.count == SymbolTable.maximumCount + 1
        })
        source.stop()
        source.drain(into: &collector)
        #expect(!collector.ticks.contains { $0.value == 2 })
        #expect(collector.ticks.last?.value == 3)
        #expect(source.symbols.name(of: try #require(collector.symbols.last)) == "S7")
        #expect(source.listenerReport.symbolLimitDrops == 1)
        #expect(source.symbols.count == SymbolTable.maximumCount)
    }

    @Test("--allow: CIDR rules for IPv4 and IPv6, hosts, host bits, any; bad rules are clear errors")
    func peerFilter() throws {
        func address(_ text: String) -> SocketAddress {
            var storage = sockaddr_storage()
            withUnsafeMutablePointer(to: &storage) { pointer in
                if text.contains(":") {
                    pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        $0.pointee.sin6_family = sa_family_t(AF_INET6)
                        _ = inet_pton(AF_INET6, text, &$0.pointee.sin6_addr)
                    }
                } else {
                    pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        $0.pointee.sin_family = sa_family_t(AF_INET)
                        _ = inet_pton(AF_INET, text, &$0.pointee.sin_addr)
                    }
                }
            }
            return SocketAddress(storage)!
        }
        let loopback = PeerFilter.loopback
        #expect(loopback.permits(address("127.0.0.1")))
        #expect(loopback.permits(address("127.255.1.2")))
        #expect(loopback.permits(address("::1")))
        #expect(loopback.permits(address("::ffff:127.0.0.1")))  // a dual-stack listener's IPv4 peer
        #expect(!loopback.permits(address("128.0.0.1")))
        #expect(!loopback.permits(address("192.168.1.7")))
        #expect(!loopback.permits(address("::2")))

        let lan = try PeerFilter(parsing: "192.168.1.77/24, 10.0.0.7,fd00::/8")
        #expect(lan.permits(address("192.168.1.1")))
        #expect(lan.permits(address("192.168.1.255")))
        #expect(!lan.permits(address("192.168.2.1")))
        #expect(lan.permits(address("10.0.0.7")))
        #expect(!lan.permits(address("10.0.0.8")))
        #expect(lan.permits(address("fd12:3456::1")))
        #expect(!lan.permits(address("fe80::1")))
        #expect(!lan.permits(address("127.0.0.1")))
        #expect(try PeerFilter(parsing: "172.16.0.0/12").permits(address("172.31.255.255")))
        #expect(!(try PeerFilter(parsing: "172.16.0.0/12").permits(address("172.32.0.0"))))

        let any = try PeerFilter(parsing: "any")
        #expect(any.permits(address("203.0.113.9")) && any.permits(address("2001:db8::1")))
        #expect(try PeerFilter(parsing: "0.0.0.0/0").permits(address("203.0.113.9")))
        #expect(!(try PeerFilter(parsing: "0.0.0.0/0").permits(address("2001:db8::1"))))

        for bad in ["", "10.0.0.0/33", "300.1.1.1", "::1/129", "10.0.0.0/", "host.example", "10.0.0.0/8,,"] {
            #expect(throws: FeedError.self, "\(bad)") { try PeerFilter(parsing: bad) }
        }
        #expect(address("192.0.2.1").description == "192.0.2.1:0")
        #expect(address("2001:db8::1").description == "[2001:db8::1]:0")
    }

    @Test("--allow: peers outside the list are refused unread and counted, UDP and TCP")
    func refusedPeers() throws {
        let elsewhere = listener { $0.allow = try! PeerFilter(parsing: "10.0.0.0/8") }
        let udp = try LiveTickSource(endpoint: .udp(host: "127.0.0.1", port: 0), listener: elsewhere)
        udp.start()
        sendUDP(port: try #require(udp.port), ["1709285400000,1", "1709285400001,2"])
        #expect(waitUntil { udp.listenerReport.refusedPeers == 2 })
        udp.stop()
        #expect(udp.report.lines == 0 && udp.queue.count == 0)
        #expect(udp.listenerReport.firstRefusedPeer?.host == "127.0.0.1")

        let tcp = try LiveTickSource(endpoint: .tcp(host: "127.0.0.1", port: 0), listener: elsewhere)
        tcp.start()
        let fd = connectTCP(port: try #require(tcp.port))
        send(fd, "1709285400000,1\n")
        #expect(serverClosed(fd))
        close(fd)
        tcp.stop()
        #expect(tcp.listenerReport.refusedPeers == 1)
        #expect(tcp.listenerReport.connections == 0)
        #expect(tcp.report.lines == 0 && tcp.queue.count == 0)
    }

    @Test("a host name that cannot be resolved reports the resolver's error")
    func unresolvableHost() {
        #expect {
            try LiveTickSource(endpoint: .udp(host: "no-such-host.invalid", port: 9000))
        } throws: { error in
            guard case let .cannotResolve(endpoint, host, reason) = error as? FeedError else { return false }
            let message = (error as! FeedError).description
            return endpoint == "udp://no-such-host.invalid:9000" && host == "no-such-host.invalid" && !reason.isEmpty
                && !message.contains("invalid endpoint") && message.contains(reason)
        }
    }
}

/// Bytes from files and peers are escaped before they reach a terminal or the journal, and
/// lists in summaries are bounded.
@Suite("Message text from peers and files")
struct MessageTextTests {
    @Test("control bytes, DEL, C1 controls and bidi overrides are escaped; text stays as it was")
    func escaping() {
        #expect(MessageText.escaped("\u{1B}]0;pwned\u{07},1") == "\\x1b]0;pwned\\x07,1")
        #expect(MessageText.escaped("a\u{7F}b\u{9B}c") == "a\\x7fb\\u{009b}c")
        #expect(MessageText.escaped("x\u{202E}y\r\n") == "x\\u{202e}y\\x0d\\x0a")
        #expect(MessageText.escaped("one\ntwo\t", keepingNewlines: true) == "one\ntwo\\x09")
        #expect(MessageText.escaped("ACME 101.25 €, Zürich") == "ACME 101.25 €, Zürich")
        #expect(MessageText.escaped(bytes: [0x41, 0xFF, 0x1B]) == "A\u{FFFD}\\x1b")
    }

    @Test("fields and lists are cut with a count of what was left out")
    func bounds() {
        #expect(MessageText.field(String(repeating: "x", count: 500)).count == MessageText.maximumFieldLength + 1)
        let names = (0..<65_536).map { "S\($0)" }
        let list = MessageText.list(names)
        #expect(list.hasSuffix("… and 65524 more"))
        #expect(list.count < 200)
        #expect(MessageText.list(["A", "B"]) == "A, B")
    }

    @Test("a bad line's excerpt and a header in an error print as text")
    func messages() throws {
        let parsed = try parse("time,price\n1709285400000,\u{1B}[2J\n")
        let line = try #require(parsed.report.firstBadLines.first)
        #expect(line.description.contains("\\x1b[2J"))
        #expect(!line.description.unicodeScalars.contains { $0.value == 0x1B })
        #expect(!parsed.report.summary.unicodeScalars.contains { $0.value == 0x1B })
        let header = (0..<2000).map { "c\($0)\u{07}" }.joined(separator: ",")
        #expect {
            try parse(header + "\n1,2\n")
        } throws: { error in
            let text = (error as! FeedError).description
            return text.contains("\\x07") && !text.unicodeScalars.contains { $0.value == 7 } && text.count < 2000
        }
    }
}
