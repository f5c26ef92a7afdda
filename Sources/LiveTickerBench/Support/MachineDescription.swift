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

    private static func cpuModel() -> String? { procField("model name", in: "/proc/cpuinfo") }
}
