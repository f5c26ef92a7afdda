import LiveTickerFeed

/// What a live source's connection has done, logged as it changes and shown as a badge, alike
/// for `live` and for each live source of a wall: the first connect, each loss with its
/// reason, each reconnect.
///
/// While a source stays down its producer retries every few seconds, and each failed attempt
/// is a loss: one is logged when its reason changes, else at the 1st, 2nd, 4th, 8th … failed
/// attempt in a row, so a kiosk whose broker is away for a day writes a few dozen lines, not
/// one every 5 s. O(1) per call; allocates only when it logs.
struct ConnectionLog {
    /// Put before each line: `liveticker` or `liveticker: source 'x'`.
    let prefix: String
    /// The connection as last noted.
    private(set) var shown: FeedConnection
    private var everConnected = false
    /// Failed attempts since the last connect, and the count that is logged next.
    private var lossesInARow = 0
    private var nextLoggedLoss = 1
    private var lastLoggedReason: String?

    /// A log starting from the source's connection before it starts (`connecting` for a
    /// client, so its first connect is logged however quickly it comes; `connected` for a
    /// pipe or a listener, which then log nothing).
    init(prefix: String, initial: FeedConnection) {
        self.prefix = prefix
        shown = initial
    }

    /// Logs what changed since the last call (nothing about losses once the source failed for
    /// good: its error is logged as the run's). Returns whether anything changed, so the
    /// caller shows ``badge`` again.
    mutating func note(_ connection: FeedConnection, sourceFailed: Bool) -> Bool {
        guard connection != shown else { return false }
        // A loss already over by this call is still logged, with its reason.
        if connection.losses != shown.losses, let reason = connection.lastLoss, !sourceFailed {
            lossesInARow += connection.losses - shown.losses
            if reason != lastLoggedReason || lossesInARow >= nextLoggedLoss {
                let inARow = lossesInARow > 1 ? " (\(lossesInARow) failed attempts in a row)" : ""
                printError("\(prefix): disconnected: \(reason); retrying\(inARow)")
                lastLoggedReason = reason
                while nextLoggedLoss <= lossesInARow { nextLoggedLoss *= 2 }
            }
        }
        if connection.state == .connected, !everConnected || connection.reconnects != shown.reconnects {
            printError(everConnected ? "\(prefix): connected again (\(connection.reconnects) reconnect(s) so far)" : "\(prefix): connected")
            everConnected = true
            lossesInARow = 0
            nextLoggedLoss = 1
            lastLoggedReason = nil
        }
        shown = connection
        return true
    }

    /// The header badge for the connection as last noted: none while connected, `connecting`
    /// before the first connect, `disconnected` from a loss until connected again.
    var badge: String? {
        switch shown.state {
        case .connected: nil
        case .connecting: shown.losses > 0 ? "disconnected" : "connecting"
        case .disconnected: "disconnected"
        }
    }
}
