import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivTestSupport
import RivTestTags
import RivFixtures

/// The report as a real browser shows it: headless Chromium (Debian's `chromium`,
/// which `.ci/run` installs) renders it, and the checks read Chromium's own output.
@Suite("HTML report in Chromium", .tags(.browser), .enabled(if: SlowTestClass.browser.isSelected, "\(SlowTestClass.browser.notSelectedMessage)"),
       .enabled(if: Chromium.path != nil, "chromium is not installed: the real-browser tests are skipped"))
struct BrowserTests {
    @Test("a hostile file: the names are text in the DOM, and no element or attribute of theirs exists")
    func hostileDOM() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hostile.riv", ReportTests.hostileFile())
        let page = directory.path("hostile.html")
        _ = try AssetOperations.report(ReportRequest(inputs: [.path(input)], output: page))
        let dom = try Chromium.dumpDOM(page)
        #expect(dom.contains("<h2>"), "Chromium rendered nothing: \(dom.prefix(300))")
        #expect(!dom.lowercased().contains("<script"))
        #expect(!dom.contains("onerror=\""), "an onerror attribute was injected")
        #expect(!dom.contains("<img src=\"x\""), "an img element was injected")
        #expect(!dom.contains("<i>"), "an i element was injected")
        #expect(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;-1"))
        #expect(dom.contains("\"&gt;&lt;img src=x onerror=alert(2)&gt;-2"))
        #expect(!dom.contains("href=\"javascript:"))
    }

    @Test("at 1280 px the summary tables break no size, count, type or format inside itself, with long names beside them")
    func noBrokenWords() throws {
        let directory = try TemporaryDirectory()
        let long = String(repeating: "Headline Display Condensed ", count: 3)
        var inputs: [String] = []
        for index in 0..<6 {
            inputs.append(try directory.write("screen_\(index)_\(String(repeating: "onboarding_", count: 4)).riv",
                                              Inputs.file([.image("\(long)\(index).png", UInt64(index + 1), Payload.png(800_000 + index, seed: UInt8(index))),
                                                           .font("\(long)\(index).ttf", UInt64(index + 10), Payload.ttf(400_000 + index))])))
        }
        let page = directory.path("report.html")
        _ = try AssetOperations.report(ReportRequest(inputs: inputs.map(RequestInput.path), output: page))
        // A measuring script on a copy of the page (the report itself has none, and allows none): every cell
        // of the summary's tables, names aside, must sit on one line.
        let measure = """
            <script>
            const broken = [];
            for (const cell of document.querySelectorAll('section.summary td, section.summary th')) {
              if (cell.querySelector('code')) continue;
              const range = document.createRange();
              range.selectNodeContents(cell);
              if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(cell.textContent);
            }
            document.body.setAttribute('data-checked', String(document.querySelectorAll('section.summary td').length));
            document.body.setAttribute('data-broken', JSON.stringify(broken));
            </script>
            """
        let measured = directory.path("measured.html")
        // The page's policy forbids every script: the copy drops it.
        let copy = try String(contentsOfFile: page, encoding: .utf8).replacingOccurrences(of: "http-equiv=\"Content-Security-Policy\"", with: "name=\"policy\"")
        try (copy + measure).write(toFile: measured, atomically: true, encoding: .utf8)
        let dom = try Chromium.dumpDOM(measured, width: 1280)
        #expect(dom.contains("data-broken=\"[]\""), "\(dom.components(separatedBy: "data-broken=").dropFirst().first?.prefix(300) ?? "not measured")")
        #expect(!dom.contains("data-checked=\"0\"") && dom.contains("data-checked="))
    }

    @Test("an embedded PNG decodes: its thumbnail's colours fill a large part of the screenshot")
    func thumbnailDecodes() throws {
        let directory = try TemporaryDirectory()
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [(Schema.PropertyKey.assetName, .string("gradient.png")),
                                                                             (Schema.PropertyKey.fileAssetAssetId, .uint(1))])
        encoder.appendObject(typeKey: Schema.TypeKey.fileAssetContents,
                             properties: [(Schema.PropertyKey.fileAssetContentsBytes, .bytes(Payload.gradientPNG(width: 16, height: 16)))])
        let input = try directory.write("gradient.riv", encoder.bytes)
        let page = directory.path("gradient.html")
        _ = try AssetOperations.report(ReportRequest(inputs: [.path(input)], output: page))
        let screenshot = directory.path("shot.png")
        try Chromium.screenshot(page, to: screenshot)
        // The gradient's blue is 0x80 everywhere while red and green vary; nothing
        // else on the page has that colour.
        let count = try Chromium.countPixels(in: screenshot, where: "abs(b - 128) <= 8 and abs(r - g) > 40")
        #expect(count > 5_000, "only \(count) thumbnail pixels: the image did not decode")
    }
}

