#if canImport(Glibc)
import Glibc
#endif

/// The TCP side of a ``LiveTickSource``: serves every connection at once from the producer
/// thread with `poll(2)` (one thread, non-blocking sockets), so an idle or half-open client
/// never holds up another.
///
/// Each connection has its own reader (its own optional header; a bad header is a counted bad
/// line) with a small bounded buffer (``ListenerOptions/connectionBufferSize``), and is served
/// at most one `read` per turn, so a flooding peer cannot starve the others. Limits, each
/// counted in the ``ListenerReport``: peers outside ``ListenerOptions/allow`` are closed before
/// a byte is read; at ``ListenerOptions/maximumConnections`` a newcomer takes the place of the
/// connection quiet longest (if quiet for ``ListenerOptions/evictionQuietTime``), else it is
/// refused; a connection quiet for ``ListenerOptions/idleTimeout`` is closed; TCP keepalive ends
/// connections to peers that vanished. An empty connection (a port scan, a health check) is
/// counted and forgotten.
final class ConnectionServer {
    /// A connection that names more symbols than this has its reader forget them (the source's
    /// table keeps them), so a peer inventing names costs this server bounded memory.
    static let symbolsPerConnection = 4096

    private struct Connection {
        let reader: CSVTickReader
        let descriptor: Int32
        let slot: Int
        var relay = SymbolRelay()
        var lastActive: Int64
        /// The turn's batch limit was reached: whole lines may wait in the reader's buffer with
        /// nothing left in the socket to wake `poll`, so the next turn serves it regardless.
        var hasBufferedLines = false
    }

    /// Batches one connection is handed per turn before the others get theirs.
    static let batchesPerTurn = 16

    private let listener: Int32
    private let endpoint: LiveEndpoint
    private let options: FeedOptions
    /// Whether the value-column names (`--value a,b,c`) are published, or not needed.
    private var columnsPublished: Bool
    /// Whether the value meaning (``LiveFeedHub/publishValueMeaning(_:)``) was published.
    private var meaningPublished = false
    private let limits: ListenerOptions
    private let hub: LiveFeedHub
    private let queue: TickQueue
    private let stop: StopFlag
    private var connections: [Connection] = []
    private var descriptors: [pollfd] = []
    private var freeSlots: [Int]
    /// When accepting failed for want of descriptors, the listener rests until then.
    private var acceptPausedUntil: Int64 = 0

    init(
        listener: Int32, endpoint: LiveEndpoint, options: FeedOptions, limits: ListenerOptions, hub: LiveFeedHub,
        queue: TickQueue, stop: StopFlag
    ) {
        self.listener = listener
        self.endpoint = endpoint
        var options = options
        options.bufferSize = limits.connectionBufferSize
        // A peer's JSON document costs no more than its line.
        options.maximumDocumentBytes = limits.connectionBufferSize
        options.batchCapacity = min(options.batchCapacity, 1024)
        self.options = options
        columnsPublished = options.moreValueColumns.isEmpty
        self.limits = limits
        self.hub = hub
        self.queue = queue
        self.stop = stop
        let capacity = max(1, limits.maximumConnections)
        freeSlots = Array((0..<capacity).reversed())
        connections.reserveCapacity(capacity)
        descriptors.reserveCapacity(capacity + 1)
    }

