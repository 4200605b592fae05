import Testing
import RivAssetRegistry
import RivAssetsKit

/// The one rule for names that are one file on a case-insensitive disk: NFC, then Unicode's full case folding.
@Suite("Case folding")
struct CaseFoldingTests {
    @Test("full case folding where lowercased() is not: ſ and s, ß and ss, final ς and σ, ﬁ and fi; Cherokee folds to upper case")
    func fullFolding() {
        for (first, second) in [("Aſ", "As"), ("ß", "ss"), ("Maße", "MASSE"), ("ẞ", "ss"), ("Ας", "Ασ"), ("ﬁle", "FILE"),
                                ("\u{AB70}", "\u{13A0}"), ("ΐ", "\u{3B9}\u{308}\u{301}"), ("Logo-1.png", "LOGO-1.PNG")] {
            #expect(CaseFolding.key(first) == CaseFolding.key(second), "\(first) \(second)")
        }
        #expect("Aſ".lowercased() != "As".lowercased() && "Ας".lowercased() != "Ασ".lowercased(), "what lowercased() misses")
        #expect(CaseFolding.key("Straße") == "strasse")
        #expect(CaseFolding.key("logo") != CaseFolding.key("logos") && CaseFolding.key("i") != CaseFolding.key("ı"), "no Turkic folding")
    }

    @Test("normalisation first: a precomposed and a decomposed é are one name")
    func normalisation() {
        #expect(CaseFolding.key("Caf\u{E9}") == CaseFolding.key("CAFE\u{301}"))
        #expect(CaseFolding.key("\u{212B}") == CaseFolding.key("å"), "the Angstrom sign is Å")
    }
}
