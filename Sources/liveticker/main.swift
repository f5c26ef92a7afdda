import CProcessStart
import LiveTickerCLI

// The arguments as the kernel passed them (saved by CProcessStart before any constructor ran):
// `CommandLine.arguments` reads /proc/self/cmdline, which is empty without /proc.
var arguments = CommandLine.arguments
if arguments.isEmpty, let argv = liveticker_process_argv() {
    arguments = (0..<Int(liveticker_process_argc())).compactMap { argv[$0].map { String(cString: $0) } }
}
LiveTickerCommandLine.main(arguments: Array(arguments.dropFirst()))
