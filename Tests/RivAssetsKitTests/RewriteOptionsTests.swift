import Foundation
import Testing
import RivAssetsKit
import RivTestSupport

/// The one group of options every rewriting request holds, and its typed inputs.
@Suite("RewriteOptions")
struct RewriteOptionsTests {
    @Test("an input is a path or standard input; a literal reads as the command line's argument, and results name it as given")
    func typedInputs() {
        let inputs: [RequestInput] = ["hero.riv", "-", .path("-"), .file(URL(fileURLWithPath: "/tmp/menu.riv"))]
        #expect(inputs == [.path("hero.riv"), .standardInput, .path("-"), .path("/tmp/menu.riv")])
        #expect(inputs.map(\.description) == ["hero.riv", "-", "./-", "/tmp/menu.riv"])
        #expect(RequestInput("-") == .standardInput && RequestInput("a b.riv") == .path("a b.riv"))
    }

    @Test("every rewriting request holds the same group, filled by its one-by-one initialiser")
    func oneGroup() {
        let group = RewriteOptions(inputs: ["a.riv"], destination: .inPlace, overwrite: true, dryRun: true, parallelism: .threads(2))
        #expect(PruneRequest(inputs: ["a.riv"], destination: .inPlace, overwrite: true, dryRun: true, parallelism: .threads(2)).rewrite == group)
        #expect(ShrinkRequest(inputs: ["a.riv"], destination: .inPlace, overwrite: true, dryRun: true, parallelism: .threads(2)).rewrite == group)
        #expect(ReplaceRequest(inputs: ["a.riv"], destination: .inPlace, overwrite: true, dryRun: true, parallelism: .threads(2)).rewrite == group)
        var serial = group
        serial.parallelism = .automatic
        #expect(StripRequest(inputs: ["a.riv"], assetsFolder: "assets", destination: .inPlace, overwrite: true, dryRun: true).rewrite == serial)
        #expect(SwapRequest(input: "a.riv", first: "x-1", second: "y-2", destination: .inPlace, overwrite: true, dryRun: true).rewrite == serial)
    }

    @Test("swap and place take exactly one input: several are refused before anything is read")
    func oneInput() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("mixed.riv", Inputs.mixed())
        let two = RewriteOptions(inputs: [.path(path), .path(path)], destination: .path(directory.path("out/")))
        #expect(throws: RequestError(.invalidOption, "give one .riv file, not 2")) {
            try AssetOperations.swap(SwapRequest(two, first: "walle-370", second: "logo-12"))
        }
        #expect(throws: RequestError(.noInputs, "give at least one .riv file")) {
            try AssetOperations.swap(SwapRequest(RewriteOptions(inputs: [], destination: .inPlace), first: "walle-370", second: "logo-12"))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("out")))
    }

    @Test("standard input cannot be rewritten in place: the refusal names the request field to set, not a flag")
    func standardInputInPlace() {
        #expect(throws: RequestError(.destinationUnusable,
                                     "standard input (-) cannot be rewritten in place; give an output with `RewriteOptions.destination`")) {
            try AssetOperations.prune(PruneRequest(inputs: ["-"], destination: .inPlace))
        }
    }
}
