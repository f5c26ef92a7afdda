import LiveTickerFeed
import Testing

@testable import LiveTickerCLI

/// The connection log. These capture standard error (process-wide): in the serialized
/// command-line suite, so no other capture races them.
extension CommandLineTests {
    @Test("a client's first connect, its losses and reconnects are logged; a source down for long logs failed attempts 1, 2, 4, 8 … and each new reason")
    func logsChangesAndBoundsRepeats() {
        var connection = FeedConnection(state: .connecting)
        var log = ConnectionLog(prefix: "liveticker: source 'm'", initial: connection)
        var badges: [String?] = []
        let text = capture(2) {
            connection.state = .connected
            _ = log.note(connection, sourceFailed: false)
            badges.append(log.badge)
            // The broker goes away: 20 failed attempts, the reason changing at the 12th.
            for attempt in 1...20 {
                connection.state = .disconnected(attempt < 12 ? "cannot connect to b:1883: Connection refused" : "timed out")
                let changed = log.note(connection, sourceFailed: false)
                #expect(changed)
                badges.append(log.badge)
                connection.state = .connecting
                _ = log.note(connection, sourceFailed: false)
            }
            badges.append(log.badge)
            connection.state = .connected
            connection.reconnects = 1
            _ = log.note(connection, sourceFailed: false)
            badges.append(log.badge)
            let unchanged = log.note(connection, sourceFailed: false)
            #expect(!unchanged)  // nothing changed
        }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "liveticker: source 'm': connected")
        let refused = lines.filter { $0.contains("Connection refused") }
        #expect(refused.count == 4, "\(lines)")  // attempts 1, 2, 4 and 8
        #expect(refused.last?.hasSuffix("(8 failed attempts in a row)") == true)
        #expect(lines.filter { $0.contains("timed out") }.count == 2, "\(lines)")  // a new reason (12), then 16
        #expect(lines.last == "liveticker: source 'm': connected again (1 reconnect(s) so far)")
        #expect(badges.first == .some(nil) && badges[1] == "disconnected" && badges[badges.count - 2] == "disconnected")
        #expect(badges.last == .some(nil))
    }

    @Test("a server that sends a snapshot and closes, 40 times between calls: reconnects logged 1, 2, 3, 4, 8, 16, 32, never 'failed attempts'")
    func flappingServer() {
        var connection = FeedConnection(state: .connecting)
        var log = ConnectionLog(prefix: "liveticker", initial: connection)
        let text = capture(2) {
            connection.state = .connected
            _ = log.note(connection, sourceFailed: false)
            for _ in 1...40 {
                // Lost, reconnected, lost again: all between two frames.
                connection.state = .disconnected("connection lost: closed by the server")
                connection.state = .connecting
                connection.reconnects += 1
                connection.state = .connected
                connection.state = .disconnected("connection lost: closed by the server")
                connection.state = .connecting
                _ = log.note(connection, sourceFailed: false)
            }
        }
        let lines = text.split(separator: "\n").map(String.init)
        let again = lines.filter { $0.contains("connected again") }.map { $0.split(separator: "(")[1].split(separator: " ")[0] }
        #expect(again == ["1", "2", "3", "4", "8", "16", "32"], "\(lines)")
        #expect(!text.contains("failed attempts"), "\(lines)")
        #expect(lines.count <= 16, "\(lines.count) lines")
    }

    @Test("a source that cannot connect at start says 'could not connect' and shows 'cannot connect', never 'disconnected'")
    func neverConnected() {
        var connection = FeedConnection(state: .connecting)
        var log = ConnectionLog(prefix: "liveticker", initial: connection)
        var badges: [String?] = []
        let text = capture(2) {
            for _ in 1...4 {
                connection.state = .disconnected("cannot connect to 127.0.0.1:1883: Connection refused")
                _ = log.note(connection, sourceFailed: false)
                badges.append(log.badge)
                connection.state = .connecting
                _ = log.note(connection, sourceFailed: false)
                badges.append(log.badge)
            }
            connection.state = .connected
            _ = log.note(connection, sourceFailed: false)
            connection.state = .disconnected("connection lost: closed by the server")
            _ = log.note(connection, sourceFailed: false)
            badges.append(log.badge)
        }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "liveticker: could not connect: cannot connect to 127.0.0.1:1883: Connection refused; retrying",
                "liveticker: could not connect: cannot connect to 127.0.0.1:1883: Connection refused; retrying (2 failed attempts in a row)",
                "liveticker: could not connect: cannot connect to 127.0.0.1:1883: Connection refused; retrying (4 failed attempts in a row)",
                "liveticker: connected",
                "liveticker: disconnected: connection lost: closed by the server; retrying",
            ], "\(lines)")
        #expect(badges.dropLast().allSatisfy { $0 == "cannot connect" }, "\(badges)")
        #expect(badges.last == "disconnected")
    }

    @Test("a pipe or a listener (connected from the start) logs nothing; a client shows 'connecting' until its first connect")
    func quietSourcesAndFirstBadge() {
        var quiet = ConnectionLog(prefix: "liveticker", initial: FeedConnection())
        var changed = true
        let text = capture(2) { changed = quiet.note(FeedConnection(), sourceFailed: false) }
        #expect(!changed)
        #expect(text.isEmpty)
        let client = ConnectionLog(prefix: "liveticker", initial: FeedConnection(state: .connecting))
        #expect(client.badge == "connecting" && quiet.badge == nil)
    }
}
