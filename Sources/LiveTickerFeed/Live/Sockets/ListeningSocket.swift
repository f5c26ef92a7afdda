#if canImport(Glibc)
import Glibc
#endif

/// Opening the sockets a live source listens on, and the options its TCP connections get.
enum ListeningSocket {
    /// Pending connections the kernel queues before `accept`: as deep as the system allows
    /// (`SOMAXCONN`, 4096 on current Linux), so a burst of senders after a reboot is not refused
    /// while the server is busy.
    static let backlog = Int32(SOMAXCONN)

    /// Resolves `host` (numeric or a name, through `getaddrinfo`), then binds the first address
    /// that works, and for TCP listens. Returns the non-blocking descriptor and the bound port
    /// (the one chosen when `port` is 0). Throws ``FeedError/cannotResolve(endpoint:host:reason:)``
    /// with the resolver's own message, or ``FeedError/socketFailed(endpoint:call:errno:)``.
    static func open(host: String, port: UInt16, udp: Bool, endpoint: LiveEndpoint) throws(FeedError)
        -> (descriptor: Int32, port: UInt16)
    {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(udp ? SOCK_DGRAM.rawValue : SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let reason = status == EAI_SYSTEM ? FeedError.errnoText(errno) : String(cString: gai_strerror(status))
            throw .cannotResolve(endpoint: endpoint.description, host: host, reason: reason)
        }
        defer { freeaddrinfo(list) }
        var lastErrno: Int32 = 0
        var lastCall = "socket"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let type = info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            let fd = socket(info.pointee.ai_family, type, 0)
            guard fd >= 0 else {
                lastErrno = errno
                continue
            }
            setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1)
            if udp {
                // A deep receive buffer absorbs bursts while the producer is busy.
                setOption(fd, SOL_SOCKET, SO_RCVBUF, 4 << 20)
            }
            guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                lastErrno = errno
                lastCall = "bind"
                close(fd)
                continue
            }
            if !udp && listen(fd, backlog) != 0 {
                lastErrno = errno
                lastCall = "listen"
                close(fd)
                continue
            }
            return (fd, boundPort(fd) ?? port)
        }
        throw .socketFailed(endpoint: endpoint.description, call: lastCall, errno: lastErrno)
    }

    /// Turns on TCP keepalive for an accepted connection: after 60 s without traffic the kernel
    /// probes every 10 s and gives up after 6 unanswered probes, so a peer that rebooted or lost
    /// its link (a half-open connection) is ended in about two minutes even with no idle timeout.
    static func enableKeepalive(_ fd: Int32) {
        setOption(fd, SOL_SOCKET, SO_KEEPALIVE, 1)
        setOption(fd, Int32(IPPROTO_TCP), TCP_KEEPIDLE, 60)
        setOption(fd, Int32(IPPROTO_TCP), TCP_KEEPINTVL, 10)
        setOption(fd, Int32(IPPROTO_TCP), TCP_KEEPCNT, 6)
    }

    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) {
        var value = value
        _ = setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    private static func boundPort(_ fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return nil }
        return SocketAddress(storage)?.port
    }
}
