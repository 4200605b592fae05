import Foundation
import RivFormat
import RivFontSubset
import RivSupport

/// The `text-not-drawable` finding: a text run holding characters the embedded
/// font its style uses has no glyph for (Rive draws nothing, or a box, there),
/// as HarfBuzz finds glyphs (`FontCharacterCoverage`: a character drawn
/// decomposed, composed or through a space fallback is drawable, and one
/// HarfBuzz hides as default-ignorable, a variation selector say, is not checked).
/// Only what the run stores is checked; line breaks, tabs and other control and
/// format characters, which are laid out rather than drawn, are left out. A font
/// HarfBuzz finds no glyph in is `font-unreadable`, and each of its runs not drawable.
enum TextCoverageCheck {
    /// How many characters one finding names; the rest are counted.
    static let shownCharacterLimit = 16

    /// One finding per run whose characters its embedded font cannot draw, in file
    /// order (runs that would give the same sentence, one).
    static func findings(for file: RivFile) -> [VerifyFinding] {
        // The text of every run is gathered only when some font could be checked.
        guard file.assets.contains(where: isCheckable) else { return [] }
        var findings: [VerifyFinding] = []
        var said: Set<String> = []
        for text in file.fontText {
            let font = file.assets[text.assetIndex]
            guard isCheckable(font) else { continue }
            let read = font.withEmbeddedBytes { bytes in
                Result { () throws(FontSubsetError) in try FontCharacterCoverage(font: [UInt8](bytes)) }
            }
            let coverage: FontCharacterCoverage
            switch read {
            case .success(let readable): coverage = readable
            case .failure(let error):
                findings += unreadable(font, error, runs: text.runs)
                continue
            }
            for run in text.runs {
                guard run.text.unicodeScalars.contains(where: isDrawn),
                      let missing = try? coverage.missing(from: run.text.unicodeScalars).filter(isDrawn), !missing.isEmpty else { continue }
                let shown = ShortList.text(missing, limit: shownCharacterLimit, describe)
                let runName = run.name.isEmpty ? "an unnamed text run" : "text run '\(TerminalText.cut(run.name, limit: 60))'"
                let message = "\(runName) on artboard '\(TerminalText.cut(run.artboard, limit: 60))' holds characters \(font.uniqueName) has no glyph for: \(shown)"
                guard said.insert(message).inserted else { continue }
                findings.append(VerifyFinding(code: "text-not-drawable", message: message, offset: font.recordRange.lowerBound, asset: font.uniqueName))
            }
        }
        return findings
    }

    /// For a font whose table directory runs past its end or whose `maxp` is
    /// missing or short (HarfBuzz sees no glyph in it, and Rive decodes no font),
    /// `font-unreadable` and each of its runs that holds a drawn character as
    /// `text-not-drawable`. Nothing for what HarfBuzz still loads: a kind the reader
    /// leaves alone (CFF outlines, a collection), a missing `cmap` (it draws
    /// `.notdef`), another table past the end or listed twice (it ignores that table).
    private static func unreadable(_ font: FileAsset, _ error: FontSubsetError, runs: [FontTextRun]) -> [VerifyFinding] {
        switch (error.table, error.reason) {
        case ("sfnt", .truncated), ("maxp", _): break
        default: return []
        }
        var findings = [VerifyFinding(code: "font-unreadable", message: "\(font.uniqueName) cannot be read as a font: \(error)",
                                      offset: font.recordRange.lowerBound, asset: font.uniqueName)]
        var said: Set<String> = []
        for run in runs where run.text.unicodeScalars.contains(where: isDrawn) {
            let runName = run.name.isEmpty ? "an unnamed text run" : "text run '\(TerminalText.cut(run.name, limit: 60))'"
            let message = "\(runName) on artboard '\(TerminalText.cut(run.artboard, limit: 60))' draws nothing: its font \(font.uniqueName) cannot be read"
            guard said.insert(message).inserted else { continue }
            findings.append(VerifyFinding(code: "text-not-drawable", message: message, offset: font.recordRange.lowerBound, asset: font.uniqueName))
        }
        return findings
    }

    /// Whether `asset` is an embedded TrueType or OpenType font, whose glyphs can be looked up.
    private static func isCheckable(_ asset: FileAsset) -> Bool {
        asset.location == .embedded && [.ttf, .otf].contains(asset.detectedFormat)
    }

    /// Whether `scalar` is drawn with a glyph rather than laid out (a line break, tab, joiner or other control).
    private static func isDrawn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: false
        default: true
        }
    }

    /// `'é' (U+00E9)`.
    private static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "'\(scalar)' (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
    }
}
