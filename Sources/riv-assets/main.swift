#if canImport(Glibc)
import Glibc
#endif

signal(SIGPIPE, SIG_IGN)
exit(RivAssetsTool.run(arguments: Array(CommandLine.arguments.dropFirst())))
