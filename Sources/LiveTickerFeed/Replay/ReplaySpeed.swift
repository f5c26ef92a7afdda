/// How fast a recording is replayed.
public enum ReplaySpeed: Sendable, Equatable, CustomStringConvertible {
    /// As fast as the machine goes: no sleeping.
    case max
    /// Recorded gaps divided by this factor (1 = recorded speed, 10 = ten times faster,
    /// 0.5 = half speed). Always finite and > 0.
    case factor(Double)

    /// Recorded speed.
    public static let recorded = ReplaySpeed.factor(1)

    /// Parses `max`, `1`, `10`, `0.5`, `2x`. Nil for zero, negative, non-finite or junk.
    public init?(argument: String) {
        var text = argument.lowercased()
        if text == "max" || text == "inf" {
            self = .max
            return
        }
        if text.hasSuffix("x") { text.removeLast() }
        guard let factor = Double(text), factor.isFinite, factor > 0 else { return nil }
        self = .factor(factor)
    }

    /// `max` or the factor, e.g. `1x`, `0.5x`.
    public var description: String {
        switch self {
        case .max: "max"
        case let .factor(f): f == f.rounded() && f < 1e15 ? "\(Int64(f))x" : "\(f)x"
        }
    }
}
