import RivFontSubset

/// The line of text a report sets in a font: the pangram when the font draws
/// it, else, for a font Rive's editor cut down to a file's text, the characters
/// the font maps (from its `cmap`), so the line is drawn in the font and not in
/// the browser's fallback, with a note saying it is cut down.
struct FontSpecimen: Equatable {
    /// The pangram a whole font is shown with.
    static let pangram = "The quick brown fox jumps over the lazy dog 0123456789"
    /// The characters a cut-down font's mapped ones are looked for among: Latin
    /// (with Latin-1, Extended-A and -B), Greek, Cyrillic, general punctuation
    /// and currency signs; spaces and controls left out.
    static let candidates: Set<Unicode.Scalar> = Set(
        [0x21...0x7E, 0xA1...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0]
            .flatMap { $0.compactMap(Unicode.Scalar.init) })
    /// The most characters a cut-down font's line shows.
    static let maximumCharacters = 80

    /// The text to set in the font.
    let text: String
    /// Why it is not the pangram, nil when it is.
    let note: String?

    /// The specimen of the font `bytes`: the pangram when its `cmap` cannot be
    /// read (the browser says the rest) or maps every character of it.
    init(font bytes: [UInt8]) {
        guard let coverage = try? FontCharacterCoverage(font: bytes),
              let missing = try? coverage.missing(from: Self.pangram.unicodeScalars), !missing.isEmpty,
              let mapped = try? coverage.mapped(Self.candidates) else {
            text = Self.pangram
            note = nil
            return
        }
        let shown = mapped.sorted { $0.value < $1.value }
        var line = String.UnicodeScalarView()
        line.append(contentsOf: shown.prefix(Self.maximumCharacters))
        text = String(line)
        let count = shown.count > Self.maximumCharacters ? "the first \(Self.maximumCharacters) of \(shown.count)" : "\(shown.count)"
        note = shown.isEmpty ? "cut down: it maps no Latin, Greek or Cyrillic letter, digit or sign"
            : "cut down (the editor keeps the characters the file's text uses): \(count) characters it maps"
    }
}
