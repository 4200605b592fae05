import Foundation
import Testing
import RivTestSupport

/// `riv-assets diff` and `inspect --text`, in-process, and both as git's diff
/// driver and textconv in a temporary repository.
@Suite("riv-assets diff")
struct DiffCommandTests {
    /// The sample and a version with the trigger `fire` renamed to `shoot`.
    static func pair(in directory: TemporaryDirectory) throws -> (old: String, new: String) {
        var changed = AppFile.sample()
        changed.artboards[0].stateMachines[0].inputs[2] = .trigger("shoot")
        changed.artboards[0].width = 500
        return (try directory.write("old.riv", AppFile.sample().bytes()), try directory.write("new.riv", changed.bytes()))
    }

    @Test("human output groups by artboard and marks breaking changes; --json has a schema version; --breaking exits 1 only when something breaks")
    func command() async throws {
        let directory = try TemporaryDirectory()
        let (old, new) = try Self.pair(in: directory)
        let human = await InProcess.run(["diff", old, new])
        #expect(human.status == 0)
        #expect(human.stdout.contains("2 changes, 1 breaking") && human.stdout.contains("  artboard \"Main\"\n"), "\(human.stdout)")
        #expect(human.stdout.contains("    ! input \"fire\" of state machine \"flow\" renamed to \"shoot\""), "\(human.stdout)")
        #expect(human.stdout.contains("      artboard \"Main\": size 400×300 → 500×300"), "\(human.stdout)")
        #expect(await InProcess.run(["diff", old, new, "--breaking"]).status == 1)
        #expect(await InProcess.run(["diff", old, old, "--breaking"]).status == 0)
        let json = await InProcess.run(["diff", old, new, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        let changes = try #require((document["files"] as? [[String: Any]])?.first?["changes"] as? [[String: Any]])
        #expect(changes.map { $0["change"] as? String } == ["changed", "renamed"] && changes[1]["breaking"] as? Bool == true)
        #expect(await InProcess.run(["diff", old]).status == 64)
        #expect(await InProcess.run(["diff", old, directory.path("missing.riv")]).status == 1)
    }

    @Test("README's diff example is what the tool prints")
    func readmeExample() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL.path + "/"
        let readme = try String(contentsOfFile: root + "README.md", encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "```text\n$ riv-assets diff ").dropFirst().first?.components(separatedBy: "```").first)
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let arguments = lines[0].split(separator: " ").map { root + $0 }
        let result = await InProcess.run(["diff"] + arguments)
        #expect(result.stdout.replacingOccurrences(of: root, with: "") == lines.dropFirst().joined(separator: "\n"), "\(result.stdout)")
    }

    @Test("inspect --help and README give git the same textconv, with the -- that keeps a name starting with - a name")
    func textconvAdvice() async throws {
        let help = await InProcess.run(["inspect", "--help"])
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md"), encoding: .utf8)
        let line = "diff.riv.textconv 'riv-assets inspect --text --'"
        #expect(help.stdout.contains(line) && readme.contains(line), "\(help.stdout)")
    }

