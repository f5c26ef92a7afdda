import Testing

@testable import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// The stoppable host lookup of the connect-out clients. (A lookup held up by a resolver that
/// never answers is shown by the MQTT stage's dns case, in a network namespace of its own.)
@Suite struct HostLookupTests {
    @Test func numericAddressesNeedNoLookup() {
        guard case let .found(v4) = HostLookup.resolve("127.0.0.1", port: 9000, stop: StopFlag()) else {
            Issue.record("127.0.0.1 did not parse")
            return
        }
        #expect(v4.count == 1 && v4[0].family == AF_INET && v4[0].numericHost == "127.0.0.1")
        guard case let .found(v6) = HostLookup.resolve("::1", port: 9000, stop: StopFlag()) else {
            Issue.record("::1 did not parse")
            return
        }
        #expect(v6[0].family == AF_INET6 && v6[0].numericHost == "::1")
        // Even when already stopped: a number is parsed, not looked up.
        let stopped = StopFlag()
        stopped.stop()
        guard case .found = HostLookup.resolve("10.0.0.7", port: 1, stop: stopped) else {
            Issue.record("a numeric address was not parsed under a raised stop flag")
            return
        }
    }

    @Test func theAddressConnects() throws {
        // A listener on an ephemeral loopback port, reached through the looked-up address.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        #expect(bound && listen(listener, 1) == 0)
        let port = UInt16(bigEndian: address.sin_port)
        guard case let .found(found) = HostLookup.resolve("127.0.0.1", port: port, stop: StopFlag()) else {
            Issue.record("no address")
            return
        }
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        #expect(found[0].withSocketAddress { connect(client, $0, $1) } == 0)
    }

    @Test func aNameIsLookedUpOnAHelperAndAStopReturnsAtOnce() {
        // localhost comes from /etc/hosts: no network needed.
        guard case let .found(local) = HostLookup.resolve("localhost", port: 80, stop: StopFlag()) else {
            Issue.record("localhost did not resolve")
            return
        }
        #expect(local.contains { $0.numericHost == "127.0.0.1" || $0.numericHost == "::1" })
        // A raised flag: the caller does not wait for the lookup of a name.
        let stopped = StopFlag()
        stopped.stop()
        guard case .stopped = HostLookup.resolve("localhost", port: 80, stop: stopped) else {
            Issue.record("a raised stop flag did not end the lookup")
            return
        }
    }
}
