import Foundation
import RivAssetsKit
import RivFixtures
import RivFormat
import RivPNG
import RivSupport
import RivTestSupport

/// `riv-bench png-memory [WIDTHxHEIGHT] [--images N]`: the peak resident memory of
/// `shrink` on one `.riv` holding N large 8-bit grey PNGs (default two of
/// 16384x32700, 511 MiB decoded each, in a file of a few megabytes), measured in a
/// child process of its own, beside what the PNGs decode to and what the shared
/// decode budget allows at once. The bar: at most about 3x the decoded bytes plus
/// 100 MiB per image optimised at once, and never more images at once than the
/// budget holds.
enum PNGMemoryBench {
    static let usage = "usage: riv-bench png-memory [WIDTHxHEIGHT] [--images N]"

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.first == "--child", arguments.count == 3 { return child(input: arguments[1], output: arguments[2]) }
        var width = 16384, height = 32700, images = 2
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--images", let count = rest.popFirst().flatMap({ Int($0) }), count >= 1 {
                images = count
            } else if let size = parseSize(argument) {
                (width, height) = size
            } else {
                print(usage)
                return 64
            }
        }
        do {
            let directory = try TemporaryDirectory()
            let png = Payload.flatGreyPNG(width: width, height: height)
            var file = RivFileBuilder(fileID: 1, tableOfContents: [])
            file.appendBackboard()
            for index in 0..<images {
                file.appendAsset(Schema.TypeKey.imageAsset, name: "grey-\(index).png", id: UInt64(index + 1))
                file.appendContents(png)
            }
            let input = try directory.write("grey.riv", file.bytes)
            let decoded = width * height
            print("png-memory: \(images) grey PNGs of \(width)x\(height) (\(FigureText.size(decoded)) decoded each) in a \(FigureText.size(png.count * images)) .riv, "
                  + "\(ProcessInfo.processInfo.activeProcessorCount) cores, decode budget \(FigureText.size(DecodeBudget.shared.capacity))")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ChildLauncher.executablePath)
            process.arguments = ["png-memory", "--child", input, directory.path("out.riv")]
            let pipe = Pipe()
            process.standardOutput = pipe
            let start = Date()
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0, let peak = Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
                print("png-memory: the child failed (status \(process.terminationStatus)): \(String(decoding: output, as: UTF8.self))")
                return 1
            }
            // What one optimisation reserves (PNGOptimizer.workingBytes: 3x the raw rows, filter bytes included, and 16 MiB).
            let reserved = 3 * (width + 1) * height + (16 << 20)
            let atOnce = max(1, min(images, ProcessInfo.processInfo.activeProcessorCount, DecodeBudget.shared.capacity / reserved))
            let bar = atOnce * (3 * decoded + (100 << 20))
            print("  shrink: \(FigureText.duration(Date().timeIntervalSince(start))), peak resident \(FigureText.size(peak)) "
                  + "= \(FigureText.decimal(Double(peak) / Double(decoded), places: 2))x one image's decoded size; "
                  + "bar for \(atOnce) at once: \(FigureText.size(bar)) (\(peak <= bar ? "met" : "over"))")
            return peak <= bar ? 0 : 1
        } catch {
            print("png-memory: \(error)")
            return 1
        }
    }

    /// Shrinks `input` into `output` and prints this process's peak resident bytes.
    private static func child(input: String, output: String) -> Int32 {
        do {
            let result = try AssetOperations.shrink(ShrinkRequest(inputs: [.path(input)], destination: .path(output), types: AssetTypeFilter(categories: [.image])))
            guard result.failures.isEmpty else {
                print(result.failures.map(\.message).joined(separator: "; "))
                return 1
            }
        } catch {
            print(error)
            return 1
        }
        print(ProcessMemory.current().peak)
        return 0
    }

    private static func parseSize(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else { return nil }
        return (width, height)
    }
}
