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
        var hostCheckFailure: String?
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
            MQTTClient_setTraceLevel(MQTTCLIENT_TRACE_PROTOCOL)
        }
        let result = body()
        let failure = state.withLock { state in
            state.connectsInProgress -= 1
            if state.connectsInProgress == 0 { MQTTClient_setTraceLevel(MQTTCLIENT_TRACE_FATAL) }
            return state.hostCheckFailure
        }
        return (result, failure)
    }

    private static let record: @convention(c) (MQTTCLIENT_TRACE_LEVELS, UnsafeMutablePointer<CChar>?) -> Void = {
        _, message in
        guard let message, strstr(message, "X509_check_host") != nil || strstr(message, "X509_check_ip") != nil,
            strstr(message, "failed") != nil
        else { return }
        // The line starts with a timestamp; keep the part from the check's name.
        let start = strstr(message, "X509_check") ?? message
        let text = String(cString: start)
        state.withLock { $0.hostCheckFailure = text }
    }
}
