#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program (looked up in PATH) with arguments and waits for it; returns its exit
/// status, or nil if it could not be started or did not exit normally.
func runProcess(_ arguments: [String]) -> Int32? {
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, arguments[0], nil, nil, argv, environ)
    guard rc == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        if errno != EINTR { return nil }
    }
    // WIFEXITED / WEXITSTATUS without the macros.
    guard status & 0x7F == 0 else { return nil }
    return (status >> 8) & 0xFF
}
