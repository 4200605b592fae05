import Foundation
import Testing
import RivTestSupport

/// A few runs of the built executable itself, for what only a process shows: its
/// exit status, what reaches its standard streams, and `--help`. Everything else
/// about the commands runs in-process (see ``RivAssets/run(_:in:descriptorLimit:)``).
@Suite("riv-assets executable")
struct EndToEndTests {
    @Test("the executable lists a file (0), reports a bad one on stderr (1), refuses a bad call (64), prints help (0)")
    func statuses() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.riv", Inputs.mixed())
        let bad = try directory.write("bad.riv", Array("{\"v\":\"5.7.0\"}".utf8))

        let listed = try RivAssets.runExecutable(["list", good])
        #expect(listed.status == 0 && listed.stderr.isEmpty && listed.stdout.contains("walle-370"))
        let failed = try RivAssets.runExecutable(["list", good, bad])
        #expect(failed.status == 1 && failed.stdout.contains("walle-370"))
        #expect(errorLines(failed).count == 1 && failed.stderr.hasPrefix("riv-assets: \(bad): "), "\(failed.stderr)")
        let usage = try RivAssets.runExecutable(["extract", "--bogus", good])
        #expect(usage.status == 64 && usage.stdout.isEmpty && usage.stderr.contains("unknown option '--bogus'"))
        for command in ["list", "extract", "replace", "strip"] {
            let help = try RivAssets.runExecutable([command, "--help"])
            #expect(help.status == 0 && help.stdout.hasPrefix("USAGE: riv-assets \(command)"), "\(help.stdout)")
        }
    }
}
