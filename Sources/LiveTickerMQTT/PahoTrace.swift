import CPahoMQTT
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Catches what Paho reports only through its trace hook: a server certificate that verifies
/// but does not name the host (`X509_check_host … failed`) reaches neither a return code nor
/// OpenSSL's error queue.
///
/// Paho's trace hook and level are process-wide by Paho's design, so this is the one piece of
/// process-global state in the module: the hook keeps only the last host-check line, and the
/// level is raised to "protocol" only while a TLS connect is in progress (otherwise it stays at
/// "fatal", so a message costs no trace formatting).
enum PahoTrace {
    private struct State {
        var installed = false
        var connectsInProgress = 0
        /// Paho's "X509_check_host for hostname H failed" line, if traced.
        var hostCheckFailure: String?
        /// Paho's "rc from X509_check_ip_asc is N": it tries the host as an IP address after a
        /// failed name check, so a name failure with N = 1 is no failure.
        var ipCheckPassed: Bool?
    }
    private static let state = Mutex(State())

    /// Runs one TLS connect attempt with the host-name check traced; returns the attempt's
    /// result and the host-check failure line, if one was traced meanwhile.
    static func tracingHostCheck<T>(_ body: () -> T) -> (T, String?) {
        state.withLock { state in
            if !state.installed {
                MQTTClient_setTraceCallback(record)
                state.installed = true
            }
            state.connectsInProgress += 1
            state.hostCheckFailure = nil
            state.ipCheckPassed = nil
            MQTTClient_setTraceLevel(MQTTCLIENT_TRACE_PROTOCOL)
        }
        let result = body()
        let failure = state.withLock { state in
            state.connectsInProgress -= 1
            if state.connectsInProgress == 0 { MQTTClient_setTraceLevel(MQTTCLIENT_TRACE_FATAL) }
            return state.ipCheckPassed == true ? nil : state.hostCheckFailure
        }
        return (result, failure)
    }

    private static let record: @convention(c) (MQTTCLIENT_TRACE_LEVELS, UnsafeMutablePointer<CChar>?) -> Void = {
        _, message in
        guard let message else { return }
        if let ip = strstr(message, "rc from X509_check_ip_asc is ") {
            let passed = ip[29] == CChar(UInt8(ascii: "1"))
            state.withLock { $0.ipCheckPassed = passed }
            return
        }
        guard let start = strstr(message, "X509_check_host"), strstr(message, "failed") != nil else { return }
        // The line starts with a timestamp; keep the part from the check's name.
        let text = String(cString: start)
        state.withLock { $0.hostCheckFailure = text }
    }
}
