Platform.ignoreWriteSignals()
InterruptCleanup.install()
Platform.exitProcess(RivAssetsTool.run(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard))
