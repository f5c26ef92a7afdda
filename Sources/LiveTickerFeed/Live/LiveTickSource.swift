import LiveTickerCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A live tick feed on its own producer thread: standard input, a followed file, a UDP socket
/// or a TCP listener, parsed with the CSV reader (header or headerless line protocol) into a
/// ``TickQueue`` that the consumer drains.
///
/// The producer never waits for the consumer: when the queue is full, ticks are dropped and
/// counted (``FeedReport/dropped``). Sockets are bound in `init`, so a busy port fails at
/// once and port 0 reports the port chosen (``port``). Symbol ids are global across TCP
/// connections (each connection's names are mapped onto one table).
///
///     let source = try LiveTickSource(endpoint: LiveEndpoint(parsing: "udp://127.0.0.1:9000"))
///     source.start()
///     // render loop: source.drain(into: &series) every frame
///     source.stop()
public final class LiveTickSource: @unchecked Sendable {
    // Invariant (why @unchecked Sendable is sound): `socket`, `endpoint`, `options`, `queue`
    // and `stopFlag` are immutable or thread-safe; `thread` is written only by start()/stop()
    // on the owner's thread; everything the producer shares lives in `shared` (a Mutex).
    /// The endpoint being read.
    public let endpoint: LiveEndpoint
    /// The queue the producer fills and the consumer drains.
    public let queue: TickQueue
    /// The bound port of a UDP or TCP endpoint (useful with port 0).
    public let port: UInt16?
    private let options: FeedOptions
    private let socket: Int32
    private let stopFlag: StopFlag
    private var thread: pthread_t?

    private struct Shared {
        /// Counts of the connections that have ended (TCP serves one after another).
        var finishedReport: FeedReport
        /// Counts of the connection being read, replaced after each batch: a plain assignment,
        /// so publishing allocates nothing (merging on every batch copied the bad-line arrays).
        var currentReport: FeedReport
        var symbols = SymbolTable()
        var error: FeedError?
        var finished = false
    }
    private let shared: Mutex<Shared>

    /// Prepares the source; binds (and for TCP listens on) the socket. The producer starts
    /// with ``start()``. `stop` may be shared with other work (e.g. a signal-driven flag).
    public init(endpoint: LiveEndpoint, options: FeedOptions = FeedOptions(), queueCapacity: Int = 1 << 16,
        stop: StopFlag = StopFlag()) throws(FeedError)
    {
        self.endpoint = endpoint
        self.options = options
        queue = TickQueue(capacity: queueCapacity)
        stopFlag = stop
        shared = Mutex(Shared(
            finishedReport: FeedReport(maximumRemembered: options.reportedBadLines),
            currentReport: FeedReport(maximumRemembered: options.reportedBadLines)))
        switch endpoint {
        case .standardInput, .followedFile:
            socket = -1
            port = nil
        case let .udp(host, port):
            (socket, self.port) = try Self.bind(host: host, port: port, udp: true, endpoint: endpoint)
        case let .tcp(host, port):
            (socket, self.port) = try Self.bind(host: host, port: port, udp: false, endpoint: endpoint)
        }
    }

    deinit {
        stop()
        if socket >= 0 { close(socket) }
    }

    /// Starts the producer thread. Call once.
    public func start() {
        guard thread == nil else { return }
        thread = startFeedThread { [self] in self.produce() }
    }

    /// Asks the producer to stop and waits for it (at most about 100 ms while it polls).
    public func stop() {
        stopFlag.stop()
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
    }

    /// Consumer side: hands up to `maximum` queued ticks to `sink`. See ``TickQueue/drain(into:maximum:)``.
    @discardableResult
    public func drain<S: TickSink>(into sink: inout S, maximum: Int = .max) -> Int {
        queue.drain(into: &sink, maximum: maximum)
    }

    /// The producer's counts so far, with ``FeedReport/dropped`` from the queue. Takes a lock.
    public var report: FeedReport {
        var report = shared.withLock { state in
            var report = state.finishedReport
            report.merge(state.currentReport)
            return report
        }
        report.dropped = queue.dropped
        return report
    }

