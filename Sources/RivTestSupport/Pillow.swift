import Foundation

/// Pillow (Python's imaging library) as the reference decoder of PNG, JPEG and WebP files,
/// and the maker of lossy WebPs: the tests compare the package's decoders with it where it
/// is installed.
public enum Pillow {
    /// Pillow's RGBA reading of each file (nil when Pillow is not installed or the
    /// tools class is not selected), run in one child process.
    public static func rgba(_ files: [[UInt8]]) throws -> [[UInt8]]? {
        try eachImage(files, writing: ".rgba", """
        for p in sys.argv[1:]:
            im = Image.open(p); im.load()
            open(p + '.rgba', 'wb').write(im.convert('RGBA').tobytes())
        """)
    }

    /// What ``lossyWebPs(_:)`` makes: a synthetic picture of this size (smooth ramps, a
    /// disc, a band of noise, a checkerboard), saved by libwebp through Pillow.
    public struct LossyWebP: Sendable, CustomStringConvertible {
        /// The picture's width in pixels.
        public var width: Int
        /// The picture's height in pixels.
        public var height: Int
        /// libwebp's quality, 0-100.
        public var quality: Int
        /// libwebp's method (effort), 0-6: higher methods choose modes, segments and filter
        /// strengths more carefully.
        public var method: Int
        /// With a varying alpha channel (an `ALPH` chunk in a VP8X container).
        public var alpha: Bool

        /// A request for a `width` x `height` picture at `quality` and `method`.
        public init(width: Int, height: Int, quality: Int, method: Int = 4, alpha: Bool = false) {
            self.width = width; self.height = height; self.quality = quality; self.method = method; self.alpha = alpha
        }

        /// The request in a test's words: size, quality, method, alpha.
        public var description: String { "\(width)x\(height) q\(quality) m\(method)\(alpha ? " alpha" : "")" }
    }

    /// The lossy WebP files Pillow writes for `requests` (nil when Pillow is not installed).
    public static func lossyWebPs(_ requests: [LossyWebP]) throws -> [[UInt8]]? {
        let directory = try TemporaryDirectory()
        let arguments = requests.enumerated().map { index, r in
            "\(directory.path("\(index).webp")),\(r.width),\(r.height),\(r.quality),\(r.method),\(r.alpha ? 1 : 0)"
        }
        let script = """
        import random
        for argument in sys.argv[1:]:
            path, w, h, q, m, a = argument.split(',')
            w, h, q, m, a = int(w), int(h), int(q), int(m), a == '1'
            rng = random.Random(w * 7919 + h)
            im = Image.new('RGBA', (w, h))
            px = im.load()
            for y in range(h):
                for x in range(w):
                    r, g, b = x * 255 // max(w - 1, 1), y * 255 // max(h - 1, 1), (x + y) * 4 % 256
                    if (x - w / 3) ** 2 + (y - h / 2) ** 2 < (min(w, h) / 4) ** 2:
                        r, g, b = 250, 40, 60
                    elif h // 2 <= y < h // 2 + max(h // 5, 1):
                        r, g, b = rng.randrange(256), rng.randrange(256), rng.randrange(256)
                    elif x > 2 * w // 3 and (x // 3 + y // 3) % 2 == 0:
                        r, g, b = 20, 20, 200
                    alpha = (x * 255 // max(w - 1, 1) + 40) % 256 if a else 255
                    px[x, y] = (r, g, b, alpha)
            (im if a else im.convert('RGB')).save(path, 'WEBP', lossless=False, quality=q, method=m)
        """
        guard try run(script, arguments) else { return nil }
        return try requests.indices.map { try directory.bytes("\($0).webp") }
    }

    /// Each image (any format Pillow reads) written again as a PNG by Pillow (nil when
    /// Pillow is not installed): how a judge that reads no WebP is given the same pixels.
    public static func pngs(_ images: [[UInt8]]) throws -> [[UInt8]]? {
        try eachImage(images, writing: ".png", """
        for p in sys.argv[1:]:
            Image.open(p).save(p + '.png', 'PNG')
        """)
    }

    /// Writes each image to a file, runs `script` over their paths, and reads back what it
    /// wrote beside each (its path + `suffix`); nil when Pillow could not run.
    private static func eachImage(_ images: [[UInt8]], writing suffix: String, _ script: String) throws -> [[UInt8]]? {
        let directory = try TemporaryDirectory()
        var paths: [String] = []
        for (index, bytes) in images.enumerated() { paths.append(try directory.write("\(index).image", bytes)) }
        guard try run(script, paths) else { return nil }
        return try images.indices.map { try directory.bytes("\($0).image" + suffix) }
    }

    /// Runs `body` after importing `sys` and Pillow's `Image`, with `arguments`; false when
    /// Pillow is not installed or `RIV_TESTS` does not select the tools class.
    private static func run(_ body: String, _ arguments: [String]) throws -> Bool {
        guard SlowTestClass.tools.isSelected else { return false }
        let script = """
        import sys
        try:
            from PIL import Image
        except ImportError:
            sys.exit(3)
        \(body)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus == 3 { return false }
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return true
    }

    /// The message a test prints when it skips its Pillow comparison.
    public static let skipMessage = SlowTestClass.tools.isSelected
        ? "Pillow is not installed (pip install Pillow): the Pillow comparison is skipped"
        : SlowTestClass.tools.notSelectedMessage
}