    @Test("inspect --text is sorted and leaves out counts and indices")
    func text() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", AppFile.sample().bytes())
        let result = await InProcess.run(["inspect", "--text", input])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "artboard \"Card\" 400×300" && lines.contains("    input \"fire\" (trigger)") && lines.contains("  instance \"Default\""), "\(lines)")
        #expect(!result.stdout.contains("object"))
        #expect(await InProcess.run(["inspect", "--text", "--json", input]).status == 64)
    }

    @Test("git uses diff --git as its diff driver and inspect --text as its textconv", .enabled(if: Git.isAvailable, "git is not installed"))
    func git() throws {
        let binary = try #require(RivAssets.executable, "riv-assets is not built").path
        let directory = try TemporaryDirectory()
        let (old, new) = try Self.pair(in: directory)
        let repository = URL(fileURLWithPath: directory.path("repo"))
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try Git.run(["init", "-q"], in: repository)
        try Data("*.riv diff=riv\n".utf8).write(to: repository.appendingPathComponent(".gitattributes"))
        try FileManager.default.copyItem(atPath: old, toPath: repository.appendingPathComponent("hero.riv").path)
        try Git.run(["add", "."], in: repository)
        try Git.run(["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "old"], in: repository)
        try FileManager.default.removeItem(at: repository.appendingPathComponent("hero.riv"))
        try FileManager.default.copyItem(atPath: new, toPath: repository.appendingPathComponent("hero.riv").path)

        let driven = try Git.run(["-c", "diff.riv.command='\(binary)' diff --git", "diff"], in: repository)
        #expect(driven.contains("hero.riv: 2 changes, 1 breaking") && driven.contains("! input \"fire\" of state machine \"flow\" renamed to \"shoot\""), "\(driven)")
        let converted = try Git.run(["-c", "diff.riv.textconv='\(binary)' inspect --text", "diff"], in: repository)
        #expect(converted.contains("\n-    input \"fire\" (trigger)\n") && converted.contains("\n+    input \"shoot\" (trigger)\n"), "\(converted)")
        #expect(converted.contains("-artboard \"Main\" 400×300, default\n+artboard \"Main\" 500×300, default"), "\(converted)")
    }

    @Test("diff --git reads every argument after it by position (names starting with -, --help, --) in git's 1, 7, 8 and 9 argument forms")
    func gitArguments() async throws {
        let directory = try TemporaryDirectory()
        let (old, new) = try Self.pair(in: directory)
        let dashed = try directory.write("-x.riv", try Data(contentsOf: URL(fileURLWithPath: new)).map { $0 })
        let hex = String(repeating: "0", count: 40)
        let seven = await InProcess.run(["diff", "--git", "--json.riv", old, hex, "100644", dashed, hex, "100644"])
        #expect(seven.status == 0 && seven.stdout.hasPrefix("--json.riv: 2 changes, 1 breaking\n"), "\(seven)")
        let help = await InProcess.run(["diff", "--git", "--help", old, hex, "100644", "--", hex, "100644"])
        // `--help` is the path and `--` the new file (which does not exist): a read failure, not help or a usage
        // error, said in the output with exit 0 (git would stop its whole diff on another status).
        #expect(help.status == 0 && help.stdout.hasPrefix("--help: new: ") && help.stderr.contains("--help"), "\(help)")
        let renamed = await InProcess.run(["diff", "--git", "-a.riv", old, hex, "100644", dashed, hex, "100644", "-b.riv",
                                     "similarity index 90%\nrename from -a.riv\nrename to -b.riv\n"])
        #expect(renamed.status == 0 && renamed.stdout.hasPrefix("-a.riv → -b.riv: 2 changes, 1 breaking\n  similarity index 90%\n  rename from -a.riv\n  rename to -b.riv\n"),
                "\(renamed)")
        let eight = await InProcess.run(["diff", "--git", "a.riv", old, hex, "100755", old, hex, "100644", "b.riv"])
        #expect(eight.status == 0 && eight.stdout == "a.riv → b.riv: no changes\n", "\(eight)")
        let unmerged = await InProcess.run(["diff", "--json", "--git", "--json.riv"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(unmerged.stdout.utf8)) as? [String: Any])
        let file = try #require((document["files"] as? [[String: Any]])?.first)
        #expect(unmerged.status == 0 && file["old"] as? String == "--json.riv" && (file["skipped"] as? String)?.hasPrefix("unmerged") == true, "\(unmerged)")
        let wrong = await InProcess.run(["diff", "--git", "a.riv", old, hex, "100644", new, hex])
        #expect(wrong.status == 64 && wrong.stderr.contains("--git takes the 1, 7 or 9 arguments git gives a diff driver, not 6"), "\(wrong)")
        #expect(await InProcess.run(["inspect", "--text", "--", dashed]).status == 0)
    }

    @Test("git diff, git diff -M, git log -p and a conflict, with a committed --json.riv, a rename and both drivers: every git command exits 0",
          .enabled(if: Git.isAvailable, "git is not installed"))
    func gitWithHostileNames() throws {
        let binary = try #require(RivAssets.executable, "riv-assets is not built").path
        let directory = try TemporaryDirectory()
        let (old, new) = try Self.pair(in: directory)
        let repository = URL(fileURLWithPath: directory.path("repo"))
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        func put(_ source: String, as name: String) throws {
            let target = repository.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(atPath: source, toPath: target.path)
        }
        let commit = ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m"]
        let driver = ["-c", "diff.riv.command='\(binary)' diff --git"], textconv = ["-c", "diff.riv.textconv='\(binary)' inspect --text --"]
        try Git.run(["init", "-q", "-b", "main"], in: repository)
        try Data("*.riv diff=riv\n".utf8).write(to: repository.appendingPathComponent(".gitattributes"))
        try put(old, as: "--json.riv")
        try Git.run(["add", "."], in: repository)
        try Git.run(commit + ["old"], in: repository)
        try put(new, as: "--json.riv")

        let driven = try Git.run(driver + ["diff"], in: repository)
        #expect(driven.contains("--json.riv: 2 changes, 1 breaking") && driven.contains("! input \"fire\" of state machine \"flow\" renamed to \"shoot\""), "\(driven)")
        let converted = try Git.run(textconv + ["diff"], in: repository)
        #expect(converted.contains("\n-    input \"fire\" (trigger)\n") && converted.contains("\n+    input \"shoot\" (trigger)\n"), "\(converted)")

        try Git.run(["add", "."], in: repository)
        try Git.run(["mv", "--", "--json.riv", "-renamed.riv"], in: repository)
        let moved = try Git.run(driver + ["diff", "--cached", "-M", "HEAD"], in: repository)
        #expect(moved.contains("--json.riv → -renamed.riv: 2 changes, 1 breaking\n  similarity index ") && moved.contains("  rename to -renamed.riv\n"), "\(moved)")
        try Git.run(commit + ["renamed"], in: repository)
        let log = try Git.run(driver + ["log", "-p", "--ext-diff"], in: repository)
        #expect(log.contains("--json.riv → -renamed.riv: 2 changes, 1 breaking\n  similarity index "), "\(log)")
        let textLog = try Git.run(textconv + ["log", "-p"], in: repository)
        #expect(textLog.contains("+    input \"shoot\" (trigger)"), "\(textLog)")

        // A conflict: git hands the driver the unmerged path alone.
        try Git.run(["checkout", "-q", "-b", "other"], in: repository)
        try put(old, as: "-renamed.riv")
        try Git.run(commit + ["other", "-a"], in: repository)
        try Git.run(["checkout", "-q", "main"], in: repository)
        var third = AppFile.sample()
        third.artboards[0].width = 640
        _ = try directory.write("third.riv", third.bytes())
        try put(directory.path("third.riv"), as: "-renamed.riv")
        try Git.run(commit + ["third", "-a"], in: repository)
        #expect(throws: (any Error).self) { try Git.run(["-c", "user.name=t", "-c", "user.email=t@example.com", "merge", "-q", "other"], in: repository) }
        let conflicted = try Git.run(driver + ["diff", "--cached"], in: repository)
        #expect(conflicted.contains("-renamed.riv: unmerged"), "\(conflicted)")
    }
}

