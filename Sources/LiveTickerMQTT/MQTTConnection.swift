import CPahoMQTT
import LiveTickerCore
import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// One Eclipse Paho synchronous MQTT 5 client handle: connect, subscribe, receive and publish,
/// with Paho's codes turned into outcomes that say what to do next.
///
/// Paho's synchronous client reads the socket only inside ``receive(timeoutMilliseconds:_:)``
/// (no background thread when no callbacks are set), so a slow reader pushes back through TCP
/// to the broker, which then drops for this subscriber (`max_queued_messages`) instead of this
/// process buffering without bound. Paho allocates each received message; this wrapper frees
/// it after the handler returns. Not for concurrent use from several threads; several
/// connections on their own threads are ordered by ``PahoCycleLock``.
final class MQTTConnection {
    /// What a connect attempt came to.
    enum ConnectOutcome: Equatable {
        case connected
        /// A failure that retrying may cure (no broker yet, broker restarting, busy).
        case retry(String)
        /// A failure retrying cannot cure (credentials, certificate); the text names the cause.
        case fatal(String)
    }

    /// What one receive call came to.
    enum ReceiveStatus {
        case message
        case timeout
        case disconnected
    }

    let endpoint: MQTTEndpoint
    let settings: MQTTSettings
    /// QoS 1 publishes awaiting their acknowledgement at once, at most: below the broker's
    /// Receive Maximum (mosquitto's `max_inflight_messages`, 20 by default).
    static let inFlightWindow = 16
    /// How long a full window may go without an acknowledgement before the connection is
    /// taken for lost.
    static let acknowledgementTimeoutMilliseconds: Int64 = 10_000
    private var handle: MQTTClient?
    // C strings handed to Paho for every connect; owned here until deinit.
    private let cStrings: [UnsafeMutablePointer<CChar>?]

    /// Creates the client (no network yet). Throws when Paho refuses the URI.
    init(endpoint: MQTTEndpoint, settings: MQTTSettings, role: String) throws(FeedErrorBox) {
        self.endpoint = endpoint
        self.settings = settings
        let clientID = settings.clientID ?? Self.makeClientID(role: role)
        var created: MQTTClient?
        let code = lt_mqtt_create(&created, endpoint.serverURI, clientID)
        guard code == LT_MQTT_SUCCESS, let created else {
            throw FeedErrorBox("cannot create an MQTT client for \(endpoint): \(Self.pahoText(code))")
        }
        handle = created
        cStrings = [
            endpoint.username.map { strdup($0) } ?? nil,
            (endpoint.password ?? settings.password).map { strdup($0) } ?? nil,
            settings.caFile.map { strdup($0) } ?? nil,
            settings.certFile.map { strdup($0) } ?? nil,
            settings.keyFile.map { strdup($0) } ?? nil,
        ]
    }

    deinit {
        if handle != nil {
            if MQTTClient_isConnected(handle) != 0 { MQTTClient_disconnect(handle, 100) }
            MQTTClient_destroy(&handle)
        }
        for pointer in cStrings { free(pointer) }
    }

    /// Whether the client is connected now.
    var isConnected: Bool { MQTTClient_isConnected(handle) != 0 }

