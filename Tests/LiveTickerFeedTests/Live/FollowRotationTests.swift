import LiveTickerCore
import Synchronization
import Testing

@testable import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// Follow mode as `tail -F`: a followed file moved away and recreated, truncated in place, or
/// missing for a while (defect 8 of the real-exports issue), and a partial last line that waits
/// for its newline.
@Suite("Follow mode through log rotation")
struct FollowRotationTests {
    /// Events a reader told, collected across threads.
    final class EventLog: Sendable {
        let events = Mutex<[FollowEvent]>([])
        var handler: @Sendable (FollowEvent) -> Void { { event in self.events.withLock { $0.append(event) } } }
        var all: [FollowEvent] { events.withLock { $0 } }
    }

    func followingReader(_ path: String, stop: StopFlag, log: EventLog) throws -> CSVTickReader {
        let reader = try CSVTickReader(path: path, follow: true, stop: stop)
        reader.followPollInterval = 2_000_000
        reader.onFollowEvent = log.handler
        return reader
    }

    /// Reads batches until `count` ticks arrived (`nextBatch` blocks in follow mode).
    func read(_ reader: CSVTickReader, count: Int, into collector: inout TickCollector) throws {
        while collector.ticks.count < count, let batch = try reader.nextBatch() { batch.deliver(to: &collector) }
    }

    @Test("a followed bar file replaced by a tick file: the new file's lines are ticks, not the old file's bars")
    func barsThenTicks() throws {
        let path = temporaryPath("rotate-bars")
        defer { unlink(path); unlink(path + ".1") }
        writeFile(path, Array("time,open,high,low,close\n1,10,12,9,11\n2,11,13,10,12\n".utf8))
        let stop = StopFlag()
        let log = EventLog()
        let reader = try followingReader(path, stop: stop, log: log)
        var collector = TickCollector()
        try read(reader, count: 2, into: &collector)
        #expect(collector.bars.map(\.high) == [12, 13])
        #expect(rename(path, path + ".1") == 0)
        writeFile(path, Array("time,price\n5,5\n6,6\n".utf8))
        try read(reader, count: 4, into: &collector)
        #expect(collector.ticks.map(\.value) == [11, 12, 5, 6])
        // Ticks, not bars (the storage's bar buffer held the old file's bars).
        #expect(collector.bars.count == 2)
        stop.stop()
    }

    @Test("moved away and recreated: the old file is read to its end, then the new one from its start, header and all")
    func movedAndRecreated() throws {
        let path = temporaryPath("rotate")
        defer { unlink(path); unlink(path + ".1") }
        writeFile(path, Array("time,price\n1,1\n2,2\n".utf8))
        let stop = StopFlag()
        let log = EventLog()
        let reader = try followingReader(path, stop: stop, log: log)
        var collector = TickCollector()
        try read(reader, count: 2, into: &collector)
        #expect(collector.ticks.map(\.value) == [1, 2])
        // logrotate without copytruncate: the writer's last lines land in the moved file
        // (the last one without its newline), then a new file with its own header appears.
        #expect(rename(path, path + ".1") == 0)
        appendFile(path + ".1", "3,3\n4,4.5")
        writeFile(path, Array("time,price\n5,5\n6,6\n".utf8))
        try read(reader, count: 6, into: &collector)
        #expect(collector.ticks.map(\.value) == [1, 2, 3, 4.5, 5, 6])
        #expect(collector.ticks.map(\.time) == [1, 2, 3, 4, 5, 6].map { $0 * 1_000_000_000 })
        let report = reader.report
        #expect(report.badLines == 0, "\(report.summary)")
        #expect(report.replacementsFollowed == 1)
        #expect(report.summary.contains("followed 1 rotation"))
        #expect(log.all == [.replaced])
        // And again: a second rotation, the new file still growing.
        #expect(rename(path, path + ".1") == 0)
        writeFile(path, Array("time,price\n7,7\n".utf8))
        try read(reader, count: 7, into: &collector)
        appendFile(path, "8,8\n")
        try read(reader, count: 8, into: &collector)
        #expect(collector.ticks.map(\.value).suffix(2) == [7, 8])
        #expect(reader.report.replacementsFollowed == 2)
        #expect(reader.report.badLines == 0)
        stop.stop()
        #expect(try reader.nextBatch() == nil)
    }

