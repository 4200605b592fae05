import Foundation
import Testing
import RivTestSupport

/// `riv-assets verify`, run in-process.
@Suite("riv-assets verify")
struct VerifyCommandTests {
    @Test("exit 0 and an ok line for a sound file; exit 1 and one stderr line per finding, with code and offset")
    func findings() async throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.riv", Inputs.mixed())
        let cut = try directory.write("cut.riv", Array(Inputs.mixed().dropLast(5)))
        let passed = await InProcess.run(["verify", good])
        #expect(passed.status == 0 && passed.stdout.contains("ok (Rive's runtime: success)"))
        let failed = await InProcess.run(["verify", good, cut])
        #expect(failed.status == 1)
        let lines = failed.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("\(cut): ") && $0.contains(": at byte ") })
        #expect(lines.first?.contains("runtime-truncated") == true)
    }

    @Test("--assets naming a folder that cannot be read is a usage error naming it, as for replace and embed, not a finding per asset")
    func unreadableAssetsFolder() async throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.riv", Inputs.mixed())
        let missing = directory.path("no-such-folder")
        let verify = await InProcess.run(["verify", good, "--assets", missing])
        #expect(verify.status == 64 && verify.stderr.contains("cannot read the folder") && verify.stderr.contains("no-such-folder"), "\(verify.stderr)")
        #expect(!verify.stderr.contains("asset-missing"))
        let embed = await InProcess.run(["embed", good, "--assets", missing, "-o", directory.path("out.riv"), "--offline"])
        #expect(embed.status == verify.status)
    }

    @Test("--assets DIR --type font checks only the referenced fonts there: a referenced image the app supplies elsewhere is not missing")
    func assetsFolderOfOneType() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        try directory.folder("fonts")
        let all = await InProcess.run(["verify", input, "--assets", directory.path("fonts")])
        #expect(all.status == 1 && all.stderr.contains("asset-missing") && all.stderr.contains("ref-20"), "\(all.stderr)")
        let fonts = await InProcess.run(["verify", input, "--assets", directory.path("fonts"), "--type", "font"])
        #expect(fonts.status == 0 && fonts.stdout.contains("1 referenced asset of types --assets does not supply not checked"), "\(fonts.stdout)\(fonts.stderr)")
        let alone = await InProcess.run(["verify", input, "--type", "font"])
        #expect(alone.status == 64 && alone.stderr.contains("add --assets"))
    }

    @Test("--json prints the result; --offline checks the default cache unless --cache-dir names another; bad budgets and locations are usage errors")
    func options() async throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.riv", Inputs.mixed())
        let json = await InProcess.run(["verify", "--json", good])
        let result = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(result["passed"] as? Bool == true)
        // The default cache, as fetch uses it (read, never created): a file without hosted assets passes.
        let local = try directory.write("local.riv", Inputs.file([.image("logo.png", 12, Payload.png())]))
        #expect(await InProcess.run(["verify", "--offline", local]).status == 0)
        #expect(await InProcess.run(["verify", "--cache-dir", directory.path("cache"), good]).status == 64)
        #expect(await InProcess.run(["verify", "--max-file-size", "big", good]).status == 64)
        #expect(await InProcess.run(["verify", "--max-file-size", "-2MB", good]).status == 64)
        #expect(await InProcess.run(["verify", "--max-file-size", "2MB", good]).status == 0)
        #expect(await InProcess.run(["verify", "--max-file-size", "1.5KiB", good]).status == (try Data(contentsOf: URL(fileURLWithPath: good)).count > 1536 ? 1 : 0))
        #expect(await InProcess.run(["verify", "--max-file-size", "1b", good]).status == 1)
        // The bare K, M and G of du and curl are powers of 1024.
        #expect(await InProcess.run(["verify", "--max-file-size", "2M", good]).status == 0)
        #expect(await InProcess.run(["verify", "--max-file-size", "1k", good]).status == (try Data(contentsOf: URL(fileURLWithPath: good)).count > 1024 ? 1 : 0))
        #expect(await InProcess.run(["verify", "--max-file-size", "2X", good]).status == 64)
        #expect(await InProcess.run(["verify", "--allow", "cloud", good]).status == 64)
        #expect(await InProcess.run(["verify", "--allow", "embedded", good]).status == 1)
    }

    @Test("the ok line names unchecked referenced assets; notes go to stdout; --allow takes LOCATION:TYPE and the old forms; --runtime-only gates on the runtime alone")
    func notCheckedAllowTypesRuntimeOnly() async throws {
        let fixtures = SharedData.packageRoot.appendingPathComponent("Fixtures")
        let referenced = fixtures.appendingPathComponent("referenced-assets.riv").path
        let orphan = fixtures.appendingPathComponent("orphan-contents.riv").path
        let scripts = fixtures.appendingPathComponent("unknown-asset-kinds.riv").path
        let png = fixtures.appendingPathComponent("embedded-png.riv").path
        let plain = await InProcess.run(["verify", referenced])
        #expect(plain.status == 0 && plain.stdout.contains("ok (Rive's runtime: success); 2 referenced assets not checked (give --assets)"))
        let json = try #require(JSONSerialization.jsonObject(with: Data(await InProcess.run(["verify", "--json", referenced]).stdout.utf8)) as? [String: Any])
        let file = try #require((json["files"] as? [[String: Any]])?.first)
        #expect((file["uncheckedAssets"] as? [String: Int])?["referenced"] == 2)
        let skipped = await InProcess.run(["verify", orphan])
        #expect(skipped.status == 0 && skipped.stdout.contains("\(orphan): note: runtime-skipped-contents: at byte ") && skipped.stderr.isEmpty)
        #expect(await InProcess.run(["verify", "--allow", "embedded:script,referenced", png]).status == 1)
        #expect(await InProcess.run(["verify", "--allow", "embedded:script,embedded:image", png]).status == 0)
        #expect(await InProcess.run(["verify", "--allow", "embedded:image,embedded", png]).status == 0)
        #expect(await InProcess.run(["verify", "--allow", "embedded,referenced", png]).status == 0)
        #expect(await InProcess.run(["verify", "--allow", "embedded:bogus", png]).status == 64)
        // The one reading of word lists (as --types and --keep): spaces and case do not matter, a trailing comma does no harm.
        #expect(await InProcess.run(["verify", "--allow", "Embedded, referenced,", png]).status == 0)
        expectUsageError(await InProcess.run(["verify", "--allow", " , ", png]), of: "verify", saying: "--allow: give at least one of")
        let blob = await InProcess.run(["verify", "--allow", "embedded:script", scripts])
        #expect(blob.status == 1 && blob.stderr.contains("where the request allows only script"))
        let gated = await InProcess.run(["verify", "--runtime-only", "--allow", "referenced", png])
        #expect(gated.status == 0 && gated.stdout.contains("note: asset-location-not-allowed"))
    }
}
