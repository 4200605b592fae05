import Foundation
import RivFormat
import RivRender
import RivSupport
import RivTestSupport

/// `riv-bench render [FILE...] [--artboard-index N] [--width PX] [--runs N]`: one artboard of
/// each file (default: the first; default files: seven corpus files of `../shared`, from
/// small icons to large scenes) read, drawn at its setup pose and written as SVG, and drawn
/// as a PNG `PX` pixels wide (default 1024). Prints per file the median over the runs
/// (default 5) of the CPU time to read the file, make the draw calls, write the SVG, and draw
/// and encode the PNG; beside them the wall time of Rive's runtime (`riv_render draw --svg`,
/// when `../shared` holds it) importing and drawing the same artboard in its own process.
/// The issue's bars: the SVG under the runtime's whole process, a typical artboard's PNG at
/// 1024 px in under 50 ms (release build).
///
/// `riv-bench render --every-artboard [FILE...] [--width PX] [--runs N]` measures what
/// "typical" means: every artboard of the files (default: the whole corpus) drawn at its
/// default scene as a PNG `PX` wide, and the spread of those times (median, 90th
/// percentile, the slowest), with how many are under 50 ms.
enum RenderBench {
    static let usage = "usage: riv-bench render [FILE...] [--artboard-index N | --every-artboard] [--width PX] [--runs N]"
    /// The files measured when none is given, by name in the corpus.
    static let defaultFiles = ["travel_icons.riv", "car_demo.riv", "lumberjackfinal.riv", "Santa_Claus.riv", "avatar_demo.riv", "coin.riv", "skull_404.riv"]

    static func run(_ arguments: [String]) -> Int32 {
        var width = 1024, runs = 5, artboard = 0, everyArtboard = false
        var files: [URL] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--width", let value = rest.popFirst().flatMap({ Int($0) }), value >= 1 {
                width = value
            } else if argument == "--runs", let value = rest.popFirst().flatMap({ Int($0) }), value >= 1 {
                runs = value
            } else if argument == "--artboard-index", let value = rest.popFirst().flatMap({ Int($0) }), value >= 0 {
                artboard = value
            } else if argument == "--every-artboard" {
                everyArtboard = true
            } else if !argument.hasPrefix("-") {
                files.append(URL(fileURLWithPath: argument))
            } else {
                print(usage)
                return 64
            }
        }
        if files.isEmpty {
            let corpus = SharedData.corpusFiles(in: SharedData.installedCorpus)
            files = everyArtboard ? corpus : defaultFiles.compactMap { name in corpus.first { $0.lastPathComponent == name } }
            guard !files.isEmpty else {
                print("render: no files given and no corpus in ../shared\n\(usage)")
                return 64
            }
        }
        if everyArtboard { return spread(files, width: width, runs: runs) }
        print("render: median of \(runs) runs, CPU time; the runtime's whole process, wall time")
        print("file                       artboard  read     calls    svg      png \(width) px (size)        runtime svg")
        for url in files {
            var read: [Double] = [], calls: [Double] = [], svg: [Double] = [], png: [Double] = []
            var size = (width: 0, height: 0)
            do {
                for _ in 0..<runs {
                    let start = Platform.processCPUSeconds()
                    let file = try RivFile(contentsOf: url)
                    let loaded = Platform.processCPUSeconds()
                    let list = try ArtboardRenderer(file: file).setupPose(artboardIndex: artboard)
                    let drawn = Platform.processCPUSeconds()
                    _ = list.svg()
                    let written = Platform.processCPUSeconds()
                    let picture = try list.png(width: width)
                    let encoded = Platform.processCPUSeconds()
                    size = (picture.width, picture.height)
                    read.append(loaded - start)
                    calls.append(drawn - loaded)
                    svg.append(written - drawn)
                    png.append(encoded - written)
                }
            } catch {
                print("\(url.lastPathComponent): \(error)")
                continue
            }
            let runtime = runtimeSeconds(url, artboard: artboard, runs: runs).map(FigureText.duration) ?? "-"
            print(url.lastPathComponent.padding(toLength: 27, withPad: " ", startingAt: 0) + String(artboard).padding(toLength: 10, withPad: " ", startingAt: 0)
                  + [read, calls, svg].map { FigureText.duration(median($0)).padding(toLength: 9, withPad: " ", startingAt: 0) }.joined()
                  + "\(FigureText.duration(median(png))) (\(size.width)x\(size.height))".padding(toLength: 28, withPad: " ", startingAt: 0) + runtime)
        }
        return 0
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Every artboard of `files` at its default scene, drawn and encoded as a PNG `width`
    /// pixels wide (the median CPU time of `runs`), and the spread of those times.
    private static func spread(_ files: [URL], width: Int, runs: Int) -> Int32 {
        var times: [(seconds: Double, name: String)] = []
        var skipped = 0
        for url in files {
            guard let file = try? RivFile(contentsOf: url) else {
                skipped += 1
                continue
            }
            let renderer = ArtboardRenderer(file: file)
            for index in renderer.artboardNames.indices {
                var png: [Double] = []
                for _ in 0..<runs {
                    let start = Platform.processCPUSeconds()
                    guard let list = try? renderer.render(artboardIndex: index), (try? list.png(width: width)) != nil else { break }
                    png.append(Platform.processCPUSeconds() - start)
                }
                guard png.count == runs else {
                    skipped += 1
                    continue
                }
                times.append((median(png), "\(url.lastPathComponent) #\(index)"))
            }
        }
        guard !times.isEmpty else {
            print("render: no artboard could be drawn")
            return 1
        }
        times.sort { $0.seconds < $1.seconds }
        let under = times.filter { $0.seconds < 0.05 }.count
        print("render --every-artboard: \(times.count) artboards of \(files.count) files at their default scene, PNG \(width) px wide,"
              + " the calls and the PNG, median CPU time of \(CountedNoun.text(runs, "run")) each (\(skipped) not drawn)")
        print("  median \(FigureText.duration(times[times.count / 2].seconds)), 90th percentile \(FigureText.duration(times[times.count * 9 / 10].seconds)),"
              + " slowest \(FigureText.duration(times[times.count - 1].seconds)); under 50 ms: \(under) (\(under * 100 / times.count)%)")
        for slow in times.suffix(5).reversed() { print("  \(FigureText.duration(slow.seconds))  \(slow.name)") }
        return 0
    }

    /// The median wall time of `riv_render draw FILE --artboard-index N --scene none --svg`
    /// in its own process; nil without the oracle or when it fails.
    private static func runtimeSeconds(_ url: URL, artboard: Int, runs: Int) -> Double? {
        guard let executable = RuntimeOracle.installedRenderExecutable else { return nil }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("riv-bench-render-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: output) }
        var times: [Double] = []
        for _ in 0..<runs {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["draw", url.path, "--artboard-index", String(artboard), "--scene", "none", "--svg", output.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = Date()
            guard (try? process.run()) != nil else { return nil }
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return nil }
            times.append(Date().timeIntervalSince(start))
        }
        return median(times)
    }
}
