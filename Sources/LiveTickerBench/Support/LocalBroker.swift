#if canImport(Glibc)
import Glibc
#endif

/// A mosquitto broker the MQTT section starts for itself on a free loopback port and stops by
/// its PID: quiet (`log_dest none`: verbose logging halves a broker's throughput), anonymous,
/// no queue limit (so what is measured is delivery, not the broker's drops for a subscriber
/// that fell behind for a moment). Starting costs a process and about 50–100 ms.
final class LocalBroker {
    /// The loopback port it listens on.
    let port: UInt16
    private let pid: pid_t
    private let configPath: String

    private init(port: UInt16, pid: pid_t, configPath: String) {
        self.port = port
        self.pid = pid
        self.configPath = configPath
    }

    deinit { stop() }

    /// Where `mosquitto` is: on PATH, or in /usr/sbin where Debian puts it (not on a user's PATH).
    static func executable() -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin"]
        return directories.map { "\($0)/mosquitto" }.first { access($0, X_OK) == 0 }
    }

    /// Starts the broker and waits (up to 5 s) until it accepts connections. Returns why not on failure.
    static func start() -> Result<LocalBroker, BrokerFailure> {
        guard let program = executable() else {
            return .failure(BrokerFailure(reason: "mosquitto not found (apt-get install mosquitto)"))
        }
        guard let port = freeLoopbackPort() else { return .failure(BrokerFailure(reason: "no free loopback port")) }
        let configPath = "/tmp/liveticker-bench-\(getpid())-mosquitto.conf"
        let config = "listener \(port) 127.0.0.1\nallow_anonymous true\nlog_dest none\nmax_queued_messages 0\n"
        guard let file = fopen(configPath, "w") else { return .failure(BrokerFailure(reason: "cannot write \(configPath)")) }
        fputs(config, file)
        fclose(file)
        chmod(configPath, 0o644)  // a broker started as root reads it after dropping to its own user
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup("-c"), strdup(configPath), nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        guard posix_spawn(&pid, program, &actions, nil, &argv, environ) == 0 else {
            unlink(configPath)
            return .failure(BrokerFailure(reason: "cannot start \(program)"))
        }
        let broker = LocalBroker(port: port, pid: pid, configPath: configPath)
        for _ in 0..<250 {
            if accepts(port: port) { return .success(broker) }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                return .failure(BrokerFailure(reason: "\(program) exited at once (status \(status))"))
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&pause, nil)
        }
        return .failure(BrokerFailure(reason: "\(program) did not accept connections within 5 s"))
    }

    /// Stops the broker (SIGTERM to its PID, then waits for it). Safe to call more than once.
    func stop() {
        guard access(configPath, F_OK) == 0 else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        unlink(configPath)
    }

    /// Why the broker could not be started.
    struct BrokerFailure: Error {
        let reason: String
    }

    private static func freeLoopbackPort() -> UInt16? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        return bound ? UInt16(bigEndian: address.sin_port) : nil
    }

    private static func accepts(port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return address
    }
}
