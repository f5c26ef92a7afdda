#if canImport(Glibc)
import Glibc
#endif

/// Which peers a listener accepts: a list of CIDR prefixes (`--allow 192.168.1.0/24,::1`).
///
/// The default is loopback only (`127.0.0.0/8` and `::1`), whatever address the listener is
/// bound to (`tcp://:9000` binds every interface, yet still accepts only this machine): a kiosk
/// on a network accepts other machines only when told which. A peer outside the list is refused
/// before a byte of it is read (TCP: closed at once; UDP: the datagram is dropped) and counted in
/// ``ListenerReport/refusedPeers``. A check is two masked compares per rule on the 128-bit
/// address (IPv4 rules stored IPv4-mapped, see ``SocketAddress``); it allocates nothing.
public struct PeerFilter: Sendable, Equatable, CustomStringConvertible {
    /// One rule: the network's address (host bits zero) and its mask, as 128-bit halves.
    public struct Prefix: Sendable, Equatable {
        /// The network's address.
        public let high: UInt64, low: UInt64
        /// The mask of the bits that must match.
        public let maskHigh: UInt64, maskLow: UInt64
    }

    /// The rules; a peer matching any one is accepted.
    public let prefixes: [Prefix]
    /// The list as given (for messages).
    public let text: String

    /// Loopback only: `127.0.0.0/8` and `::1`.
    public static let loopback = try! PeerFilter(parsing: "127.0.0.0/8,::1")

    /// Parses `CIDR[,CIDR…]`: `10.0.0.0/8`, `192.168.1.7` (one host), `fd00::/8`, `::1`, or
    /// `any` (every peer). Host bits are cleared (`10.1.2.3/8` is `10.0.0.0/8`). Throws
    /// ``FeedError/invalidOption(name:value:reason:)`` naming the part it could not read.
    public init(parsing text: String) throws(FeedError) {
        var prefixes: [Prefix] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = String(part).trimmingASCIISpaces()
            guard let prefix = item.lowercased() == "any" ? Prefix(high: 0, low: 0, maskHigh: 0, maskLow: 0) : Self.prefix(item)
            else {
                throw .invalidOption(
                    name: "--allow", value: text,
                    reason: "'\(item)' is not an address or CIDR prefix (e.g. 192.168.1.0/24, 10.1.2.3, fd00::/8, any)")
            }
            prefixes.append(prefix)
        }
        self.prefixes = prefixes
        self.text = text
    }

    /// Whether `peer` matches a rule. O(rules); allocates nothing.
    public func permits(_ peer: SocketAddress) -> Bool {
        for rule in prefixes where peer.high & rule.maskHigh == rule.high && peer.low & rule.maskLow == rule.low {
            return true
        }
        return false
    }

    /// The list as given.
    public var description: String { text }

    private static func prefix(_ text: String) -> Prefix? {
        let pieces = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let address = String(pieces[0])
        var high: UInt64 = 0
        var low: UInt64 = 0
        let isIPv4: Bool
        if address.contains(":") {
            var raw = in6_addr()
            guard inet_pton(AF_INET6, address, &raw) == 1 else { return nil }
            (high, low) = SocketAddress.halves(raw)
            isIPv4 = false
        } else {
            var raw = in_addr()
            guard inet_pton(AF_INET, address, &raw) == 1 else { return nil }
            low = 0xFFFF_0000_0000 | UInt64(UInt32(bigEndian: raw.s_addr))
            isIPv4 = true
        }
        var length = 128
        if pieces.count == 2 {
            guard let bits = Int(pieces[1]), bits >= 0, bits <= (isIPv4 ? 32 : 128) else { return nil }
            length = isIPv4 ? 96 + bits : bits
        }
        func mask(_ bits: Int) -> UInt64 { bits <= 0 ? 0 : bits >= 64 ? .max : ~(UInt64.max >> bits) }
        let maskHigh = mask(length)
        let maskLow = mask(length - 64)
        return Prefix(high: high & maskHigh, low: low & maskLow, maskHigh: maskHigh, maskLow: maskLow)
    }
}
