#if canImport(Glibc)
import Glibc
#endif

signal(SIGPIPE, SIG_IGN)
// Past the file size limit a write fails with EFBIG and is cleaned up, instead of killing the process.
signal(SIGXFSZ, SIG_IGN)
InterruptCleanup.install()
exit(RivAssetsTool.run(arguments: Array(CommandLine.arguments.dropFirst())))
