import Testing

@testable import LiveTickerBench

#if canImport(Glibc)
import Glibc
#endif

/// The Bench's reader of `/proc` lines (CPU model, a child's peak memory, a thread's CPUs), on
/// files laid out as the kernel writes them.
@Suite struct ProcFieldTests {
    @Test("the value after the key, without the blanks and colon around it; the first matching line wins")
    func values() throws {
        let path = "/tmp/liveticker-procfield-\(getpid())"
        defer { unlink(path) }
        let text = """
            processor\t: 0
            model name\t: AMD EPYC 7B13 64-Core Processor
            model name\t: a second one
            Name:\tpython3
            VmHWM:\t  183424 kB
            Cpus_allowed_list:\t0-1
            Empty:
            """
        let file = try #require(fopen(path, "w"))
        fputs(text + "\n", file)
        fclose(file)
        #expect(procField("model name", in: path) == "AMD EPYC 7B13 64-Core Processor")
        #expect(procField("VmHWM:", in: path) == "183424 kB")
        #expect(procField("Cpus_allowed_list:", in: path) == "0-1")
        #expect(procField("Empty:", in: path) == "")
        #expect(procField("VmRSS:", in: path) == nil)
        #expect(procField("Name:", in: "/nonexistent/status") == nil)
    }

    @Test("this process's own status file: its peak memory")
    func realFile() throws {
        let peak = try #require(procField("VmHWM:", in: "/proc/self/status"))
        #expect(peak.hasSuffix("kB") && Int(peak.filter(\.isNumber))! > 0)
    }
}
