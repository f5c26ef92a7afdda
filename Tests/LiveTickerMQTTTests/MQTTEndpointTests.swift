import Testing

@testable import LiveTickerMQTT

@Suite struct MQTTEndpointTests {
    @Test func parsesHostPortTopicAndDefaults() throws {
        let plain = try MQTTEndpoint(parsing: "mqtt://broker.local/site/ticks/#")
        #expect(plain.host == "broker.local" && plain.port == 1883 && !plain.useTLS)
        #expect(plain.topic == "site/ticks/#" && plain.username == nil && plain.password == nil)
        #expect(plain.serverURI == "tcp://broker.local:1883")
        let tls = try MQTTEndpoint(parsing: "mqtts://kiosk:s%40cret@[::1]:18883/a/+/b")
        #expect(tls.host == "::1" && tls.port == 18883 && tls.useTLS)
        #expect(tls.username == "kiosk" && tls.password == "s@cret" && tls.topic == "a/+/b")
        #expect(tls.serverURI == "ssl://[::1]:18883")
        // The description never shows the password.
        #expect(tls.description == "mqtts://kiosk@[::1]:18883/a/+/b")
        #expect(try MQTTEndpoint(parsing: "MQTTS://h/t").port == 8883)
    }

    @Test func rejectsMalformedURLs() {
        for text in ["mqtt://host", "mqtt://host/", "mqtt:///topic", "mqtt://host:0/t", "mqtt://host:99999/t",
            "mqtt://host:x/t", "tcp://host/t", "mqtt://[::1/t", "mqtt://u:%zz@h/t"]
        {
            #expect(throws: MQTTEndpointError.self, "\(text)") { try MQTTEndpoint(parsing: text) }
        }
    }

    @Test func topicPerSymbol() throws {
        let endpoint = try MQTTEndpoint(parsing: "mqtt://h/site/{symbol}/ticks")
        #expect(endpoint.topicPerSymbol)
        #expect(endpoint.topic(forSymbol: "ACME") == "site/ACME/ticks")
        #expect(!(try MQTTEndpoint(parsing: "mqtt://h/site/ticks")).topicPerSymbol)
    }

    @Test func connectOutcomesNameTheCause() throws {
        let endpoint = try MQTTEndpoint(parsing: "mqtts://localhost:8883/t")
        #expect(MQTTConnection.classify(code: 0, diagnostic: "", endpoint: endpoint) == .connected)
        guard case let .fatal(password) = MQTTConnection.classify(code: 134, diagnostic: "", endpoint: endpoint) else {
            Issue.record("bad password must be fatal")
            return
        }
        #expect(password.contains("user name or password"))
        guard case .fatal = MQTTConnection.classify(code: 135, diagnostic: "", endpoint: endpoint) else {
            Issue.record("not authorized must be fatal")
            return
        }
        guard case let .fatal(ca) = MQTTConnection.classify(
            code: -1, diagnostic: "error:0A000086:SSL routines::certificate verify failed", endpoint: endpoint)
        else {
            Issue.record("an unknown CA must be fatal")
            return
        }
        #expect(ca.contains("--ca"))
        // A handshake the server closed or reset (a broker restarting) is retried; one the two
        // sides cannot agree on ends the feed. Both are said as TLS.
        let handshakes: [(diagnostic: String, retried: Bool)] = [
            ("C0E6002EBD7F0000:error:0A000126:SSL routines:ssl3_read_n:unexpected eof while reading:../ssl/record/rec_layer_s3.c:318:", true),
            ("error:80000068:system library::Connection reset by peer", true),
            ("error:0A000086:SSL routines::certificate verify failed", false),
            ("error:0A00010B:SSL routines::wrong version number", false),
            ("error:0A000410:SSL routines::sslv3 alert handshake failure", false),
        ]
        for (diagnostic, retried) in handshakes {
            switch (MQTTConnection.classify(code: -1, diagnostic: diagnostic, endpoint: endpoint), retried) {
            case let (.retry(why), true), let (.fatal(why), false): #expect(why.hasPrefix("TLS"), "\(diagnostic)")
            case let (outcome, _): Issue.record("\(diagnostic): \(outcome), where \(retried ? "a retry" : "the end") was due")
            }
        }
        guard case .retry = MQTTConnection.classify(code: -1, diagnostic: "", endpoint: endpoint) else {
            Issue.record("no broker yet must be retried")
            return
        }
        guard case .retry = MQTTConnection.classify(code: 137, diagnostic: "", endpoint: endpoint) else {
            Issue.record("a busy broker must be retried")
            return
        }
    }
}