    /// One connect attempt (blocking up to the connect timeout). The host name is looked up
    /// first with ``HostLookup``, so a stop during a slow lookup returns at once (`.retry`);
    /// without TLS Paho is then handed the address, with TLS the name (Paho checks the
    /// certificate against it, and looks it up again: that second lookup, normally answered
    /// from the resolver's cache, is not interruptible).
    func connect(cleanStart: Bool = true, stop: StopFlag = StopFlag()) -> ConnectOutcome {
        var serverURI: UnsafeMutablePointer<CChar>?
        defer { free(serverURI) }
        switch HostLookup.resolve(endpoint.host, port: endpoint.port, stop: stop) {
        case let .found(addresses):
            if !endpoint.useTLS {
                // Paho itself prefers the first IPv4 address of a name.
                let address = addresses.first(where: { $0.family == AF_INET }) ?? addresses[0]
                let host = address.family == AF_INET6 ? "[\(address.numericHost)]" : address.numericHost
                serverURI = strdup("tcp://\(host):\(endpoint.port)")
            }
        case let .failed(reason):
            return .retry(reason)
        case .stopped:
            return .retry("stopped")
        }
        var params = lt_mqtt_connect_params()
        params.username = UnsafePointer(cStrings[0])
        params.password = UnsafePointer(cStrings[1])
        params.keepAliveSeconds = settings.keepAliveSeconds
        params.connectTimeoutSeconds = settings.connectTimeoutSeconds
        params.cleanStart = cleanStart ? 1 : 0
        params.useTLS = endpoint.useTLS ? 1 : 0
        params.caFile = UnsafePointer(cStrings[2])
        params.certFile = UnsafePointer(cStrings[3])
        params.keyFile = UnsafePointer(cStrings[4])
        params.verifyServer = 1
        params.receiveMaximum = settings.receiveMaximum
        // Room above the window, so Paho never blocks a publish itself (it would sleep 100 ms).
        params.maxInflight = Int32(Self.inFlightWindow * 2)
        // A packet holds the payload, a topic of up to 65 535 bytes and its properties.
        params.maximumPacketSize = settings.maximumMessageBytes.map { UInt32(clamping: $0 + 65_536 + 1_024) } ?? 0
        params.serverURI = UnsafePointer(serverURI)
        var result = lt_mqtt_connect_result()
        var hostCheck: String?
        PahoCycleLock.shared.waitingForReply {
            if endpoint.useTLS {
                hostCheck = PahoTrace.tracingHostCheck { lt_mqtt_connect(handle, &params, &result) }.1
            } else {
                lt_mqtt_connect(handle, &params, &result)
            }
        }
        var diagnostic = withUnsafeBytes(of: &result.diagnostic) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        // A host-name failure ends the handshake before any CONNACK: a negative Paho code.
        if result.returnCode < 0, diagnostic.isEmpty, let hostCheck { diagnostic = hostCheck }
        // Paho says only "Failure" when it cannot reach a broker: a TCP connection of our own
        // tells nothing listening from no answer from an address nobody has.
        var reachable: String?? = nil
        if result.returnCode == MQTTCLIENT_FAILURE, diagnostic.isEmpty, !stop.isStopped {
            reachable = .some(ConnectingSocket.probe(host: endpoint.host, port: endpoint.port, timeoutMilliseconds: 2_000, stop: stop))
        }
        return Self.classify(code: result.returnCode, diagnostic: diagnostic, endpoint: endpoint, tcpFailure: reachable)
    }

    /// Turns a connect result into what to do next. Internal for tests.
    /// `tcpFailure`: after a plain Paho failure, why a TCP connection of our own failed too
    /// (`.some(nil)`: it opened; nil: not probed).
    static func classify(code: Int32, diagnostic: String, endpoint: MQTTEndpoint, tcpFailure: String?? = nil) -> ConnectOutcome {
        if code == 0 { return .connected }
        if !diagnostic.isEmpty {
            let reason = tlsReason(diagnostic, endpoint: endpoint)
            return tlsFailureIsTransient(diagnostic) ? .retry(reason) : .fatal(reason)
        }
        switch code {
        case 4, 134:  // 3.1.1 "bad user name or password", MQTT 5 0x86
            return .fatal("the broker refused the user name or password (MQTT reason \(code))")
        case 5, 135:  // not authorized (mosquitto's answer to a wrong password under MQTT 5)
            return .fatal("the broker refused the login: not authorized (wrong user name or password?) (MQTT reason \(code))")
        case 133:
            return .fatal("the broker refused the client identifier (MQTT reason 133)")
        case 132, 1:
            return .fatal("the broker does not speak MQTT 5 (MQTT reason \(code))")
        case 140:
            return .fatal("the broker wants an authentication method this client does not have (MQTT reason 140)")
        case 128...255:
            return .retry("the broker refused the connection (MQTT reason \(code))")
        default:
            switch tcpFailure {
            case let .some(reason?):
                let hint = reason.lowercased().contains("refused") ? ": is the broker running, on this port?" : ""
                return .retry("cannot connect to \(endpoint.host):\(endpoint.port): \(reason)\(hint)")
            case .some(nil):
                return .retry(
                    "\(endpoint.host):\(endpoint.port) accepts connections but did not answer as an MQTT broker (\(pahoText(code)))")
            case nil:
                return .retry("cannot connect to \(endpoint.host):\(endpoint.port) (\(pahoText(code)))")
            }
        }
    }

