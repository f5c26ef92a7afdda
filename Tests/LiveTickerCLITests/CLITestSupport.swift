import LiveTickerTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A fresh temporary directory for one test, inside ``testRoot``.
func temporaryDirectory() -> String { TemporaryFiles.makeDirectory("test", in: testRoot) }

/// The one directory this test process makes its directories in, removed with all they hold
/// when the process exits (each run left about a hundred directories in /tmp before).
/// Made on first use (a global's initialiser runs once, whatever the thread).
let testRoot: String = {
    let root = TemporaryFiles.makeDirectory("liveticker-cli")
    rootToRemove = root
    atexit { TemporaryFiles.removeTree(rootToRemove) }
    return root
}()

/// ``testRoot`` for the exit handler, which can capture nothing (set once, before it exists).
nonisolated(unsafe) private var rootToRemove = ""

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

/// Runs `body` with standard input read from the file at `path` (as `< path` would), then
/// gives standard input back.
func withStandardInput(from path: String, _ body: () -> Void) {
    let input = open(path, O_RDONLY)
    precondition(input >= 0, "cannot open \(path)")
    let saved = dup(0)
    dup2(input, 0)
    close(input)
    body()
    dup2(saved, 0)
    close(saved)
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
