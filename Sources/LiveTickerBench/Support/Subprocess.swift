#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Runs another program (the Python peers) and collects its standard output.
enum Subprocess {
    /// Held while a pipe is made and marked close-on-exec, and while a program is started, so
    /// that no program starts between the two (Glibc's `pipe2` is not visible to Swift).
    private static let spawning = Mutex(())

    /// Makes a pipe whose ends close in any program this process starts, unless a spawn's
    /// file actions `dup2` one onto a descriptor of the child (which keeps that copy open).
    /// Why: two peers started at once by two threads each inherited the other's pipe ends, so
    /// closing a peer's input never reached it as end of file, and both waited forever (a
    /// hang of the test suite, whose peer tests run in parallel). Returns false on failure.
    static func makePipe(_ ends: inout [Int32]) -> Bool {
        spawning.withLock { _ in
            guard pipe(&ends) == 0 else { return false }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return true
        }
    }

    /// Runs `arguments[0]` (looked up on PATH) with the rest as its arguments; standard error
    /// is passed through. Returns the exit status and everything written to standard output,
    /// or nil when the program could not be started.
    static func run(_ arguments: [String]) -> (status: Int32, output: String)? {
        var pipeEnds: [Int32] = [0, 0]
        guard makePipe(&pipeEnds) else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let pid = spawn(arguments, actions: &actions)
        close(pipeEnds[1])
        guard let pid else {
            close(pipeEnds[0])
            return nil
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            output.append(contentsOf: chunk[0..<count])
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (exitCode(status), String(decoding: output, as: UTF8.self))
    }

    /// Starts `arguments[0]` (looked up on PATH) with the rest as its arguments, `actions`
    /// applied to its descriptors, and this process's environment with `environment`
    /// (`NAME=value` entries) added. Returns its pid; nil when it could not be started.
    static func spawn(
        _ arguments: [String], environment: [String] = [], actions: inout posix_spawn_file_actions_t
    ) -> pid_t? {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var env: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let value = entry.pointee {
            env.append(strdup(value))
            entry += 1
        }
        env += environment.map { strdup($0) }
        env.append(nil)
        defer { for pointer in env { free(pointer) } }
        var pid = pid_t()
        let started = spawning.withLock { _ in posix_spawnp(&pid, arguments[0], &actions, nil, &argv, &env) }
        return started == 0 ? pid : nil
    }

    /// A `wait` status as a shell reports it: the exit code, or 128 + the signal that ended it.
    static func exitCode(_ status: Int32) -> Int32 {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Writes `values` as raw little-endian f64 to a new temporary file and returns its path.
    static func writeTemporary(_ values: [Double], name: String) -> String? {
        let path = "/tmp/liveticker-bench-\(getpid())-\(name).f64"
        guard let file = fopen(path, "wb") else { return nil }
        defer { fclose(file) }
        let written = values.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        return written == values.count * 8 ? path : nil
    }
}
