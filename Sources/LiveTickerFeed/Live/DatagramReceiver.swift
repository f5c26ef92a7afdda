#if canImport(Glibc)
import Glibc
#endif

/// The UDP side of a ``LiveTickSource``: receives datagrams on the producer thread and parses
/// each as its own small CSV document, so a datagram's optional header (`time,price` then
/// lines) applies to that datagram only, and a datagram no header can make sense of (`hello`)
/// is a counted bad line. Nothing a peer sends ends the receiver.
///
/// One fixed buffer holds the largest datagram (64 KiB); datagrams from peers outside
/// ``ListenerOptions/allow`` are dropped unread and counted. Per datagram: one `recvfrom`, one
/// parse, one lock to publish the counts; nothing is allocated per datagram.
final class DatagramReceiver {
    /// The largest UDP payload (IPv6 without jumbograms: 65 527 bytes) fits with room to spare.
    static let bufferSize = 1 << 16

    private let socket: Int32
    private let allow: PeerFilter
    private let hub: LiveFeedHub
    private let queue: TickQueue
    private let stop: StopFlag
    private var parser: CSVRecordParser
    private let storage: TickBatchStorage
    // Invariant: `bufferSize + 1 + SWARDigits.padding` bytes: a datagram, the newline that ends
    // its last line, and padding so 8-byte digit loads stay inside.
    private let buffer: UnsafeMutablePointer<UInt8>
    private var relay = SymbolRelay()
    private var bytes = 0
    /// Whether the value-column names (`--value a,b,c`) are published, or not needed.
    private var columnsPublished: Bool

    init(socket: Int32, options: FeedOptions, listener: ListenerOptions, hub: LiveFeedHub, queue: TickQueue, stop: StopFlag) {
        self.socket = socket
        allow = listener.allow
        self.hub = hub
        self.queue = queue
        self.stop = stop
        columnsPublished = options.moreValueColumns.isEmpty
        parser = CSVRecordParser(options: options)
        parser.badHeadersAreBadLines = true
        parser.detectsTextFormats = false
        storage = TickBatchStorage(capacity: max(1, min(options.batchCapacity, 4096)))
        let size = Self.bufferSize + 1 + SWARDigits.padding
        buffer = .allocate(capacity: size)
        buffer.initialize(repeating: 0, count: size)
    }

    deinit { buffer.deallocate() }

    /// Receives until the stop flag is raised (checked at least every 100 ms).
    func run() {
        while !stop.isStopped {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            // A bounded run of datagrams between checks of the stop flag.
            for _ in 0..<1024 where !stop.isStopped {
                guard receive() else { break }
            }
        }
    }

    /// Receives and handles one datagram; false when none was waiting.
    private func receive() -> Bool {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let n = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                recvfrom(socket, buffer, Self.bufferSize, Int32(MSG_DONTWAIT), $0, &length)
            }
        }
        if n < 0 { return errno == EINTR }
        guard let peer = SocketAddress(address), allow.permits(peer) else {
            let peer = SocketAddress(address)
            hub.count { counts in
                counts.refusedPeers += 1
                if counts.firstRefusedPeer == nil { counts.firstRefusedPeer = peer }
            }
            return true
        }
        bytes += n
        if n > 0 { parse(count: n) }
        var report = parser.report
        report.lines = parser.lineNumber
        report.bytes = bytes
        hub.state.withLock { state in
            state.open[0] = report
            state.listener.datagrams += 1
        }
        return true
    }

    /// Parses the datagram in `buffer[0..<count]` as one document.
    private func parse(count: Int) {
        var end = count
        if buffer[end - 1] != ASCII.newline {
            buffer[end] = ASCII.newline
            end += 1
        }
        parser.beginDocument()
        var position = 0
        while position < end {
            var ticks = 0
            var failed = false
            let before = position
            do throws(FeedError) {
                position = try parser.parseLines(buffer, start: position, end: end, into: storage, count: &ticks)
            } catch {
                // Strict mode: the first bad line (counted) ends its datagram, not the listener.
                failed = true
            }
            if ticks > 0 {
                // Names before ticks: the chart routes a series by them when it first sees it.
                if !columnsPublished { columnsPublished = hub.publishValueColumns(parser.layout?.valueColumnNames ?? []) }
                relay.forward(storage.batch(count: ticks), names: parser.symbols, hub: hub, queue: queue)
            }
            // A parser that neither moved nor gave ticks would loop forever: the datagram ends.
            if failed || (position == before && ticks == 0) { return }
        }
    }
}
