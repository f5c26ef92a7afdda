import LiveTickerFeed

/// What a live source's connection has done, logged as it changes and shown as a badge, alike
/// for `live` and for each live source of a wall: the first connect (failed attempts before
/// it are `could not connect`, never `disconnected`: nothing was), each loss with its reason,
/// each reconnect.
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
    ///
    /// A connect seen only by its count (connected and lost again between two calls: a server
    /// that sends a snapshot and closes) ends the streak of failed attempts all the same. A
    /// source that connects and drops over and over logs its reconnects 1, 2, 3, then 4, 8,
    /// 16 …, and a loss right after a reconnect only when its reason is new or its reconnect
    /// was logged.
    mutating func note(_ connection: FeedConnection, sourceFailed: Bool) -> Bool {
        guard connection != shown else { return false }
        let lossReason = connection.losses != shown.losses && !sourceFailed ? connection.lastLoss : nil
        let reconnected = connection.reconnects != shown.reconnects || (!everConnected && connection.state == .connected)
        if reconnected {
            // A loss that came before the reconnect (the state is up again) ends the old streak.
            if let reason = lossReason, connection.state == .connected {
                logLoss(reason, adding: connection.losses - shown.losses)
            }
            let count = connection.reconnects
            let logged = !everConnected || count <= 3 || count & (count - 1) == 0
            if logged {
                printError(everConnected ? "\(prefix): connected again (\(count) reconnect(s) so far)" : "\(prefix): connected")
            }
            everConnected = true
            lossesInARow = 0
            nextLoggedLoss = 1
            // Lost again since: the first failure of a new streak, said when it is news.
            if let reason = lossReason, connection.state != .connected, logged || reason != lastLoggedReason {
                logLoss(reason, adding: 1)
            } else if lossReason != nil, connection.state != .connected {
                lossesInARow = 1
                nextLoggedLoss = 2
            }
        } else if let reason = lossReason {
            logLoss(reason, adding: connection.losses - shown.losses)
        }
        shown = connection
        return true
    }

    /// Counts `adding` failed attempts into the streak and logs the loss when its reason is new
    /// or the streak reached the next power of two.
    private mutating func logLoss(_ reason: String, adding: Int) {
        lossesInARow += adding
        guard reason != lastLoggedReason || lossesInARow >= nextLoggedLoss else { return }
        let inARow = lossesInARow > 1 ? " (\(lossesInARow) failed attempts in a row)" : ""
        printError("\(prefix): \(everConnected ? "disconnected" : "could not connect"): \(reason); retrying\(inARow)")
        lastLoggedReason = reason
        while nextLoggedLoss <= lossesInARow { nextLoggedLoss *= 2 }
    }

    /// The header badge for the connection as last noted: none while connected, `connecting`
    /// before the first connect and `cannot connect` once an attempt failed, `disconnected`
    /// from a loss until connected again.
    var badge: String? {
        switch shown.state {
        case .connected: nil
        case .connecting where shown.losses == 0: "connecting"
        case .connecting, .disconnected: everConnected ? "disconnected" : "cannot connect"
        }
    }
}
