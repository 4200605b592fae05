import Foundation
import Testing
import RivSupport

/// The one wildcard rule: shell patterns over characters, the same answers as the
/// C library's `fnmatch` on ASCII, one character for `?` in any script, and no
/// pattern slow.
@Suite("Wildcard patterns")
struct WildcardPatternTests {
    static let patterns = ["*", "?", "logo-*", "logo-?", "*-12", "[lb]ogo-*", "[!l]*", "[^l]*", "[a-c]*", "[]x]*", "[-a]*", "[a-]*",
                           "[", "a[", "[a", "*[*", "\\*", "\\?x", "**", "*a*b*", "?*?", "[z-a]*", "Inter-[0-9]*", "*.png"]
    static let names = ["", "logo-12", "logo-1", "blogo-12", "brand", "]x", "-a", "a-", "[", "a[", "[a", "*", "?x", "a\\", "ab", "aXbY",
                        "xyz", "Inter-5", "Inter-x", "a.png", "c"]

    @Test("every pattern against every name gives what fnmatch gives on ASCII")
    func sameAsFnmatch() {
        for pattern in Self.patterns {
            for name in Self.names {
                #expect(WildcardPattern.matches(pattern, name) == (fnmatch(pattern, name, 0) == 0), "\(pattern) vs \(name)")
            }
        }
    }

    @Test("a question mark is one character, not one byte; sets hold any character")
    func characters() {
        #expect(WildcardPattern.matches("caf?", "café") && !WildcardPattern.matches("caf??", "café"))
        #expect(WildcardPattern.matches("[é😀]x", "😀x") && WildcardPattern.matches("logo-*", "logo-ü-3"))
        #expect(WildcardPattern.matches("a\\", "a\\"), "a backslash at the end stands for itself (fnmatch matches nothing)")
        #expect(WildcardPattern.isPattern("a[b]") && WildcardPattern.isPattern("a*") && !WildcardPattern.isPattern("logo-12"))
    }

    @Test("a pattern of many stars against a long name that almost matches takes one pass per star position, not exponential time")
    func noBlowUp() {
        let pattern = String(repeating: "*a", count: 40) + "b"
        let name = String(repeating: "a", count: 4000)
        #expect(!WildcardPattern.matches(pattern, name))
    }
}
