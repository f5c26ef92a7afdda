/// Why a document is not valid TOML 1.0, and where: `line 3, column 7: expected '='`.
public struct TOMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// Where it was found.
    public var position: TOMLPosition

    /// An error at `position`.
    public init(_ message: String, at position: TOMLPosition) {
        self.message = message
        self.position = position
    }

    /// `line L, column C: message`.
    public var description: String { "\(position): \(message)" }
}
