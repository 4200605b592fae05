import RivCommandLine
import RivSupport

Platform.ignoreWriteSignals()
// Signal handling and the standard streams need a few descriptors of their own:
// below this the runtime's dispatch library fails without a word.
let fewestDescriptors = 10
if let limit = ProcessLimits.openFiles, limit < fewestDescriptors {
    Console.standard.error("riv-assets: at least \(fewestDescriptors) open files are needed; the limit (ulimit -n) is \(limit)")
    Platform.exitProcess(ExitStatus.failure)
}
let arguments = CommandLineText.arguments(Platform.rawArguments(), console: .standard)
if RivAssetsTool.writesFiles(arguments) { InterruptCleanup.install() }
Platform.exitProcess(await RivAssetsTool.run(arguments: arguments, console: .standard))
