import Foundation
import RivRaster

/// `riv-bench raster [SIZE] [--paths N] [--runs N]`: the rasterizer on a SIZE x SIZE canvas
/// (default 1024) with N paths (default 400) made from a fixed seed, the mix an artboard
/// draws: filled ellipses and stars in solid colours, linear and radial gradients, strokes
/// with round and miter joins, a clip, a feather and a blend mode. Prints the median CPU time of
/// drawing and of `pngData()` over the runs (default 5), and their sum: the bar is a
/// typical artboard's PNG at 1024 px in under 50 ms (release build).
enum RasterBench {
    static let usage = "usage: riv-bench raster [SIZE] [--paths N] [--runs N]"

    static func run(_ arguments: [String]) -> Int32 {
        var size = 1024, paths = 400, runs = 5
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--paths", let count = rest.popFirst().flatMap({ Int($0) }), count >= 1 {
                paths = count
            } else if argument == "--runs", let count = rest.popFirst().flatMap({ Int($0) }), count >= 1 {
                runs = count
            } else if let value = Int(argument), value >= 16 {
                size = value
            } else {
                print(usage)
                return 64
            }
        }
        var drawTimes: [Double] = [], encodeTimes: [Double] = []
        var pngBytes = 0
        do {
            for _ in 0..<runs {
                let start = Platform.processCPUSeconds()
                let canvas = try Canvas(width: size, height: size)
                try draw(on: canvas, paths: paths)
                let drawn = Platform.processCPUSeconds()
                pngBytes = try canvas.pngData().count
                drawTimes.append(drawn - start)
                encodeTimes.append(Platform.processCPUSeconds() - drawn)
            }
        } catch {
            print("raster: \(error)")
            return 1
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        print("raster: \(size)x\(size), \(paths) paths, median of \(runs): draw \(FigureText.duration(median(drawTimes))), "
              + "pngData \(FigureText.duration(median(encodeTimes))) (\(FigureText.size(pngBytes))), "
              + "total \(FigureText.duration(median(drawTimes) + median(encodeTimes)))")
        return 0
    }

    /// The drawing: the same for a given size and count.
    static func draw(on canvas: Canvas, paths: Int) throws {
        var random = SplitMix(seed: 51)
        let side = Double(canvas.width)
        func point() -> RasterPoint { RasterPoint(random.unit() * side, random.unit() * side) }
        func color() -> UInt32 { 0xFF00_0000 | UInt32(random.next() & 0xFF_FFFF) }
        var background = RasterPath()
        background.move(to: RasterPoint(0, 0))
        for corner in [RasterPoint(side, 0), RasterPoint(side, side), RasterPoint(0, side)] { background.line(to: corner) }
        background.close()
        try canvas.fill(background, paint: .color(0xFFF4_F0E8))
        for index in 0..<paths {
            let center = point(), radius = 8 + random.unit() * side / 10
            let path = index % 3 == 0 ? star(center, radius) : ellipse(center, radius, radius * (0.4 + random.unit()))
            let transform = RasterTransform(1, 0.2 * (random.unit() - 0.5), 0.2 * (random.unit() - 0.5), 1, 0, 0)
            if index == paths / 2 { try canvas.pushClip(ellipse(RasterPoint(side / 2, side / 2), side * 0.45, side * 0.4)) }
            switch index % 5 {
            case 0:
                try canvas.fill(path, rule: .evenOdd, paint: .color(color()), transform: transform)
            case 1:
                let paint = RasterPaint(.linear(start: center, end: RasterPoint(center.x + radius, center.y + radius),
                                                stops: [GradientStop(0, color()), GradientStop(1, color() & 0x80FF_FFFF)]))
                try canvas.fill(path, paint: paint, transform: transform)
            case 2:
                let paint = RasterPaint(.radial(center: center, radius: radius, stops: [GradientStop(0, color()), GradientStop(1, color())]),
                                        opacity: 0.8, blendMode: index % 10 == 2 ? .multiply : .srcOver)
                try canvas.fill(path, paint: paint, transform: transform)
            case 3:
                try canvas.stroke(path, thickness: 1 + random.unit() * 12, cap: .round, join: .round, paint: .color(color()), transform: transform)
            default:
                let paint = RasterPaint(.solid(color()), feather: index % 20 == 4 ? 8 : 0)
                try canvas.stroke(path, thickness: 2 + random.unit() * 6, join: .miter, paint: paint, transform: transform)
            }
        }
        try canvas.popClip()
    }

    private static func ellipse(_ c: RasterPoint, _ rx: Double, _ ry: Double) -> RasterPath {
        let k = 0.5522847498
        var p = RasterPath()
        p.move(to: RasterPoint(c.x + rx, c.y))
        p.cubic(to: RasterPoint(c.x, c.y + ry), control1: RasterPoint(c.x + rx, c.y + ry * k), control2: RasterPoint(c.x + rx * k, c.y + ry))
        p.cubic(to: RasterPoint(c.x - rx, c.y), control1: RasterPoint(c.x - rx * k, c.y + ry), control2: RasterPoint(c.x - rx, c.y + ry * k))
        p.cubic(to: RasterPoint(c.x, c.y - ry), control1: RasterPoint(c.x - rx, c.y - ry * k), control2: RasterPoint(c.x - rx * k, c.y - ry))
        p.cubic(to: RasterPoint(c.x + rx, c.y), control1: RasterPoint(c.x + rx * k, c.y - ry), control2: RasterPoint(c.x + rx, c.y - ry * k))
        p.close()
        return p
    }

    private static func star(_ c: RasterPoint, _ r: Double) -> RasterPath {
        var p = RasterPath()
        for i in 0..<10 {
            let angle = Double(i) * Double.pi / 5 - Double.pi / 2, radius = i % 2 == 0 ? r : r * 0.45
            let q = RasterPoint(c.x + radius * cos(angle), c.y + radius * sin(angle))
            if i == 0 { p.move(to: q) } else { p.line(to: q) }
        }
        p.close()
        return p
    }

    /// A small fixed-seed generator (SplitMix64), so every run draws the same picture.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    }
}
