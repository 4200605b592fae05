import Testing
import RivAssetsKit
@testable import RivCommandLine

/// The library's messages name request fields; the tool names its options instead.
@Suite("Field flags")
struct FieldFlagsTests {
    @Test("every field a library message may name has its option in the tool's one table")
    func everyFieldHasAnOption() {
        let missing = RequestField.all.filter { FieldFlags.table[$0] == nil }.map(\.name)
        #expect(missing.isEmpty, "\(missing)")
        #expect(Set(RequestField.all.map(\.name)).count == RequestField.all.count)
    }

    @Test("a message naming fields reads with the options that set them; other text is left as it is")
    func messagesNameOptions() {
        let library = "2 referenced assets not checked (give \(RequestField.verifyAssetsFolder)); "
            + "the copies are no fonts (image), and \(RequestField.preferMerge) settles fonts only (give \(RequestField.preferPerFile))"
        #expect(library.contains("`VerifyRequest.assetsFolder`") && !library.contains("--"))
        #expect(FieldFlags.spelled(library) == "2 referenced assets not checked (give --assets); "
            + "the copies are no fonts (image), and --prefer merge settles fonts only (give --prefer per-file)")
        #expect(FieldFlags.spelled("a `name` in backticks") == "a `name` in backticks")
    }

    @Test("the tool's refusal of standard input in place names -o, as before")
    func standardInputNamesTheOption() async {
        let result = await InProcess.run(["prune", "-", "--in-place"])
        #expect(result.status == 64 && result.stderr.contains("give an output with -o") && !result.stderr.contains("`"), "\(result.stderr)")
    }
}
