import Testing
import RivSupport

/// The one reading of option values that list words (`--types`, `--allow`, `--keep`).
@Suite("Comma lists")
struct CommaListTests {
    @Test("items are split at commas, trimmed and lower-cased; empty items are left out")
    func items() {
        #expect(CommaList.items("image,font") == ["image", "font"])
        #expect(CommaList.items(" Embedded , hosted:Image,\t") == ["embedded", "hosted:image"])
        #expect(CommaList.items(",,") == [])
        #expect(CommaList.items("") == [])
    }
}
