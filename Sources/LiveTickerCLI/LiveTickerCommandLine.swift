import LiveTickerDownsampling

#if canImport(Glibc)
import Glibc
#endif

/// Entry point of the `liveticker` program: dispatches to its subcommands.
public enum LiveTickerCommandLine {
    /// Every subcommand, in the order `liveticker --help` lists them.
    ///
    /// To add a command: write a type conforming to ``Command`` in `Commands/` and list it here.
    static var commands: [any Command.Type] {
        [
            ReplayCommand.self, LiveCommand.self, DownsampleCommand.self, ConvertCommand.self, DisplaysCommand.self,
            PatternCommand.self, ZoneCommand.self, RunCommand.self, CheckCommand.self, BenchCommand.self, PublishCommand.self,
        ]
    }

    static let overview = """
        liveticker — live tick streams to a chart on a display with no desktop

        Usage: liveticker COMMAND [OPTIONS] [ARGUMENTS]
               liveticker COMMAND --help

        Commands:
        """

    /// How the running executable counts heap allocations, if it can (the `Bench` executable
    /// sets it before calling `main`; `liveticker bench` then reports no such figure).
    ///
    /// Set once, before `main` and before any thread starts; only read afterwards.
    nonisolated(unsafe) public static var allocationCount: (@Sendable () -> UInt64)?

    /// Runs the command named by the process arguments and exits with its status.
    public static func main() -> Never {
        prepareProcess()
        exit(finish(run(Array(CommandLine.arguments.dropFirst()))))
    }

    /// Runs the command named by `arguments` (without the program name), for an executable
    /// that obtained them itself (the `liveticker` executable, which also works without /proc),
    /// and exits with its status.
    public static func main(arguments: [String]) -> Never {
        prepareProcess()
        exit(finish(run(arguments)))
    }

    /// Runs `liveticker PREFIX... ARGUMENTS...`: lets another executable (the `Bench` target)
    /// be one of the subcommands under its own name.
    public static func main(prefixing prefix: [String]) -> Never {
        prepareProcess()
        exit(finish(run(prefix + Array(CommandLine.arguments.dropFirst()))))
    }

    /// Process setup before any command runs: SIGPIPE is ignored, so a write to a closed pipe
    /// or socket fails with EPIPE where the code can see it (standard output then ends quietly,
    /// as `cat` does: ``StandardOutput/exitOnBrokenPipe()``) instead of killing a kiosk
    /// mid-frame. Called once by ``main()``, before any thread starts.
    /// SIGQUIT ends a command that runs no display loop at once, without the Swift runtime's
    /// crash report (which then hung); display loops install ``StopSignal`` over it.
    static func prepareProcess() {
        signal(SIGPIPE, SIG_IGN)
        var quit = sigaction()
        quit.__sigaction_handler.sa_handler = { _ in _exit(128 + SIGQUIT) }
        sigemptyset(&quit.sa_mask)
        quit.sa_flags = 0
        sigaction(SIGQUIT, &quit, nil)
    }

    /// Flushes what `print` buffered and checks it: a write that failed (a full disk) ends
    /// with a message and status 1; a closed pipe ends quietly (``StandardOutput/failed(_:)``).
    static func finish(_ status: Int32) -> Int32 {
        if fflush(nil) != 0 {
            let code = errno
            StandardOutput.failed(code)
        }
        return status
    }

    /// Runs `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first, first != "--help", first != "-h", first != "help" else {
            if arguments.first == "help", arguments.count > 1,
                let command = command(named: arguments[1])
            {
                printOutput(command.help)
                return 0
            }
            printOutput(helpText)
            return arguments.isEmpty ? 2 : 0
        }
        if first == "--version" {
            printOutput("liveticker \(LiveTickerVersion.string)")
            // The second line says which kernels this CPU runs (what a bug report and the
            // tests that force LIVETICKER_SIMD need to know); the first stays as it was.
            printOutput("kernels: \(KernelLevel.summary)")
            return 0
        }
        guard let command = command(named: first) else {
            printError("liveticker: unknown command '\(first)'. Run 'liveticker --help' for the list.")
            return 2
        }
        do {
            var parsed = try ParsedArguments(Array(arguments.dropFirst()), flags: command.flags)
            if parsed.wantsHelp {
                printOutput(command.help)
                return 0
            }
            return try command.run(&parsed)
        } catch let error as UsageError {
            printError("liveticker \(command.name): \(error.reason)")
            printError("Run 'liveticker \(command.name) --help' for usage.")
            return 2
        } catch let failure as CommandFailure {
            printError("liveticker \(command.name): \(failure.message)")
            return failure.exitStatus
        } catch {
            printError("liveticker \(command.name): \(error)")
            return 1
        }
    }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name || $0.aliases.contains(name) }
    }

    static var helpText: String {
        var width = 0
        for command in commands { width = max(width, command.name.count) }
        var rows: [String] = []
        for command in commands {
            let name = command.name
            rows.append("  " + name + String(repeating: " ", count: width - name.count + 2) + command.summary)
        }
        return overview + "\n" + rows.joined(separator: "\n") + "\n"
    }
}

/// The version printed by `liveticker --version`.
public enum LiveTickerVersion {
    /// Semantic version of this build.
    public static let string = "0.1.0"
}
