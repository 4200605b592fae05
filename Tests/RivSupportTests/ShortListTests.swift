import Testing
import RivSupport

/// The one way a message shows a list that may be long.
@Suite("Short lists")
struct ShortListTests {
    @Test("the first items are shown and the rest counted; a short list is shown whole")
    func shownAndCounted() {
        #expect(ShortList.text(["a", "b", "c", "d"], limit: 2) { $0.uppercased() } == "A, B and 2 more")
        #expect(ShortList.text(["a", "b"], limit: 2) { $0 } == "a, b")
        #expect(ShortList.text([String](), limit: 3) { $0 } == "")
        #expect(ShortList.text(["x"], more: 0) == "x")
        #expect(ShortList.text(["x ×3"], more: 7) == "x ×3 and 7 more")
    }
}
