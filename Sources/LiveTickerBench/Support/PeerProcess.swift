#if canImport(Glibc)
import Glibc
#endif

/// A peer (a Python script) kept running for a whole measurement and asked, a line at a time,
/// to time a few more calls: so that its timings and ours can be taken in turn, round after
/// round, and both sides meet the same moments of a shared machine. Timed one after the
/// other, each side alone for seconds, the host's other machines slowed one side and not the
/// other often enough to move a ratio by a fifth (the runs in `Docs/performance-history.md`).
///
/// The script sets up (loads its data, warms up), prints one line `ready`, then reads one
/// request per line from its standard input and answers each with one line on its standard
/// output (flushed); its standard error is passed through. The initialiser waits for `ready`,
/// so the peer's set-up never runs beside our own measurements (on the one CPU they share, it
/// took the 10⁷-value read pass from 2.7 to 1.3 G values/s in one run).
final class PeerProcess {
    private let pid: pid_t
    private var requests: Int32
    private var answers: Int32
    private var pending: [UInt8] = []
    private var finished = false

    /// Starts `python3 -u -c script arguments…` with `environment` (`NAME=value` entries) added
    /// to this process's and waits until it says `ready`; nil when it cannot be started or
    /// ends first (a module missing, say).
    init?(script: String, arguments: [String], environment: [String] = []) {
        var toPeer: [Int32] = [0, 0]
        var fromPeer: [Int32] = [0, 0]
        guard Subprocess.makePipe(&toPeer) else { return nil }
        guard Subprocess.makePipe(&fromPeer) else {
            close(toPeer[0])
            close(toPeer[1])
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toPeer[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromPeer[1], 1)
        for end in [toPeer[0], toPeer[1], fromPeer[0], fromPeer[1]] { posix_spawn_file_actions_addclose(&actions, end) }
        let child = Subprocess.spawn(["python3", "-u", "-c", script] + arguments, environment: environment, actions: &actions)
        close(toPeer[0])
        close(fromPeer[1])
        guard let child else {
            close(toPeer[1])
            close(fromPeer[0])
            return nil
        }
        pid = child
        requests = toPeer[1]
        answers = fromPeer[0]
        guard readLine() == "ready" else {
            finish()
            return nil
        }
    }

    deinit { finish() }

    /// Sends `request` (one line, without its newline) and returns the peer's answer line, or
    /// nil when the peer has ended (it failed to set up, or broke on the request) — after which
    /// every later call returns nil too. Blocks until the answer comes.
    func ask(_ request: String) -> String? {
        guard !finished else { return nil }
        let line = Array((request + "\n").utf8)
        var sent = 0
        while sent < line.count {
            let count = line[sent...].withUnsafeBytes { Self.writeWithoutSIGPIPE(requests, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return endedEarly() }  // EPIPE: the peer is gone
            sent += count
        }
        return readLine()
    }

    /// The peer's next line (without its newline); nil, after finishing it, when it has ended.
    private func readLine() -> String? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let count = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return endedEarly() }
            pending.append(contentsOf: chunk[0..<count])
        }
    }

    /// Closes the peer's input (a well-behaved script then ends) and waits for it. Idempotent.
    func finish() {
        guard !finished else { return }
        finished = true
        close(requests)
        close(answers)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    /// `write(2)` with SIGPIPE blocked on this thread, and the one it raised taken back, so that
    /// a peer that has ended makes the write fail with EPIPE instead of ending this process,
    /// whatever the process does with SIGPIPE (the CLI ignores it; a test runner may not). The
    /// thread's signal mask is restored before returning; errno is the write's.
    private static func writeWithoutSIGPIPE(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var former = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &former)
        defer { pthread_sigmask(SIG_SETMASK, &former, nil) }
        var pending = sigset_t()
        sigpending(&pending)
        let pendingBefore = sigismember(&pending, SIGPIPE) == 1
        let written = write(descriptor, bytes, count)
        let error = errno
        if written < 0, error == EPIPE, !pendingBefore {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &now) < 0, errno == EINTR {}
        }
        errno = error
        return written
    }

    private func endedEarly() -> String? {
        finish()
        return nil
    }
}
