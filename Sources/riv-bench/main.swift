#if canImport(Glibc)
import Glibc
#endif

// The benchmark runs as a driver that makes inputs and re-executes itself once per
// measurement with `--case OPERATION`, so that every measurement has its own
// process and its own peak resident memory.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--case") {
    exit(ChildMain.run(arguments))
}
exit(BenchDriver.run(arguments))
