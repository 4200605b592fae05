import Foundation
import RivFixtures
import RivFontSubset
import RivFormat
import RivPNG
import RivTestSupport

/// `riv-bench shrink`: what `shrink` does to each embedded asset, timed in this process
/// (one thread, wall and CPU time, best of three). First on inputs it makes (gradient PNGs
/// of growing size, so that time per pixel shows whether the encoder is linear), then on
/// every distinct PNG and TrueType font in the named `.riv` files (by default every file
/// of `../shared/corpus` when it is there): each PNG through ``PNGOptimizer``, each font
/// through ``TrueTypeSubsetter`` to the characters its file's text runs hold (as
/// `shrink` keeps them), with sizes before and after.
enum ShrinkBench {
    static let usage = "usage: riv-bench shrink [--each] [FILE.riv...]"

    /// One asset to shrink: its label, bytes and, for a font, the characters it keeps.
    struct Input {
        let label: String
        let bytes: [UInt8]
        let characters: Set<Unicode.Scalar>?
    }

    /// What shrinking one input cost and gave.
    struct Measured {
        var wall: Double
        var cpu: Double
        var bytesAfter: Int
    }

    static func run(_ arguments: [String]) -> Int32 {
        let each = arguments.contains("--each")
        var paths = arguments.filter { $0 != "--each" }
        if paths.contains(where: { $0.hasPrefix("-") }) {
            print(usage)
            return 64
        }
        var source = paths.count == 1 ? paths[0] : "\(paths.count) files"
        if paths.isEmpty, let corpus = SharedData.installedCorpus {
            paths = SharedData.corpusFiles(in: corpus).map(\.path)
            source = corpus.path
        }
        print("shrink, in this process, 1 thread, best of 3 (wall / CPU)")
        print("\nmade inputs (gradient PNGs, stored deflate):")
        for side in [256, 1024, 2048] {
            let input = Input(label: "\(side)x\(side) RGB", bytes: Payload.gradientPNG(width: side, height: side), characters: nil)
            guard let measured = measure(input) else { continue }
            print("  \(row(input, measured))  \(FigureText.decimal(measured.cpu / Double(side * side) * 1e9, places: 1)) ns/pixel")
        }
        guard !paths.isEmpty else {
            print("\n../shared/corpus is absent beside the package: the corpus half is skipped")
            return 0
        }
        let (pngs, fonts, axisRuns) = collect(paths)
        for (kind, inputs) in [("PNGs", pngs), ("TrueType fonts", fonts)] where !inputs.isEmpty {
            print("\n\(inputs.count) distinct \(kind) of \(source):")
            var total = Measured(wall: 0, cpu: 0, bytesAfter: 0)
            var before = 0, failed = 0
            for input in inputs {
                guard let measured = measure(input) else { failed += 1; continue }
                if each { print("  " + row(input, measured)) }
                total.wall += measured.wall
                total.cpu += measured.cpu
                total.bytesAfter += measured.bytesAfter
                before += input.bytes.count
            }
            if kind != "PNGs" { print("  text runs whose style sets variation axes (TextStyleAxis): \(axisRuns)") }
            let ratio = FigureText.decimal(Double(total.bytesAfter) / Double(max(before, 1)), places: 3)
            print("  total: \(FigureText.size(before)) -> \(FigureText.size(total.bytesAfter)) (\(ratio)x), "
                  + "\(FigureText.duration(total.wall)) wall, \(FigureText.duration(total.cpu)) CPU"
                  + (failed > 0 ? "; \(failed) left as they were (not counted)" : ""))
        }
        return 0
    }

    private static func row(_ input: Input, _ measured: Measured) -> String {
        let label = input.label.count > 48 ? "…" + input.label.suffix(47) : input.label
        return label.padding(toLength: 48, withPad: " ", startingAt: 0)
            + " \(String(input.bytes.count).leftPadded(10)) -> \(String(measured.bytesAfter).leftPadded(10))"
            + "  \(FigureText.duration(measured.wall).leftPadded(10)) wall \(FigureText.duration(measured.cpu).leftPadded(10)) CPU"
    }

    /// Best of three runs (by CPU time), or nil when the asset cannot be shrunk.
    private static func measure(_ input: Input) -> Measured? {
        var best: Measured?
        for _ in 0..<3 {
            let wallStart = DispatchTime.now().uptimeNanoseconds, cpuStart = Platform.processCPUSeconds()
            let after: Int
            if let characters = input.characters {
                guard let subset = try? TrueTypeSubsetter().subset(input.bytes, keeping: characters) else { return nil }
                after = min(subset.bytes.count, input.bytes.count)
            } else {
                guard let optimized = try? PNGOptimizer.optimize(input.bytes) else { return nil }
                after = optimized.bytes.count
            }
            let run = Measured(wall: Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9,
                               cpu: Platform.processCPUSeconds() - cpuStart, bytesAfter: after)
            if best == nil || run.cpu < best!.cpu { best = run }
        }
        return best
    }

    /// The distinct embedded PNGs and TrueType fonts of the `.riv` files in `paths`, in file
    /// order (a font seen in several files keeps the characters of all of them), and how many
    /// text runs set variation axes.
    private static func collect(_ paths: [String]) -> (pngs: [Input], fonts: [Input], axisRuns: Int) {
        var axisRuns = 0
        var pngs: [Input] = [], seen: Set<[UInt8]> = []
        var fontOrder: [[UInt8]] = [], fontLabels: [[UInt8]: String] = [:], fontCharacters: [[UInt8]: Set<Unicode.Scalar>] = [:]
        for path in paths {
            guard let file = try? RivFile(path: path) else { continue }
            axisRuns += file.fontText.reduce(0) { $0 + $1.runs.filter { !$0.axisValues.isEmpty }.count }
            let text = Dictionary(file.fontText.map { ($0.assetIndex, $0.characters) }, uniquingKeysWith: { $0.union($1) })
            let name = (path as NSString).lastPathComponent
            for (index, asset) in file.assets.enumerated() where asset.location == .embedded {
                guard let data = asset.embeddedBytes else { continue }
                let bytes = [UInt8](data)
                switch (asset.type, asset.detectedFormat) {
                case (.image, .png?) where seen.insert(bytes).inserted:
                    pngs.append(Input(label: name + ":" + asset.uniqueName, bytes: bytes, characters: nil))
                case (.font, .ttf?):
                    guard let characters = text[index] else { continue }
                    if fontLabels[bytes] == nil {
                        fontOrder.append(bytes)
                        fontLabels[bytes] = name + ":" + asset.uniqueName
                    }
                    fontCharacters[bytes, default: []].formUnion(characters)
                default:
                    continue
                }
            }
        }
        let fonts = fontOrder.map { Input(label: fontLabels[$0]!, bytes: $0, characters: fontCharacters[$0]!) }
        return (pngs, fonts, axisRuns)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
