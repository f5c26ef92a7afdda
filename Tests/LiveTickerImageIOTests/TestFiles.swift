#if canImport(Glibc)
    import Glibc
#endif

/// A path in /tmp unique to this process and name (tests run in parallel).
func temporaryPath(_ name: String) -> String {
    "/tmp/liveticker-imageio-test-\(getpid())-\(name)"
}

/// Deletes a test file; missing files are fine.
func removeFile(_ path: String) {
    unlink(path)
}
