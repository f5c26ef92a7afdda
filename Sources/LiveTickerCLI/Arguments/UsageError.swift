/// A command line that cannot be run as written: an unknown option, a missing or malformed
/// value. Commands throw it; the dispatcher prints `liveticker CMD: REASON` and a pointer to
/// `--help` on standard error and exits with status 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line saying what is wrong, e.g. "--points needs a whole number ≥ 2, got 'abc'".
    public var reason: String

    /// Creates a usage error with a one-line reason.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}

/// A failure while running a well-formed command (a file that cannot be read, a display
/// that cannot be opened). The dispatcher prints it and exits with `exitStatus` (1 by default).
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the file or device and why.
    public var message: String
    /// Process exit status to use.
    public var exitStatus: Int32

    /// Creates a failure with a message and an exit status.
    public init(_ message: String, exitStatus: Int32 = 1) {
        self.message = message
        self.exitStatus = exitStatus
    }

    /// The message.
    public var description: String { message }
}
