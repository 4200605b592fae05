import Foundation
import RivAssetRegistry
import RivAssetsKit
import RivFormat

/// Invariant 10: the Swift identifiers `codegen` makes of names a file holds
/// (RivAssetRegistry's `IdentifierRule.swift`): each is an identifier (a letter or `_`
/// first, then letters, digits, `_` and combining marks; no space, punctuation,
/// symbol or control character), never a reserved word, the same for the composed
/// and decomposed spelling of a name, and unique within its scope once `unique`
/// has handed it out.
enum CodegenNameCheck {
    /// How many assets' names one input has checked.
    static let namesChecked = 64

    static func check(_ file: RivFile, input: UnsafeRawBufferPointer) {
        // The rule is per name: the first names are checked, so that an input of
        // thousands of tiny assets stays one quick run (under the sanitizer, each
        // name costs several Unicode normalizations).
        let assets = file.assets.prefix(Self.namesChecked)
        let texts = assets.map(\.name) + assets.map(\.uniqueName) + [String(decoding: input.prefix(256), as: UTF8.self)]
        let rule = IdentifierRule.swift
        var scope = rule.scope()
        for text in texts {
            let lower = rule.constant(text, fallback: "asset")
            let upper = rule.type(text, fallback: "Asset", avoiding: ["Swift"])
            for name in [lower, upper] {
                require(isIdentifier(name), "codegen made \(name.debugDescription) of \(text.debugDescription): no Swift identifier")
                require(!rule.reserved.contains(name), "codegen made the reserved word \(name) of \(text.debugDescription)")
            }
            require(upper != "Swift", "a type named Swift would hide the module")
            require(rule.constant(text.decomposedStringWithCanonicalMapping, fallback: "asset") == lower,
                    "the decomposed spelling of \(text.debugDescription) gives another identifier")
            let before = scope.taken.count
            let given = IdentifierRule.unique(lower, suffix: "1", in: &scope)
            require(scope.taken.count == before + 1 && isIdentifier(given), "unique handed out \(given.debugDescription) twice or broken")
        }
    }

    /// Whether `name` has the shape of a Swift identifier.
    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            if scalar.isASCII { return scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return scalar.properties.isAlphabetic && !TerminalText.isControl(scalar)
            }
        }
    }
}
