/// The mode a user asked for: the connector's preferred mode, or a size with an optional
/// refresh rate (`--mode WxH[@Hz]`).
public enum ModeRequest: Sendable, Hashable, CustomStringConvertible {
    /// The mode the connector marks preferred (the first listed if none is marked).
    case preferred
    /// A `width × height` mode, at `refreshHertz` (rounded) if given.
    case size(width: Int, height: Int, refreshHertz: Int?)

    /// Parses `preferred`, `WxH` or `WxH@Hz` (`x` or `X`; Hz may have decimals, rounded).
    /// - Throws: `DisplayError.invalidMode` for anything else, zero or absurd sizes.
    /// - Cost: O(length of text).
    public init(parsing text: String) throws(DisplayError) {
        if text == "preferred" {
            self = .preferred
            return
        }
        var sizePart = Substring(text)
        var hertz: Int? = nil
        if let at = text.firstIndex(of: "@") {
            sizePart = text[..<at]
            let rate = text[text.index(after: at)...]
            guard let value = Double(rate), value.isFinite, value >= 1, value < 1000 else {
                throw .invalidMode(text: text)
            }
            hertz = Int(value.rounded())
        }
        guard let (width, height) = Self.parseSize(sizePart) else { throw .invalidMode(text: text) }
        self = .size(width: width, height: height, refreshHertz: hertz)
    }

    /// The longest side a picture may have, in pixels.
    public static let largestSide = 16384

    /// Parses `WxH` with both sides in 1…``largestSide``. O(length).
    public static func parseSize<S: StringProtocol>(_ text: S) -> (width: Int, height: Int)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "X", omittingEmptySubsequences: false) }
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let width = Int(parts[0]), let height = Int(parts[1]),
            (1...largestSide).contains(width), (1...largestSide).contains(height)
        else { return nil }
        return (width, height)
    }

    /// `preferred`, `800x480` or `800x480@60`.
    public var description: String {
        switch self {
        case .preferred: return "preferred"
        case .size(let width, let height, let hertz):
            return hertz.map { "\(width)x\(height)@\($0)" } ?? "\(width)x\(height)"
        }
    }

    /// Picks the mode this request names from a connector's list, or nil if none fits.
    ///
    /// `.preferred`: the first mode marked preferred, else the first listed (the kernel sorts
    /// the preferred mode first). `.size`: among modes of that size (and rate, if given, compared
    /// after rounding to whole hertz), progressive before interlaced, then the preferred one,
    /// then the highest rate, then list order. Pure; O(n), no allocation.
    public func select(from modes: [DisplayMode]) -> DisplayMode? {
        switch self {
        case .preferred:
            return modes.first(where: \.isPreferred) ?? modes.first
        case .size(let width, let height, let hertz):
            var best: DisplayMode? = nil
            for mode in modes where mode.width == width && mode.height == height {
                if let hertz, mode.refreshHertz != hertz { continue }
                guard let current = best else {
                    best = mode
                    continue
                }
                if Self.ranks(mode, before: current) { best = mode }
            }
            return best
        }
    }

    /// Like `select(from:)` but throws the error a user should see when nothing fits.
    /// - Throws: `DisplayError.modeNotAvailable` listing every available mode.
    public func select(
        from modes: [DisplayMode], device: String, connector: String
    ) throws(DisplayError) -> DisplayMode {
        guard let mode = select(from: modes) else {
            throw .modeNotAvailable(
                device: device, connector: connector, requested: description, available: modes)
        }
        return mode
    }

    /// Tie-break between two modes of the same size; `a` wins only when strictly better,
    /// so list order decides among equals.
    private static func ranks(_ a: DisplayMode, before b: DisplayMode) -> Bool {
        if a.isInterlaced != b.isInterlaced { return !a.isInterlaced }
        if a.isPreferred != b.isPreferred { return a.isPreferred }
        return a.refreshMillihertz > b.refreshMillihertz
    }
}
