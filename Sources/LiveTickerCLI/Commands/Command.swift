/// One `liveticker` subcommand.
///
/// Conformers parse their own options from ``ParsedArguments`` and return the process exit
/// status. Throw ``UsageError`` for a command line that cannot run (exit 2) and
/// ``CommandFailure`` for a run that failed (exit 1 unless it says otherwise).
public protocol Command {
    /// The word after `liveticker`, e.g. `replay`.
    static var name: String { get }
    /// Other words accepted for this command (kept so that scripts written against an
    /// earlier spelling keep working).
    static var aliases: [String] { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full `--help` text: usage line, options, examples.
    static var help: String { get }
    /// Option names that take no value.
    static var flags: Set<String> { get }
    /// Runs the command.
    static func run(_ arguments: inout ParsedArguments) throws -> Int32
}

extension Command {
    /// No aliases by default.
    public static var aliases: [String] { [] }
    /// No value-less options by default.
    public static var flags: Set<String> { [] }
}