    /// Serves until the stop flag is raised (checked at least every 100 ms), then closes every
    /// connection, keeping its counts.
    func run() {
        while !stop.isStopped {
            let now = ReplayPacer.now()
            descriptors.removeAll(keepingCapacity: true)
            for connection in connections {
                descriptors.append(pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0))
            }
            let listening = now >= acceptPausedUntil
            descriptors.append(pollfd(fd: listening ? listener : -1, events: Int16(POLLIN), revents: 0))
            let ready = poll(&descriptors, nfds_t(descriptors.count), pollTimeout(now: now))
            guard ready >= 0 else { continue }  // EINTR
            let after = ReplayPacer.now()
            // Serve in reverse so closing (swap-removing) a connection keeps the others' indices.
            for index in connections.indices.reversed() {
                let events = descriptors[index].revents
                if events != 0 || connections[index].hasBufferedLines {
                    serve(index, now: after)
                } else if let timeout = limits.idleTimeout, after - connections[index].lastActive >= Self.nanoseconds(timeout) {
                    hub.count { $0.closedIdle += 1 }
                    close(index)
                }
            }
            if descriptors[descriptors.count - 1].revents & Int16(POLLIN) != 0 { acceptPending(now: after) }
        }
        for index in connections.indices.reversed() { close(index) }
    }

    /// At most 100 ms (the stop flag), less when a connection's idle timeout falls due sooner,
    /// and no wait at all while a connection has buffered lines to hand out.
    private func pollTimeout(now: Int64) -> Int32 {
        if connections.contains(where: \.hasBufferedLines) { return 0 }
        var wait: Int64 = 100_000_000
        if let timeout = limits.idleTimeout {
            let limit = Self.nanoseconds(timeout)
            for connection in connections { wait = min(wait, max(0, connection.lastActive + limit - now)) }
        }
        return Int32((wait + 999_999) / 1_000_000)
    }

    /// Hands out up to ``batchesPerTurn`` batches of connection `index` (each at most one
    /// `read`), pushes their ticks, and closes it at its end or on an error.
    private func serve(_ index: Int, now: Int64) {
        connections[index].lastActive = now
        let reader = connections[index].reader
        var outcome: (empty: Bool, failed: Bool)?
        do throws(FeedError) {
            var batches = 0
            while batches < Self.batchesPerTurn, let batch = try reader.nextAvailableBatch() {
                // Names before ticks: the chart routes a series by them when it first sees it.
                if !columnsPublished { columnsPublished = hub.publishValueColumns(reader.valueColumnNames) }
                if !meaningPublished {
                    hub.publishValueMeaning(reader.valuesAreMeasurements)
                    meaningPublished = true
                }
                connections[index].relay.forward(batch, names: reader.symbols, hub: hub, queue: queue)
                batches += 1
            }
            connections[index].hasBufferedLines = batches == Self.batchesPerTurn
            if reader.isAtEnd { outcome = (false, false) }
        } catch {
            if case .emptyInput = error { outcome = (true, false) } else { outcome = (false, true) }
        }
        if reader.symbols.count > Self.symbolsPerConnection {
            reader.forgetSymbols()
            connections[index].relay.reset()
        }
        if let outcome {
            if outcome.empty || outcome.failed {
                hub.count { counts in
                    if outcome.empty { counts.emptyConnections += 1 } else { counts.failedConnections += 1 }
                }
            }
            close(index)
        } else {
            hub.publish(reader.report, slot: connections[index].slot)
        }
    }

    /// Accepts pending connections while there is room (a burst empties the backlog in one
    /// turn); at capacity, refuses one and leaves the rest for the next turn.
    private func acceptPending(now: Int64) {
        while true {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept(listener, $0, &length)
                }
            }
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                // Out of descriptors: let the listener rest instead of spinning on it.
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    acceptPausedUntil = now + 100_000_000
                }
                return
            }
            let peer = SocketAddress(address)
            // Counted before the close, so a peer that sees the close finds itself counted.
            guard let peer, limits.allow.permits(peer) else {
                hub.count { counts in
                    counts.refusedPeers += 1
                    if counts.firstRefusedPeer == nil { counts.firstRefusedPeer = peer }
                }
                Glibc.close(fd)
                continue
            }
            if freeSlots.isEmpty && !makeRoom(now: now) {
                hub.count { $0.refusedAtCapacity += 1 }
                Glibc.close(fd)
                // The rest wait in the backlog: the next turn first reaps connections that have
                // ended (a burst of port scans frees its slots at once), then accepts again.
                return
            }
            // accept4 is not in Glibc's Swift module; liveticker starts no processes, so no child
            // can inherit the descriptor between the two calls.
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            ListeningSocket.enableKeepalive(fd)
            let reader = CSVTickReader(
                fileDescriptor: fd, name: "\(endpoint) from \(peer)", options: options, closeOnDeinit: true)
            reader.countsBadHeaderAsBadLine = true
            let slot = freeSlots.removeLast()
            connections.append(Connection(reader: reader, descriptor: fd, slot: slot, lastActive: now))
            hub.publish(reader.report, slot: slot)
            hub.count { counts in
                counts.connections += 1
                counts.openConnections = connections.count
            }
        }
    }

    /// At capacity: closes the connection quiet longest if it has been quiet long enough.
    private func makeRoom(now: Int64) -> Bool {
        guard let quietest = connections.indices.min(by: { connections[$0].lastActive < connections[$1].lastActive }),
            now - connections[quietest].lastActive >= Self.nanoseconds(limits.evictionQuietTime)
        else { return false }
        hub.count { $0.closedForRoom += 1 }
        close(quietest)
        return true
    }

    /// Ends connection `index`: its counts join the closed ones, its slot is freed. The reader
    /// closes the descriptor when released.
    private func close(_ index: Int) {
        connections.swapAt(index, connections.count - 1)
        let connection = connections.removeLast()
        hub.retire(connection.reader.report, slot: connection.slot)
        freeSlots.append(connection.slot)
        hub.count { $0.openConnections = connections.count }
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
