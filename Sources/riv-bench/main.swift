// The benchmark runs as a driver that makes inputs and re-executes itself once per
// measurement with `--case OPERATION`, so that every measurement has its own
// process and its own peak resident memory.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "watch" {
    Platform.exitProcess(WatchBench.run(Array(arguments.dropFirst())))
}
if arguments.first == "scaling" {
    Platform.exitProcess(await ScalingBench.run(Array(arguments.dropFirst())))
}
if arguments.first == "shrink" {
    Platform.exitProcess(ShrinkBench.run(Array(arguments.dropFirst())))
}
if arguments.first == "png-memory" {
    Platform.exitProcess(PNGMemoryBench.run(Array(arguments.dropFirst())))
}
if arguments.first == "raster" {
    Platform.exitProcess(RasterBench.run(Array(arguments.dropFirst())))
}
if arguments.first == "render" {
    Platform.exitProcess(RenderBench.run(Array(arguments.dropFirst())))
}
if arguments.first == "startup" {
    Platform.exitProcess(StartupBench.run(Array(arguments.dropFirst())))
}
if arguments.contains("--case") {
    Platform.exitProcess(await ChildMain.run(arguments))
}
Platform.exitProcess(BenchDriver.run(arguments))
