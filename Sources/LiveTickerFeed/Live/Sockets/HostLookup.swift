#if canImport(Glibc)
import Glibc
#endif

/// Looks up a host name for a connect-out client without holding up a stop.
///
/// `getaddrinfo` has no timeout and cannot be cancelled: a resolver that does not answer holds
/// the caller for its timeout (5 s per try and server by default, and more with search
/// domains), so a SIGTERM during the lookup waited for it. Here a numeric address is parsed at
/// once (`AI_NUMERICHOST`, never blocks); a name is looked up on a detached helper thread while
/// the caller polls `stop` every 10 ms. When stopped, the caller returns at once and the helper
/// finishes the lookup on its own, frees what it holds, and ends. Costs one short-lived thread
/// and a few small allocations per lookup of a name (once per connect attempt).
public enum HostLookup {
    /// One address a name resolved to, ready for `connect(2)`.
    public struct Address: Sendable {
        /// `AF_INET` or `AF_INET6`.
        public let family: Int32
        /// The socket address and its length.
        public let storage: sockaddr_storage
        public let length: socklen_t
        /// The address as text (`192.0.2.7`, `2001:db8::1`), for a URI or a log line.
        public let numericHost: String

        /// Calls `body` with the address as the `sockaddr` pointer `connect(2)` takes.
        public func withSocketAddress<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
            withUnsafeBytes(of: storage) { raw in
                body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), length)
            }
        }
    }

    /// What a lookup came to.
    public enum Outcome: Sendable {
        /// The addresses, in the resolver's order (at least one).
        case found([Address])
        /// The name does not resolve now (the resolver's reason): worth retrying later.
        case failed(String)
        /// `stop` was raised before the lookup ended.
        case stopped
    }

    /// Resolves `host` (a name, or a numeric IPv4/IPv6 address without brackets) for a TCP
    /// connection to `port`, returning early when `stop` is raised.
    public static func resolve(_ host: String, port: UInt16, stop: StopFlag) -> Outcome {
        if let numeric = lookUp(host, port: port, numericOnly: true), case .found = numeric { return numeric }
        if stop.isStopped { return .stopped }
        final class Box: Sendable {
            let result = FeedStateLock<Outcome?>(nil)
        }
        let box = Box()
        let (thread, code) = spawnFeedThread {
            let outcome = lookUp(host, port: port, numericOnly: false) ?? .failed("no address")
            box.result.withLock { $0 = outcome }
        }
        guard let thread else { return .failed("cannot start a lookup thread: \(FeedError.errnoText(code))") }
        // Nobody joins the helper: when stopped, the caller leaves without it.
        pthread_detach(thread)
        while true {
            if let outcome = box.result.withLock({ $0 }) { return outcome }
            if stop.isStopped { return .stopped }
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
        }
    }

    /// One `getaddrinfo` call (blocking for a name). Nil when `numericOnly` and `host` is not
    /// an address.
    private static func lookUp(_ host: String, port: UInt16, numericOnly: Bool) -> Outcome? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | (numericOnly ? AI_NUMERICHOST : 0)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, list != nil else {
            if numericOnly { return nil }
            let reason = status == EAI_SYSTEM ? FeedError.errnoText(errno) : String(cString: gai_strerror(status))
            return .failed("cannot resolve \(host): \(reason)")
        }
        defer { freeaddrinfo(list) }
        var addresses: [Address] = []
        var entry = list
        while let info = entry {
            entry = info.pointee.ai_next
            guard let address = info.pointee.ai_addr, Int(info.pointee.ai_addrlen) <= MemoryLayout<sockaddr_storage>.size
            else { continue }
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { raw in
                raw.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(info.pointee.ai_addrlen)))
            }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            getnameinfo(address, info.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST)
            addresses.append(Address(
                family: info.pointee.ai_family, storage: storage, length: info.pointee.ai_addrlen,
                numericHost: text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
        }
        return addresses.isEmpty ? .failed("cannot resolve \(host): no address") : .found(addresses)
    }
}