    @Test("truncated in place: reading starts over at 0 and the header there is a header again, not a bad line")
    func truncatedInPlace() throws {
        let path = temporaryPath("truncate")
        defer { unlink(path) }
        writeFile(path, Array("time,price\n1,1\n2,2\n3,3\n".utf8))
        let stop = StopFlag()
        let log = EventLog()
        let reader = try followingReader(path, stop: stop, log: log)
        var collector = TickCollector()
        try read(reader, count: 3, into: &collector)
        // `: > file` then the writer starts again with its header (shorter than what was read).
        #expect(truncate(path, 0) == 0)
        appendFile(path, "time,price\n7,7\n")
        try read(reader, count: 4, into: &collector)
        appendFile(path, "8,8\n")
        try read(reader, count: 5, into: &collector)
        #expect(collector.ticks.map(\.value) == [1, 2, 3, 7, 8])
        let report = reader.report
        #expect(report.badLines == 0, "\(report.summary)")
        #expect(report.truncationsFollowed == 1)
        #expect(report.summary.contains("followed 1 truncation"))
        #expect(log.all == [.truncated])
        // A headerless rewrite after truncation is read as data (the first line decides again).
        #expect(truncate(path, 0) == 0)
        appendFile(path, "9,9\n")
        try read(reader, count: 6, into: &collector)
        #expect(collector.ticks.last?.value == 9)
        #expect(reader.report.badLines == 0)
        stop.stop()
        #expect(try reader.nextBatch() == nil)
    }

    @Test("the path missing for a while: told once, waited for, read when it comes back")
    func missingForAWhile() throws {
        let path = temporaryPath("missing")
        defer { unlink(path) }
        writeFile(path, Array("time,price\n1,1\n".utf8))
        let log = EventLog()
        let source = try LiveTickSource(endpoint: .followedFile(path: path), onFollowEvent: log.handler)
        source.start()
        #expect(collect(source, count: 1).ticks.map(\.value) == [1])
        #expect(unlink(path) == 0)
        // Many polls pass while it is gone (the poll interval is 50 ms): one event.
        let deadline = ReplayPacer.now() + 10_000_000_000
        while log.all.isEmpty && ReplayPacer.now() < deadline { usleep(5_000) }
        usleep(300_000)
        #expect(log.all == [.missing])
        writeFile(path, Array("time,price\n2,2\n3,3\n".utf8))
        let rest = collect(source, count: 2)
        source.stop()
        #expect(rest.ticks.map(\.value) == [2, 3])
        #expect(log.all == [.missing, .replaced])
        #expect(source.report.badLines == 0, "\(source.report.summary)")
        #expect(source.report.replacementsFollowed == 1)
        #expect(source.error == nil)
    }

    @Test("a followed file's cut line is not taken before its rest arrives; at stop it is counted, not charted")
    func partialLineWaits() throws {
        let path = temporaryPath("partial")
        defer { unlink(path) }
        writeFile(path, Array("time,price\n2024-03-01T09:30:06Z,9.75\n2024-03-01T09:30:07Z,10".utf8))
        let stop = StopFlag()
        let log = EventLog()
        let reader = try followingReader(path, stop: stop, log: log)
        var collector = TickCollector()
        try read(reader, count: 1, into: &collector)
        #expect(collector.ticks.map(\.value) == [9.75])
        // `10` would parse: it must wait for the rest of its line.
        appendFile(path, "1.25\n2024-03-01T09:30:08Z,10")
        try read(reader, count: 2, into: &collector)
        #expect(collector.ticks.map(\.value) == [9.75, 101.25])
        stop.stop()
        #expect(try reader.nextBatch() == nil)
        #expect(collector.ticks.count == 2)
        #expect(reader.report.count(of: .truncatedLastLine) == 1)
        #expect(reader.report.firstBadLines.first?.excerpt == "2024-03-01T09:30:08Z,10")
    }
}
