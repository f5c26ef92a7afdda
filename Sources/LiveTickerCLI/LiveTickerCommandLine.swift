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
            PatternCommand.self, BenchCommand.self, PublishCommand.self,
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
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs `liveticker PREFIX... ARGUMENTS...`: lets another executable (the `Bench` target)
    /// be one of the subcommands under its own name.
    public static func main(prefixing prefix: [String]) -> Never {
        exit(run(prefix + Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first, first != "--help", first != "-h", first != "help" else {
            if arguments.first == "help", arguments.count > 1,
                let command = command(named: arguments[1])
            {
                print(command.help)
                return 0
            }
            print(helpText)
            return arguments.isEmpty ? 2 : 0
        }
        if first == "--version" {
            print("liveticker \(LiveTickerVersion.string)")
            return 0
        }
        guard let command = command(named: first) else {
            printError("liveticker: unknown command '\(first)'. Run 'liveticker --help' for the list.")
            return 2
        }
        do {
            var parsed = try ParsedArguments(Array(arguments.dropFirst()), flags: command.flags)
            if parsed.wantsHelp {
                print(command.help)
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