/// Headless Chromium, run in a child process with a time limit.
enum Chromium {
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--window-size=1200,1000"]

    /// The DOM after loading the page at `path` (its scripts run) in a window `width` pixels wide, serialized by Chromium.
    static func dumpDOM(_ path: String, width: Int = 1200) throws -> String {
        try run(flags.map { $0.hasPrefix("--window-size=") ? "--window-size=\(width),1000" : $0 } + ["--dump-dom", "file://" + path])
    }

    /// A PNG screenshot of the page at `path`.
    static func screenshot(_ path: String, to output: String) throws {
        _ = try run(flags + ["--screenshot=" + output, "file://" + path])
        try #require(FileManager.default.fileExists(atPath: output), "Chromium wrote no screenshot")
    }

    /// How many pixels of the PNG at `path` satisfy `condition` (a Python expression
    /// over r, g, b), decoded by python3's zlib: Foundation has no PNG decoder here.
    static func countPixels(in path: String, where condition: String) throws -> Int {
        let script = """
            import struct, sys, zlib
            data = open(sys.argv[1], 'rb').read()
            pos, chunks, width, height, kind = 8, b'', 0, 0, 0
            while pos < len(data):
                length, tag = struct.unpack('>I4s', data[pos:pos + 8])
                body = data[pos + 8:pos + 8 + length]
                if tag == b'IHDR': width, height, depth, kind = struct.unpack('>IIBB', body[:10])
                if tag == b'IDAT': chunks += body
                pos += 12 + length
            raw, channels = zlib.decompress(chunks), {2: 3, 6: 4}[kind]
            stride, previous, count, index = width * channels, bytearray(width * channels), 0, 0
            for row in range(height):
                kind_of_filter, line = raw[index], bytearray(raw[index + 1:index + 1 + stride])
                index += 1 + stride
                for i in range(stride):
                    left = line[i - channels] if i >= channels else 0
                    up, corner = previous[i], previous[i - channels] if i >= channels else 0
                    if kind_of_filter == 1: line[i] = (line[i] + left) & 255
                    elif kind_of_filter == 2: line[i] = (line[i] + up) & 255
                    elif kind_of_filter == 3: line[i] = (line[i] + (left + up) // 2) & 255
                    elif kind_of_filter == 4:
                        p = left + up - corner
                        pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                        line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
                for x in range(width):
                    r, g, b = line[x * channels], line[x * channels + 1], line[x * channels + 2]
                    if \(condition): count += 1
                previous = line
            print(count)
            """
        let output = try Process.output(of: "/usr/bin/env", ["python3", "-c", script, path])
        return try #require(Int(output.trimmingCharacters(in: .whitespacesAndNewlines)), "python3 printed \(output)")
    }

    private static func run(_ arguments: [String]) throws -> String {
        try Process.output(of: try #require(path), arguments)
    }
}

extension Process {
    /// Runs `executable` to the end (at most two minutes) and returns its standard output.
    static func output(of executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let directory = try TemporaryDirectory()
        let outputPath = directory.path("stdout")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return try String(contentsOfFile: outputPath, encoding: .utf8)
    }
}