    /// Symbol names seen so far. Takes a lock; copies on write.
    public var symbols: SymbolTable { shared.withLock { $0.symbols } }

    /// The error that ended the producer, if any (e.g. a missing column in the header).
    public var error: FeedError? { shared.withLock { $0.error } }

    /// Whether the producer has ended (end of standard input, an error, or stop).
    public var isFinished: Bool { shared.withLock { $0.finished } }

    // MARK: Producer

    private func produce() {
        var mapping: [SymbolID] = []
        do throws(FeedError) {
            switch endpoint {
            case .standardInput:
                let reader = CSVTickReader(fileDescriptor: 0, name: "-", options: options, stop: stopFlag)
                try pump(reader, mapping: &mapping)
            case let .followedFile(path):
                let reader = try CSVTickReader(path: path, options: options, follow: true, stop: stopFlag)
                try pump(reader, mapping: &mapping)
            case .udp:
                let reader = CSVTickReader(
                    fileDescriptor: socket, name: endpoint.description, options: options, stop: stopFlag,
                    datagrams: true)
                try pump(reader, mapping: &mapping)
            case .tcp:
                while !stopFlag.isStopped {
                    var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                    guard poll(&descriptor, 1, 100) > 0 else { continue }
                    let client = accept(socket, nil, nil)
                    guard client >= 0 else { continue }
                    _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                    let reader = CSVTickReader(
                        fileDescriptor: client, name: endpoint.description, options: options, closeOnDeinit: true,
                        stop: stopFlag)
                    mapping.removeAll()
                    do throws(FeedError) {
                        try pump(reader, mapping: &mapping)
                    } catch {
                        // A bad header on one connection ends that connection, not the listener.
                        shared.withLock { $0.error = error }
                    }
                    shared.withLock { state in
                        state.finishedReport.merge(reader.report)
                        state.currentReport = FeedReport(maximumRemembered: options.reportedBadLines)
                    }
                }
            }
        } catch {
            shared.withLock { $0.error = error }
        }
        shared.withLock { $0.finished = true }
    }

    /// Moves every batch of `reader` into the queue, mapping the reader's symbol ids onto the
    /// source's table, and publishes counts after each batch.
    private func pump(_ reader: CSVTickReader, mapping: inout [SymbolID]) throws(FeedError) {
        while let batch = try reader.nextBatch() {
            let local = reader.symbols
            if local.count > mapping.count {
                shared.withLock { state in
                    for id in mapping.count..<local.count {
                        let bytes = local.nameBytes[id]
                        mapping.append(state.symbols.insert(bytes) ?? .first)
                    }
                }
            }
            for i in 0..<batch.count {
                let id = Int(batch.symbols[i].rawValue)
                queue.push(batch.ticks[i], symbol: id < mapping.count ? mapping[id] : .first)
            }
            publish(reader)
        }
        publish(reader)
    }

    private func publish(_ reader: CSVTickReader) {
        let report = reader.report
        shared.withLock { $0.currentReport = report }
    }

    // MARK: Sockets

    private static func bind(host: String, port: UInt16, udp: Bool, endpoint: LiveEndpoint) throws(FeedError)
        -> (Int32, UInt16)
    {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(udp ? SOCK_DGRAM.rawValue : SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else { throw .invalidEndpoint(endpoint.description) }
        defer { freeaddrinfo(list) }
        var lastErrno: Int32 = 0
        var lastCall = "socket"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = Glibc.socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else {
                lastErrno = errno
                continue
            }
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            if udp {
                // A deep receive buffer absorbs bursts while the producer is busy.
                var size: Int32 = 4 << 20
                setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            guard Glibc.bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                lastErrno = errno
                lastCall = "bind"
                close(fd)
                continue
            }
            if !udp && listen(fd, 16) != 0 {
                lastErrno = errno
                lastCall = "listen"
                close(fd)
                continue
            }
            return (fd, boundPort(fd) ?? port)
        }
        throw .socketFailed(endpoint: endpoint.description, call: lastCall, errno: lastErrno)
    }

    private static func boundPort(_ fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
        default: return nil
        }
    }
}
