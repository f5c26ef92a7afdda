#if canImport(Glibc)
import Glibc
#endif

/// Opening the outgoing TCP connection of a connect-out client (`tcp://HOST:PORT --connect`),
/// and telling why a library's own connect failed (``probe(host:port:timeoutMilliseconds:stop:)``).
public enum ConnectingSocket {
    /// Why a connection attempt failed: worth retrying (refused, unreachable, timed out, a
    /// name that does not resolve now) with the text to show.
    struct Failure: Error {
        let reason: String
    }

    /// Resolves `host` (numeric or a name, through ``HostLookup``: a stop is not held up by a
    /// slow resolver) and connects to the first address that answers within
    /// `timeoutMilliseconds` each, giving up early when `stop` is raised. Returns a blocking,
    /// close-on-exec descriptor with TCP keepalive on.
    static func connect(host: String, port: UInt16, timeoutMilliseconds: Int32, stop: StopFlag) throws(Failure) -> Int32 {
        let addresses: [HostLookup.Address]
        switch HostLookup.resolve(host, port: port, stop: stop) {
        case let .found(found): addresses = found
        case let .failed(reason): throw Failure(reason: reason)
        case .stopped: throw Failure(reason: "stopped")
        }
        var lastReason = "no address"
        for address in addresses where !stop.isStopped {
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            let fd = socket(address.family, type, 0)
            guard fd >= 0 else {
                lastReason = "socket: \(FeedError.errnoText(errno))"
                continue
            }
            if address.withSocketAddress({ Glibc.connect(fd, $0, $1) }) != 0 && errno != EINPROGRESS {
                lastReason = FeedError.errnoText(errno)
                close(fd)
                continue
            }
            // Wait for the handshake in 100 ms slices so a stop is noticed.
            var waited: Int32 = 0
            var outcome: Int32 = -1
            while waited < timeoutMilliseconds && !stop.isStopped {
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&descriptor, 1, 100)
                if ready > 0 {
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                    outcome = error
                    break
                }
                if ready < 0 && errno != EINTR {
                    outcome = errno
                    break
                }
                waited += 100
            }
            if outcome != 0 {
                lastReason = outcome < 0 ? "timed out after \(timeoutMilliseconds) ms" : FeedError.errnoText(outcome)
                close(fd)
                continue
            }
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
            ListeningSocket.enableKeepalive(fd)
            return fd
        }
        throw Failure(reason: lastReason)
    }

    /// Why a TCP connection to `host`:`port` cannot be opened now (`Connection refused`,
    /// `timed out after 2000 ms`, a name that does not resolve), or nil when one opens (it is
    /// closed at once): what a client library that says only "Failure" leaves out (Paho).
    /// Blocks up to `timeoutMilliseconds` per address; a stop ends it early.
    public static func probe(host: String, port: UInt16, timeoutMilliseconds: Int32, stop: StopFlag) -> String? {
        do {
            close(try connect(host: host, port: port, timeoutMilliseconds: timeoutMilliseconds, stop: stop))
            return nil
        } catch {
            return error.reason
        }
    }
}
