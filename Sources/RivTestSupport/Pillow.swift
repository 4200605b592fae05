import Foundation

/// Pillow (Python's imaging library) as the reference decoder of PNG, JPEG and WebP files:
/// the tests compare the package's decoders with it where it is installed.
public enum Pillow {
    /// Pillow's RGBA reading of each file (nil when Pillow is not installed or the
    /// tools class is not selected), run in one child process.
    public static func rgba(_ files: [[UInt8]]) throws -> [[UInt8]]? {
        guard SlowTestClass.tools.isSelected else { return nil }
        let directory = try TemporaryDirectory()
        var paths: [String] = []
        for (index, bytes) in files.enumerated() { paths.append(try directory.write("\(index).image", bytes)) }
        let script = """
        import sys
        try:
            from PIL import Image
        except ImportError:
            sys.exit(3)
        for p in sys.argv[1:]:
            im = Image.open(p); im.load()
            open(p + '.rgba', 'wb').write(im.convert('RGBA').tobytes())
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + paths
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus == 3 { return nil }
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return try paths.map { Array(try Data(contentsOf: URL(fileURLWithPath: $0 + ".rgba"))) }
    }

    /// The message a test prints when it skips its Pillow comparison.
    public static let skipMessage = SlowTestClass.tools.isSelected
        ? "Pillow is not installed (pip install Pillow): the Pillow comparison is skipped"
        : SlowTestClass.tools.notSelectedMessage
}
