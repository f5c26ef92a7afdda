/// How an MQTT client connects, besides where (``MQTTEndpoint``): quality of service, TLS
/// files, credentials, keep-alive and the reconnect backoff.
public struct MQTTSettings: Sendable, Equatable {
    /// QoS for subscriptions and publishes: 0 (at most once) or 1 (at least once).
    public var qos: Int32 = 0
    /// PEM file of the certificate authorities to trust (TLS); nil: the system's.
    public var caFile: String?
    /// PEM client certificate (TLS client authentication).
    public var certFile: String?
    /// PEM private key of the client certificate.
    public var keyFile: String?
    /// Password when the URL holds none (the CLI fills it from a file or the environment).
    public var password: String?
    /// Client identifier; nil makes one from the process id and the clock.
    public var clientID: String?
    /// Seconds between keep-alive pings (a dead broker is noticed within about 1.5×).
    public var keepAliveSeconds: Int32 = 10
    /// Seconds a connect attempt may take.
    public var connectTimeoutSeconds: Int32 = 5
    /// First wait before reconnecting, in milliseconds; doubled after every failed attempt.
    public var initialBackoffMilliseconds = 100
    /// Longest wait between attempts, in milliseconds.
    public var maximumBackoffMilliseconds = 5_000
    /// QoS 1 messages the broker may send before this client acknowledges them (MQTT 5 Receive
    /// Maximum). A subscriber that falls behind makes the broker queue, then drop (counted
    /// through the publisher's stamps), instead of filling this process.
    public var receiveMaximum: Int32 = 256
    /// Subscribing: the longest message payload taken, in bytes (nil: the protocol's 256 MB).
    /// Sent as the MQTT 5 Maximum Packet Size (this plus room for the topic and properties):
    /// the broker then drops a longer message for this client rather than send it, so a
    /// publisher's 250 MB message cannot fill a kiosk's memory (Paho reads a packet whole); a
    /// payload over the limit that fits that room is skipped and counted on arrival.
    public var maximumMessageBytes: Int? = 1 << 20
    /// Publishing: keep the last message on each topic at the broker (retained).
    public var retain = false

    /// Defaults: QoS 0, the system's CAs, no client certificate, 10 s keep-alive, 0.1–5 s backoff.
    public init() {}
}
