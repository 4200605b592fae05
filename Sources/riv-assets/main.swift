#if canImport(Glibc)
import Glibc
#endif

signal(SIGPIPE, SIG_IGN)
InterruptCleanup.install()
exit(RivAssetsTool.run(arguments: Array(CommandLine.arguments.dropFirst())))
