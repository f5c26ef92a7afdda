import LiveTickerDownsampling

#if canImport(Glibc)
import Glibc
#endif

/// Facts about the machine a Bench run measured, printed above its figures so numbers from
/// two machines are never compared by accident.
enum MachineDescription {
    /// CPU model (from /proc/cpuinfo), online cores and the build configuration.
    static func current() -> [(key: String, value: String)] {
        var facts: [(key: String, value: String)] = []
        facts.append(("cpu", cpuModel() ?? "unknown"))
        facts.append(("cores", String(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        facts.append(("downsampling kernels", KernelLevel.summary))
        #if DEBUG
        facts.append(("build", "debug"))
        #else
        facts.append(("build", "release"))
        #endif
        return facts
    }

    private static func cpuModel() -> String? {
        guard let file = fopen("/proc/cpuinfo", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("model name") {
                if let colon = text.firstIndex(of: ":") {
                    return String(Substring(text[text.index(after: colon)...].filter { $0 != "\n" && $0 != "\t" }).trimmingSpaces)
                }
            }
        }
        return nil
    }
}