extension DiffCommandTests {
    @Test("a truncated file and a Git LFS pointer in commits: git diff and git log -p go on with both drivers, each saying what it could not read",
          .enabled(if: Git.isAvailable, "git is not installed"))
    func gitWithUnreadableFiles() async throws {
        let binary = try #require(RivAssets.executable, "riv-assets is not built").path
        let directory = try TemporaryDirectory()
        let (old, new) = try Self.pair(in: directory)
        let repository = URL(fileURLWithPath: directory.path("repo"))
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        let commit = ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-a", "-m"]
        let driver = ["-c", "diff.riv.command='\(binary)' diff --git"], textconv = ["-c", "diff.riv.textconv='\(binary)' inspect --text --"]
        try Git.run(["init", "-q", "-b", "main"], in: repository)
        try Data("*.riv diff=riv\n".utf8).write(to: repository.appendingPathComponent(".gitattributes"))
        let whole = try Data(contentsOf: URL(fileURLWithPath: old))
        try whole.write(to: repository.appendingPathComponent("hero.riv"))
        try Data(contentsOf: URL(fileURLWithPath: new)).write(to: repository.appendingPathComponent("other.riv"))
        try Git.run(["add", "."], in: repository)
        try Git.run(commit + ["whole"], in: repository)
        // hero.riv cut short, then replaced by an LFS pointer; other.riv, later in the diff, changes too.
        try whole.prefix(whole.count / 2).write(to: repository.appendingPathComponent("hero.riv"))
        try Git.run(commit + ["truncated"], in: repository)
        try Data("version https://git-lfs.github.com/spec/v1\noid sha256:\(String(repeating: "a", count: 64))\nsize 1234\n".utf8)
            .write(to: repository.appendingPathComponent("hero.riv"))
        try Data(contentsOf: URL(fileURLWithPath: old)).write(to: repository.appendingPathComponent("other.riv"))
        try Git.run(commit + ["pointer"], in: repository)

        let log = try Git.run(driver + ["log", "-p", "--ext-diff"], in: repository)
        #expect(log.contains("hero.riv: new: at byte ") && log.contains("hero.riv: old: at byte ") && log.contains("; new: this is a Git LFS pointer"), "\(log)")
        #expect(log.contains("other.riv: 2 changes, 1 breaking"), "\(log)")
        let textLog = try Git.run(textconv + ["log", "-p"], in: repository)
        #expect(textLog.contains("+unreadable: at byte ") && textLog.contains("+unreadable: this is a Git LFS pointer"), "\(textLog)")
        #expect(textLog.contains("-    input \"shoot\" (trigger)"), "\(textLog)")

        // Outside git's two forms an unreadable file still fails.
        let pointer = repository.appendingPathComponent("hero.riv").path
        #expect(await InProcess.run(["diff", old, pointer]).status == 1)
        #expect(await InProcess.run(["inspect", pointer]).status == 1)
    }
}

/// Runs git in a repository, with no user or system configuration.
enum Git {
    static let isAvailable = (try? run(["--version"], in: URL(fileURLWithPath: NSTemporaryDirectory()))) != nil

    /// What git printed; throws when it fails.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_PAGER"] = "cat"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RivAssets.RunFailure(message: "git \(arguments.joined(separator: " ")) exited \(process.terminationStatus)") }
        return text
    }
}
