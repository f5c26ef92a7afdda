#if canImport(Glibc)
import Glibc
#endif

/// A fresh temporary directory for one test.
func temporaryDirectory() -> String {
    var template = Array("/tmp/liveticker-cli-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    return path
}

/// Writes `text` to `path`.
func writeFile(_ path: String, _ text: String) {
    let file = fopen(path, "wb")!
    fputs(text, file)
    fclose(file)
}

/// Reads `path` as bytes (empty when missing).
func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n == 0 { break }
        bytes += chunk[0..<n]
    }
    return bytes
}

/// Runs `body` with standard output (or standard error, `descriptor` 2) sent to a file and
/// returns what was written.
func capture(_ descriptor: Int32 = 1, _ body: () -> Void) -> String {
    let path = temporaryDirectory() + "/captured"
    fflush(nil)
    let saved = dup(descriptor)
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    dup2(file, descriptor)
    close(file)
    body()
    fflush(nil)
    dup2(saved, descriptor)
    close(saved)
    return String(decoding: readFile(path), as: UTF8.self)
}