    /// Whether an OpenSSL error line says the connection went during the handshake (the server
    /// closed or reset it: a broker restarting at that moment, a proxy's hiccup) rather than
    /// that the two sides cannot agree (a certificate, a protocol): only the first can a retry
    /// cure. A kiosk's feed ended for good when its broker closed one handshake.
    static func tlsFailureIsTransient(_ diagnostic: String) -> Bool {
        let lower = diagnostic.lowercased()
        return ["unexpected eof", "connection reset", "reset by peer", "broken pipe", "timed out"].contains { lower.contains($0) }
    }

    /// A sentence for an OpenSSL error line.
    static func tlsReason(_ diagnostic: String, endpoint: MQTTEndpoint) -> String {
        let lower = diagnostic.lowercased()
        if lower.contains("x509_check_host") || lower.contains("x509_check_ip") || lower.contains("hostname mismatch")
            || lower.contains("ip address mismatch")
        {
            return "TLS: the server's certificate does not name the host \(endpoint.host) (\(diagnostic))"
        }
        if lower.contains("certificate verify failed") {
            return "TLS: the server's certificate is not signed by a trusted authority; give its CA with --ca FILE (\(diagnostic))"
        }
        if lower.contains("no such file") || lower.contains("system lib") || lower.contains("pem") {
            return "TLS: cannot load a certificate or key file (\(diagnostic))"
        }
        if lower.contains("wrong version number") || lower.contains("packet length too long") {
            return "TLS: the server at \(endpoint.host):\(endpoint.port) does not speak TLS (\(diagnostic))"
        }
        return "TLS handshake failed (\(diagnostic))"
    }

    /// What a subscribe came to.
    enum SubscribeOutcome: Equatable {
        case subscribed
        /// The connection went before the broker answered (a broker shutting down between its
        /// CONNACK and the SUBACK, or a SUBACK that never came): connecting again may cure it.
        case lost(String)
        /// The broker answered no, or the client cannot ask (the text says which): retrying
        /// cannot cure it.
        case refused(String)
    }

    /// Subscribes to `filter` at `qos`, waiting for the broker's answer.
    func subscribe(_ filter: String, qos: Int32) -> SubscribeOutcome {
        let code = PahoCycleLock.shared.waitingForReply { lt_mqtt_subscribe(handle, filter, qos) }
        if (0...2).contains(code) { return .subscribed }
        if code == 135 { return .refused("the broker does not allow subscribing to \(filter) (not authorized)") }
        if code >= 128 { return .refused("the broker refused the subscription to \(filter) (MQTT reason \(code))") }
        // The connection went, or the SUBACK did not come in time (Paho then drops the
        // session itself): a lost connection like any other (a wall's feed ended for good when
        // its broker restarted at that moment).
        if code == MQTTCLIENT_FAILURE || code == MQTTCLIENT_DISCONNECTED {
            disconnect(timeoutMilliseconds: 100)  // no-op unless Paho kept the session
            return .lost("connection lost while subscribing")
        }
        return .refused("subscribe failed: \(Self.pahoText(code))")
    }

    /// A received message, valid only during the handler.
    struct Message {
        let topic: UnsafeRawBufferPointer
        let payload: UnsafeRawBufferPointer
        let retained: Bool
        /// The `lt-seq` stamp of `liveticker publish`: message number, first tick, tick count.
        let sequence: (number: UInt64, first: UInt64, count: UInt64)?
    }

