import Testing

@testable import LiveTickerFeed

/// A chart polls a feed's connection once a frame; a loss and reconnect between two polls
/// must still be visible, with its reason.
@Suite("Feed connection state")
struct FeedConnectionTests {
    @Test("each change to .disconnected counts a loss and keeps its reason; repeating the same state does not")
    func lossesAreCounted() {
        var connection = FeedConnection(state: .connecting)
        #expect(connection.losses == 0 && connection.lastLoss == nil)
        connection.state = .connected
        connection.state = .disconnected("closed by the server (code 1001)")
        connection.state = .disconnected("closed by the server (code 1001)")  // the same state again
        connection.state = .connecting
        connection.state = .connected
        connection.reconnects += 1
        // What a poll after all of that sees: connected, yet one loss with its reason.
        #expect(connection.state == .connected)
        #expect(connection.losses == 1)
        #expect(connection.lastLoss == "closed by the server (code 1001)")
        connection.state = .disconnected("refused")
        #expect(connection.losses == 2 && connection.lastLoss == "refused")
    }
}
