import CLiveTickerKernels

/// The instruction level the downsampling kernels run at.
///
/// `.sse2` is the Swift implementation (the reference, and the path on every CPU other than
/// x86-64 with AVX2); `.avx2` and `.avx512` are the C kernels of `CLiveTickerKernels`, compiled
/// per function for those instruction sets. Every level gives exactly the same indices.
public enum KernelLevel: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// The Swift code: baseline x86-64 (128-bit SSE2 vectors), NEON on aarch64.
    case sse2 = 0
    /// C kernels with 256-bit AVX2 vectors.
    case avx2 = 1
    /// C kernels with 512-bit AVX-512 (F, DQ, BW, VL) vectors.
    case avx512 = 2

    /// The level every downsampling call uses: the widest this CPU and OS support, or the one
    /// the environment variable `LIVETICKER_SIMD` (`sse2`, `avx2`, `avx512`) forces when it is
    /// supported. Chosen once, on first use (CPUID and XCR0 read, the variable read once).
    public static let active: KernelLevel = selection.active

    /// The level `LIVETICKER_SIMD` asked for when the process started (nil: unset or unknown),
    /// so a program can say when the request could not be honoured (``active`` differs).
    public static let requested: KernelLevel? = selection.requested

    private static let selection: (active: KernelLevel, requested: KernelLevel?) = {
        var wanted: Int32 = -1
        let level = ltk_level_select(&wanted)
        return (KernelLevel(rawValue: Int(level)) ?? .sse2, KernelLevel(rawValue: Int(wanted)))
    }()

    /// Whether this CPU and its operating system run this level's instructions. O(1): the
    /// answer is read once per process.
    public var isSupported: Bool { Self.supportedLevels[rawValue] }

    /// `ltk_level_supported` for each level, asked once. Why cached: CPUID traps to the
    /// hypervisor in a virtual machine (28 µs a call measured on the 2-core EPYC VMs), and
    /// every downsampling call checks its level: at 10⁵ points that check cost as much as
    /// the kernel itself.
    private static let supportedLevels: [Bool] = allCases.map { ltk_level_supported(Int32($0.rawValue)) != 0 }

    /// Every level this machine runs, narrowest first (always includes `.sse2`).
    public static var supported: [KernelLevel] { allCases.filter(\.isSupported) }

    /// One line for a person: the active level, every level this machine supports, and whether
    /// a `LIVETICKER_SIMD` request could not be honoured, e.g. `avx2 (supported: sse2, avx2)`.
    /// What `liveticker --version` and the Bench print. O(1) after the first use.
    public static var summary: String {
        var line = "\(active) (supported: \(supported.map(\.description).joined(separator: ", ")))"
        if let requested, requested != active {
            line += "; LIVETICKER_SIMD=\(requested) is not supported here"
        }
        return line
    }

    /// The level's name as `LIVETICKER_SIMD` spells it.
    public var description: String {
        switch self {
        case .sse2: "sse2"
        case .avx2: "avx2"
        case .avx512: "avx512"
        }
    }

    /// The C kernels' level number (only for levels above `.sse2`).
    @inline(__always)
    var code: Int32 { Int32(rawValue) }
}
