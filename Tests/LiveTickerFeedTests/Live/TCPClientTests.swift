import LiveTickerCore
import Testing

@testable import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// Accepts one connection on the (non-blocking) listener within 10 s; -1 when none came.
func acceptOne(_ listener: Int32) -> Int32 {
    var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 10_000) == 1 else { return -1 }
    return accept(listener, nil, nil)
}

@Suite("TCP client (--connect)", .serialized)
struct TCPClientTests {
    /// A real loopback server: two connections, each its own document (a header on the first,
    /// headerless lines on the second); the client reconnects by itself after the first closes,
    /// and a symbol seen on both connections is one series.
    @Test func reconnectsAndMapsSymbolsAcrossConnections() throws {
        let endpoint = LiveEndpoint.tcp(host: "127.0.0.1", port: 0)
        let (listener, port) = try ListeningSocket.open(host: "127.0.0.1", port: 0, udp: false, endpoint: endpoint)
        defer { close(listener) }
        let client = TCPClientTickSource(
            host: "127.0.0.1", port: port,
            backoff: ReconnectBackoff(initialMilliseconds: 10, maximumMilliseconds: 50))
        client.start()
        defer { client.stop() }

        let first = acceptOne(listener)
        #expect(first >= 0)
        send(first, "time,price,symbol\n1709280000000,1.5,AAA\n1709280000001,2.5,BBB\n")
        close(first)
        let second = acceptOne(listener)
        #expect(second >= 0)
        send(second, "1709280000002,3.5,1,BBB\n1709280000003,4.5,1,CCC\nnot a tick\n")
        close(second)

        let ticks = collect(client, count: 4)
        #expect(ticks.ticks.map(\.value) == [1.5, 2.5, 3.5, 4.5])
        #expect(waitUntil { client.report.badLines == 1 })
        let symbols = client.symbols
        #expect(ticks.symbols.map { symbols.name(of: $0) } == ["AAA", "BBB", "BBB", "CCC"])
        #expect(client.connection.reconnects >= 1)
        #expect(client.counts.connections >= 2)
        #expect(client.report.ticks == 4)
        #expect(client.error == nil && !client.isFinished)
        #expect(client.summaryLines.first?.hasPrefix("tcp://127.0.0.1:\(port) (connect): ") == true)
    }

    /// Nothing listening: the client says why and keeps trying; stop ends it at once.
    @Test func refusedIsRetriedNotFatal() throws {
        let endpoint = LiveEndpoint.tcp(host: "127.0.0.1", port: 0)
        let (listener, port) = try ListeningSocket.open(host: "127.0.0.1", port: 0, udp: false, endpoint: endpoint)
        close(listener)  // the port is now closed: connects are refused
        let client = TCPClientTickSource(
            host: "127.0.0.1", port: port, backoff: ReconnectBackoff(initialMilliseconds: 10, maximumMilliseconds: 20))
        client.start()
        #expect(waitUntil {
            if case let .disconnected(reason) = client.connection.state { return reason.contains("refused") }
            return false
        })
        #expect(!client.isFinished)
        client.stop()
        #expect(client.isFinished && client.error == nil)
    }

    /// Strict mode: the first bad line ends the client with that error (nothing is retried).
    @Test func strictEndsOnBadLine() throws {
        let endpoint = LiveEndpoint.tcp(host: "127.0.0.1", port: 0)
        let (listener, port) = try ListeningSocket.open(host: "127.0.0.1", port: 0, udp: false, endpoint: endpoint)
        defer { close(listener) }
        var options = FeedOptions()
        options.strict = true
        let client = TCPClientTickSource(host: "127.0.0.1", port: port, options: options)
        client.start()
        defer { client.stop() }
        let fd = acceptOne(listener)
        send(fd, "1709280000000,1.5\nbad line here\n1709280000001,2.5\n")
        close(fd)
        #expect(waitUntil { client.isFinished })
        guard case .badLine? = client.error else {
            Issue.record("expected a bad-line error, got \(String(describing: client.error))")
            return
        }
    }
}
