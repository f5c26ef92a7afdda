#if canImport(Glibc)
import Glibc
#endif

/// A peer's IPv4 or IPv6 address and port, as `accept(2)` or `recvfrom(2)` report it.
///
/// The address is kept as 128 bits in two integers (network byte order read big-endian), IPv4
/// in its IPv4-mapped IPv6 form (`::ffff:a.b.c.d`, RFC 4291 §2.5.5.2), so one ``PeerFilter``
/// prefix test covers both families, a dual-stack listener's mapped peers match IPv4 rules, and
/// checking a datagram's sender allocates nothing.
public struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// The first and last 64 bits of the 128-bit address.
    public let high: UInt64, low: UInt64
    /// The port.
    public let port: UInt16

    /// An address from its two 64-bit halves and a port.
    public init(high: UInt64, low: UInt64, port: UInt16) {
        self.high = high
        self.low = low
        self.port = port
    }

    /// Reads an `AF_INET` or `AF_INET6` socket address; nil for other families. O(1).
    init?(_ storage: sockaddr_storage) {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            let (address, port) = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ($0.pointee.sin_addr.s_addr, $0.pointee.sin_port) }
            }
            self.init(high: 0, low: 0xFFFF_0000_0000 | UInt64(UInt32(bigEndian: address)), port: UInt16(bigEndian: port))
        case AF_INET6:
            let (address, port) = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ($0.pointee.sin6_addr, $0.pointee.sin6_port) }
            }
            let (high, low) = Self.halves(address)
            self.init(high: high, low: low, port: UInt16(bigEndian: port))
        default:
            return nil
        }
    }

    /// The two big-endian 64-bit halves of an `in6_addr`.
    static func halves(_ address: in6_addr) -> (UInt64, UInt64) {
        withUnsafeBytes(of: address) { raw in
            var high: UInt64 = 0
            var low: UInt64 = 0
            for i in 0..<8 { high = high << 8 | UInt64(raw[i]) }
            for i in 8..<16 { low = low << 8 | UInt64(raw[i]) }
            return (high, low)
        }
    }

    /// Whether the address is an IPv4 one (stored mapped).
    public var isIPv4: Bool { high == 0 && low >> 32 == 0xFFFF }

    /// The address alone: `192.0.2.1` or `2001:db8::1`. Allocates.
    public var host: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            bytes[i] = UInt8(truncatingIfNeeded: high >> (56 - 8 * i))
            bytes[8 + i] = UInt8(truncatingIfNeeded: low >> (56 - 8 * i))
        }
        let ipv4 = isIPv4
        let ok = bytes.withUnsafeBytes { raw in
            inet_ntop(ipv4 ? AF_INET : AF_INET6, raw.baseAddress! + (ipv4 ? 12 : 0), &text, socklen_t(text.count)) != nil
        }
        guard ok else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `192.0.2.1:5000` or `[2001:db8::1]:5000`. Allocates.
    public var description: String { isIPv4 ? "\(host):\(port)" : "[\(host)]:\(port)" }
}
