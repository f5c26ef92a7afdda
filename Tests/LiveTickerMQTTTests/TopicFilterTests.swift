import Testing

@testable import LiveTickerMQTT

/// MQTT 3.1.1 §4.7 filter matching, with the spec's own examples.
@Suite struct TopicFilterTests {
    @Test func wildcardsFollowTheSpecExamples() {
        // §4.7.1.2: "sport/tennis/player1/#" matches these.
        for topic in ["sport/tennis/player1", "sport/tennis/player1/ranking", "sport/tennis/player1/score/wimbledon"] {
            #expect(TopicFilter.matches("sport/tennis/player1/#", topic: topic), "\(topic)")
        }
        #expect(TopicFilter.matches("sport/#", topic: "sport"))
        #expect(TopicFilter.matches("#", topic: "anything/at/all"))
        // §4.7.1.3: "sport/tennis/+" matches one level only.
        #expect(TopicFilter.matches("sport/tennis/+", topic: "sport/tennis/player1"))
        #expect(!TopicFilter.matches("sport/tennis/+", topic: "sport/tennis/player1/ranking"))
        #expect(!TopicFilter.matches("sport/+", topic: "sport"))
        #expect(TopicFilter.matches("sport/+", topic: "sport/"))
        #expect(TopicFilter.matches("+/+", topic: "/finance"))
        #expect(TopicFilter.matches("/+", topic: "/finance"))
        #expect(!TopicFilter.matches("+", topic: "/finance"))
        // §4.7.2: wildcards at the first level do not reach $SYS.
        #expect(!TopicFilter.matches("#", topic: "$SYS/broker/load"))
        #expect(!TopicFilter.matches("+/broker/load", topic: "$SYS/broker/load"))
        #expect(TopicFilter.matches("$SYS/#", topic: "$SYS/broker/load"))
        // Plain levels compare exactly.
        #expect(TopicFilter.matches("site/ticks", topic: "site/ticks"))
        #expect(!TopicFilter.matches("site/ticks", topic: "site/Ticks"))
        #expect(!TopicFilter.matches("site/ticks", topic: "site/ticks/ACME"))
    }

    @Test func aSymbolPatternLevelMatchesAnyName() {
        #expect(TopicFilter.matches("site/ACME", topic: "site/{symbol}"))
        #expect(TopicFilter.matches("site/+", topic: "site/{symbol}"))
        #expect(TopicFilter.matches("site/#", topic: "site/copy/{symbol}"))
        #expect(!TopicFilter.matches("other/#", topic: "site/{symbol}"))
        #expect(!TopicFilter.matches("site/+/ticks", topic: "site/{symbol}"))
    }

    @Test("a filter with # or + inside a level, or # before the last level, is no valid subscription (§4.7.1)")
    func invalidFilters() {
        for valid in ["#", "a/#", "+", "+/b", "a/+/#", "sport/tennis/+", "a//b", "$SYS/#"] {
            #expect(TopicFilter.problem(in: valid) == nil, "\(valid)")
        }
        for invalid in ["a/#/b", "#/a", "a#", "a/b#", "a+/b", "a/+b", "+a"] {
            #expect(TopicFilter.problem(in: invalid) != nil, "\(invalid)")
        }
    }
}
