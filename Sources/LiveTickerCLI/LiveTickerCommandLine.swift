/// Entry point of the `liveticker` program: dispatches to its subcommands.
public enum LiveTickerCommandLine {
    /// Runs the command named by the process arguments and exits with its status.
    public static func main() {
        print("liveticker: not yet implemented")
    }
}
