#if canImport(Glibc)
import Glibc
#endif

/// One whole-process run of another program, timed as a user times it (`time CMD`): wall
/// time from spawn to exit, the CPU it used (user + system, from `wait4`) and its peak
/// resident memory (sampled every 5 ms, so a peak shorter than that can be missed).
struct ProcessRun {
    var wallSeconds: Double
    var cpuSeconds: Double
    var maxResidentMegabytes: Double
    var status: Int32

    /// Runs `arguments` (looked up on PATH) with standard output to /dev/null (or the pipe
    /// `captureOutput` asks for, whose text is returned in `output`) and `environment` added.
    static func measure(_ arguments: [String], environment: [String] = []) -> (run: ProcessRun, output: String)? {
        var pipeEnds: [Int32] = [0, 0]
        guard Subprocess.makePipe(&pipeEnds) else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)  // stderr: a script's own timings
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let start = MonotonicClock.now()
        let pid = Subprocess.spawn(arguments, environment: environment, actions: &actions)
        close(pipeEnds[1])
        guard let pid else {
            close(pipeEnds[0])
            return nil
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        // Peak memory: the child's VmHWM, sampled every 5 ms while it runs. Not `ru_maxrss`:
        // Linux carries the spawning process's peak across exec into it, so after the history
        // section every child would "use" the Bench's 4 GB.
        var peakKilobytes = 0
        let statusPath = "/proc/\(pid)/status"
        var poller = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&poller, 1, 5)
            if let hwm = highWaterKilobytes(statusPath) { peakKilobytes = max(peakKilobytes, hwm) }
            if ready == 0 { continue }
            if ready < 0 { if errno == EINTR { continue }; break }
            let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            output.append(contentsOf: chunk[0..<count])
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let wall = Double(MonotonicClock.now() &- start) / 1e9
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        let run = ProcessRun(
            wallSeconds: wall, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            maxResidentMegabytes: Double(peakKilobytes) / 1024, status: Subprocess.exitCode(status))
        return (run, String(decoding: output, as: UTF8.self))
    }

    /// The run with the least wall time of `count` (the machine is shared: the least
    /// disturbed), or nil when the program could not be started or failed.
    static func best(of count: Int, _ arguments: [String], environment: [String] = []) -> (run: ProcessRun, output: String)? {
        var best: (run: ProcessRun, output: String)?
        for _ in 0..<count {
            guard let result = measure(arguments, environment: environment), result.run.status == 0 else { return nil }
            if best == nil || result.run.wallSeconds < best!.run.wallSeconds { best = result }
        }
        return best
    }

    /// `VmHWM` (peak resident set of the current program image) from a /proc status file.
    private static func highWaterKilobytes(_ path: String) -> Int? {
        procField("VmHWM:", in: path).flatMap { Int($0.filter(\.isNumber)) }
    }

    /// Whether `program` is on PATH (and executable).
    static func onPath(_ program: String) -> Bool {
        guard let path = getenv("PATH").map({ String(cString: $0) }) else { return false }
        return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
