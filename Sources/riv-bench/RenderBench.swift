import Foundation
import RivFormat
import RivRender
import RivTestSupport

/// `riv-bench render [FILE...] [--artboard-index N] [--width PX] [--runs N]`: one artboard of
/// each file (default: the first; default files: seven corpus files of `../shared`, from
/// small icons to large scenes) read, drawn at its setup pose and written as SVG, and drawn
/// as a PNG `PX` pixels wide (default 1024). Prints per file the median over the runs
/// (default 5) of the CPU time to read the file, make the draw calls, write the SVG, and draw
/// and encode the PNG; beside them the wall time of Rive's runtime (`riv_render draw --svg`,
/// when `../shared` holds it) importing and drawing the same artboard in its own process.
/// The bars: the SVG under the runtime's whole process, a typical artboard's PNG at
/// 1024 px in under 50 ms (release build).
enum RenderBench {
    static let usage = "usage: riv-bench render [FILE...] [--artboard-index N] [--width PX] [--runs N]"
    /// The files measured when none is given, by name in the corpus.
    static let defaultFiles = ["travel_icons.riv", "car_demo.riv", "lumberjackfinal.riv", "Santa_Claus.riv", "avatar_demo.riv", "coin.riv", "skull_404.riv"]

    static func run(_ arguments: [String]) -> Int32 {
        var width = 1024, runs = 5, artboard = 0
        var files: [URL] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--width", let value = rest.popFirst().flatMap({ Int($0) }), value >= 1 {
                width = value
            } else if argument == "--runs", let value = rest.popFirst().flatMap({ Int($0) }), value >= 1 {
                runs = value
            } else if argument == "--artboard-index", let value = rest.popFirst().flatMap({ Int($0) }), value >= 0 {
                artboard = value
            } else if !argument.hasPrefix("-") {
                files.append(URL(fileURLWithPath: argument))
            } else {
                print(usage)
                return 64
            }
        }
        if files.isEmpty {
            let corpus = SharedData.corpusFiles(in: SharedData.installedCorpus)
            files = defaultFiles.compactMap { name in corpus.first { $0.lastPathComponent == name } }
            guard !files.isEmpty else {
                print("render: no files given and no corpus in ../shared\n\(usage)")
                return 64
            }
        }
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
