/// What an MQTT publisher did (``MQTTTickPublisher``, and through it `liveticker publish` and
/// the kiosk's `--republish`): what the broker accepted, what could not be sent, and its
/// reconnects. One value, kept by the publisher and copied out by whoever reports it.
public struct MQTTPublishCounts: Sendable, Equatable {
    /// Messages and ticks handed to the broker (at QoS 1: sent; see ``unacknowledgedMessages``).
    public var sentMessages = 0
    public var sentTicks = 0
    /// Messages and ticks that could not be sent while the broker was away (their sequence
    /// numbers are used up, so subscribers count the gap).
    public var unsentMessages = 0
    public var unsentTicks = 0
    /// QoS 1 messages sent whose acknowledgement never came (the connection was lost with them
    /// in flight, or the broker had not answered when the publisher closed).
    public var unacknowledgedMessages = 0
    /// Successful connections after the first.
    public var reconnects = 0
    /// Topics published to.
    public var topics = 0
    /// Ticks still queued when a republisher was stopped before it ever connected.
    public var neverSentTicks = 0

    /// Counts of a publisher that has sent nothing yet.
    public init() {}

    /// The closing summary line, e.g. `published 55041 ticks in 1101 message(s) to 1 topic(s)
    /// at 127.0.0.1:1883; 3 message(s) (60 ticks) not sent while the broker was away, 1
    /// reconnect(s)`. `verb` says who speaks (`published`, `republished`); `detail` follows the
    /// destination (the republisher's drop count). Allocates.
    public func summary(verb: String, host: String, port: UInt16, detail: String? = nil) -> String {
        var line = "\(verb) \(sentTicks) ticks in \(sentMessages) message(s) to \(topics) topic(s) at \(host):\(port)"
        if let detail { line += "; \(detail)" }
        if unsentMessages > 0 {
            line += "; \(unsentMessages) message(s) (\(unsentTicks) ticks) not sent while the broker was away"
        }
        if unacknowledgedMessages > 0 {
            line += "; \(unacknowledgedMessages) QoS 1 message(s) sent but never acknowledged"
        }
        if reconnects > 0 { line += ", \(reconnects) reconnect(s)" }
        if neverSentTicks > 0 { line += "; never connected: \(neverSentTicks) ticks not sent" }
        return line
    }
}
