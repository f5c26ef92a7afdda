import Testing

@testable import LiveTickerMQTT

/// The one summary line `publish` and `--republish` print.
@Suite struct MQTTPublishCountsTests {
    @Test func aCleanRunSaysWhatWentWhere() {
        var counts = MQTTPublishCounts()
        counts.sentMessages = 1101
        counts.sentTicks = 55041
        counts.topics = 1
        #expect(
            counts.summary(verb: "published", host: "127.0.0.1", port: 1883)
                == "published 55041 ticks in 1101 message(s) to 1 topic(s) at 127.0.0.1:1883")
        #expect(
            counts.summary(verb: "republished", host: "b", port: 1, detail: "none dropped")
                == "republished 55041 ticks in 1101 message(s) to 1 topic(s) at b:1; none dropped")
    }

    @Test func lossesAreEachNamed() {
        var counts = MQTTPublishCounts()
        counts.sentMessages = 10
        counts.sentTicks = 20
        counts.unsentMessages = 3
        counts.unsentTicks = 6
        counts.unacknowledgedMessages = 2
        counts.reconnects = 1
        counts.topics = 2
        counts.neverSentTicks = 5
        #expect(
            counts.summary(verb: "republished", host: "h", port: 2, detail: "4 ticks dropped (x)")
                == "republished 20 ticks in 10 message(s) to 2 topic(s) at h:2; 4 ticks dropped (x); "
                + "3 message(s) (6 ticks) not sent while the broker was away; "
                + "2 QoS 1 message(s) sent but never acknowledged, 1 reconnect(s); never connected: 5 ticks not sent")
    }
}
