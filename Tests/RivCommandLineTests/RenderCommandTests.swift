import Foundation
import Testing
import RivTestSupport

/// `riv-assets render`, in-process.
@Suite("riv-assets render")
struct RenderCommandTests {
    @Test("-o writes an SVG of the artboard's bounds; --json prints the draw calls with a schema version; mistakes are usage errors")
    func command() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.riv", AppFile.sample().bytes())
        let output = directory.path("main.svg")
        let written = await InProcess.run(["render", input, "-o", output])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stderr.contains("main.svg: artboard \"Main\" (index 0)"), "\(written.stderr)")
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 400 300\""), "\(svg.prefix(200))")
        #expect(await InProcess.run(["render", input, "-o", output]).status == 1)
        #expect(await InProcess.run(["render", input, "-o", output, "--force"]).status == 0)
        let json = await InProcess.run(["render", input, "--json", "--artboard", "Main", "--scene", "none"])
        let header = try #require(try JSONSerialization.jsonObject(with: Data((json.stdout.split(separator: "\n").first ?? "").utf8)) as? [String: Any])
        #expect(header["schemaVersion"] as? Int == 1 && header["artboard"] as? String == "Main")
        #expect(json.stdout.hasSuffix("\"op\":\"end\"") == false && json.stdout.contains("{\"op\":\"end\""))
        #expect(await InProcess.run(["render", input, "--artboard", "Nope"]).status == 64)
        #expect(await InProcess.run(["render", input, "--artboard-index", "7"]).status == 64)
        #expect(await InProcess.run(["render", input, "--scene", "default"]).status == 0)
        #expect(await InProcess.run(["render", input, "--scene", "later"]).status == 64)
        #expect(await InProcess.run(["render", input, "--scene", "none", "--animation", "A"]).status == 64)
        let missingMachine = await InProcess.run(["render", input, "--state-machine", "Nope"])
        #expect(missingMachine.status == 64 && missingMachine.stderr.contains("no state machine named \"Nope\""), "\(missingMachine.stderr)")
        #expect(await InProcess.run(["render", input, "--time", "soon"]).status == 64)
        #expect(await InProcess.run(["render", input, "--time", "nan"]).status == 64)
        #expect(await InProcess.run(["render", input, "--input", "level"]).status == 64)
        let timed = await InProcess.run(["render", input, "--json", "--time", "0.25", "--time", "0.5"])
        #expect(timed.status == 0 && timed.stdout.contains("\"time\":0.75"), "\(timed.stderr)")
        #expect(await InProcess.run(["render", input, input]).status == 64)
        #expect(await InProcess.run(["render", directory.path("missing.riv"), "--json"]).status == 1)
    }
}

extension RenderCommandTests {
    @Test("-o OUT.png writes a PNG, --width scales it keeping the aspect; --all-artboards fills a folder; mistakes are usage errors")
    func png() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.riv", AppFile.sample().bytes())
        let output = directory.path("main.png")
        let written = await InProcess.run(["render", input, "-o", output, "--width", "100"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stderr.contains("main.png: artboard \"Main\" (index 0), ") && written.stderr.contains("100x75 pixels"), "\(written.stderr)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes[16..<24] == [0, 0, 0, 100, 0, 0, 0, 75])
        #expect(await InProcess.run(["render", input, "-o", output]).status == 1)
        let all = await InProcess.run(["render", input, "--all-artboards", "-o", directory.path("all/"), "--format", "png"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.path("all/Main.png")) && FileManager.default.fileExists(atPath: directory.path("all/Card.png")))
        #expect(await InProcess.run(["render", input, "--width", "100"]).status == 64)
        #expect(await InProcess.run(["render", input, "-o", directory.path("x.svg"), "--width", "100"]).status == 64)
        #expect(await InProcess.run(["render", input, "-o", directory.path("x.png"), "--width", "9999999"]).status == 64)
        #expect(await InProcess.run(["render", input, "--all-artboards"]).status == 64)
        #expect(await InProcess.run(["render", input, "--all-artboards", "--artboard", "Main", "-o", directory.path("all/")]).status == 64)
        #expect(await InProcess.run(["render", input, "--json", "--format", "svg"]).status == 64)
    }
}

extension RenderCommandTests {
    @Test("--vm NAME binds that instance of the artboard's view model; a name it lacks is a usage error with the nearest name")
    func viewModelInstance() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("theme.riv", ThemeFile.bytes())
        #expect(await InProcess.run(["render", input]).stdout.contains("fill=\"#00ff00\""))
        let night = await InProcess.run(["render", input, "--vm", "Night"])
        #expect(night.status == 0 && night.stdout.contains("fill=\"#0000ff\""), "\(night.stderr)")
        let typo = await InProcess.run(["render", input, "--vm", "Nihgt"])
        #expect(typo.status == 64 && typo.stderr.contains("no instance named \"Nihgt\" (it has: \"Day\", \"Night\"); did you mean \"Night\"?"), "\(typo.stderr)")
        let setupPose = await InProcess.run(["render", input, "--scene", "none", "--vm", "Night"])
        #expect(setupPose.status == 64 && setupPose.stderr.contains("the setup pose binds no view model instance") && setupPose.stdout.isEmpty, "\(setupPose.stderr)")
    }
}