    /// Waits up to `timeoutMilliseconds` for one message and hands it to `handler`.
    func receive(timeoutMilliseconds: UInt, _ handler: (Message) -> Void) -> ReceiveStatus {
        var topic: UnsafeMutablePointer<CChar>?
        var topicLength: Int32 = 0
        var message: UnsafeMutablePointer<MQTTClient_message>?
        let code = PahoCycleLock.shared.reading {
            MQTTClient_receive(handle, &topic, &topicLength, &message, timeoutMilliseconds)
        }
        defer { lt_mqtt_free_received(topic, message) }
        guard code == LT_MQTT_SUCCESS || code == LT_MQTT_TOPICNAME_TRUNCATED else { return .disconnected }
        guard let message, let topic else { return isConnected ? .timeout : .disconnected }
        let length = topicLength > 0 ? Int(topicLength) : strlen(topic)
        var number: UInt64 = 0
        var first: UInt64 = 0
        var count: UInt64 = 0
        let stamped = lt_mqtt_message_sequence(message, &number, &first, &count) == 1
        handler(Message(
            topic: UnsafeRawBufferPointer(start: topic, count: length),
            payload: UnsafeRawBufferPointer(start: lt_mqtt_message_payload(message), count: Int(lt_mqtt_message_length(message))),
            retained: lt_mqtt_message_retained(message) != 0,
            sequence: stamped ? (number, first, count) : nil))
        return .message
    }

    /// Publishes one message. At QoS 1 it does not wait for the acknowledgement: it first lets
    /// Paho read acknowledgements (1 ms at a time) while ``inFlightWindow`` messages are
    /// unanswered, and takes the connection for lost (disconnects) when a full window gets no
    /// answer for ``acknowledgementTimeoutMilliseconds``. Returns nil on success, else why not.
    /// `retain` nil follows ``MQTTSettings/retain``.
    func publish(topic: String, payload: UnsafeRawBufferPointer, sequence: String?, retain: Bool? = nil) -> String? {
        if settings.qos > 0 && pendingAcknowledgements >= Self.inFlightWindow {
            let deadline = SystemClock.monotonic.milliseconds() + Self.acknowledgementTimeoutMilliseconds
            while pendingAcknowledgements >= Self.inFlightWindow {
                guard isConnected else { return "publish to \(topic) failed: the connection was lost" }
                if SystemClock.monotonic.milliseconds() > deadline {
                    MQTTClient_disconnect(handle, 0)
                    return "no acknowledgement from the broker for \(Self.acknowledgementTimeoutMilliseconds / 1000) s"
                }
                PahoCycleLock.shared.reading { _ = lt_mqtt_service(handle, 1) }
            }
        }
        let retained: Int32 = (retain ?? settings.retain) ? 1 : 0
        let code = lt_mqtt_publish(handle, topic, payload.baseAddress, Int32(payload.count), settings.qos, retained, sequence)
        if code == 0 || code == 16 { return nil }  // 16: accepted, no matching subscribers (MQTT 5)
        if code == 135 { return "the broker does not allow publishing to \(topic) (not authorized)" }
        return "publish to \(topic) failed: \(code >= 128 ? "MQTT reason \(code)" : Self.pahoText(code))"
    }

    /// QoS 1 messages sent and not yet acknowledged. Allocates one short array.
    var pendingAcknowledgements: Int { Int(lt_mqtt_pending(handle)) }

    /// Reads acknowledgements until none is outstanding, the connection is lost, or
    /// `timeoutMilliseconds` pass; returns how many are still unanswered.
    func awaitAcknowledgements(timeoutMilliseconds: Int64) -> Int {
        let deadline = SystemClock.monotonic.milliseconds() + timeoutMilliseconds
        var pending = pendingAcknowledgements
        while pending > 0 && isConnected && SystemClock.monotonic.milliseconds() < deadline {
            PahoCycleLock.shared.reading { _ = lt_mqtt_service(handle, 1) }
            pending = pendingAcknowledgements
        }
        return pending
    }


    /// Disconnects politely (waits up to `timeoutMilliseconds` for in-flight messages).
    func disconnect(timeoutMilliseconds: Int32 = 1000) {
        if isConnected { MQTTClient_disconnect(handle, timeoutMilliseconds) }
    }

    static func pahoText(_ code: Int32) -> String {
        guard let text = MQTTClient_strerror(code) else { return "Paho code \(code)" }
        return String(cString: text)
    }

    private static func makeClientID(role: String) -> String {
        "liveticker-\(role)-\(getpid())-\(SystemClock.realtime.nanoseconds() % 1_000_000_000 / 1000)"
    }
}

/// An error message from the client layer (wrapped into ``FeedError`` by the sources).
struct FeedErrorBox: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
