/// The characters HarfBuzz looks up in a font's cmap to draw a text, besides
/// the text's own, and whether it finds a glyph for each character.
///
/// Before it substitutes glyphs, HarfBuzz draws right-to-left text's mirrored
/// characters with their mirror when the font maps it (`(` with `)`); draws a
/// character the font lacks through its canonical decomposition (é as e and
/// U+0301) and decomposed text through the composed character the font has;
/// draws a space the font lacks with U+0020 (the figure and punctuation spaces
/// then take the advance of a digit, of `.` or `,`) and U+2011 with U+2010;
/// hides default-ignorable characters with the glyph of U+0020; and puts U+25CC
/// before a text that starts with a mark (when told the text begins there). A
/// subset must answer every such look-up as the original does, so it keeps
/// the glyphs of all of them the original maps.
enum ShapingCharacters {
    /// The spaces HarfBuzz draws with the glyph of U+0020 when the font lacks them.
    static let fallbackSpaces: Set<UInt32> = [0x20, 0xA0, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
                                              0x2007, 0x2008, 0x2009, 0x200A, 0x202F, 0x205F, 0x3000]

    /// The Hebrew presentation forms with a canonical decomposition.
    static let hebrewPresentationForms: ClosedRange<UInt32> = 0xFB1D...0xFB4E

    /// `scalars` and every character HarfBuzz may look up in the cmap to draw text made of them.
    static func reachable(from scalars: Set<UInt32>) -> Set<UInt32> {
        var reached = scalars
        for scalar in scalars {
            if let mirror = mirror(of: scalar) { reached.insert(mirror) }
        }
        var pending = Array(reached)
        while let scalar = pending.popLast() {
            var found: [UInt32] = []
            if isDefaultIgnorable(scalar) { found.append(0x20) }
            if isMark(scalar) { found.append(0x25CC) }
            if let (first, second) = decomposition(of: scalar) { found += second == 0 ? [first] : [first, second] }
            if fallbackSpaces.contains(scalar) { found.append(0x20) }
            if scalar == 0x2007 { found += Array(0x30...0x39) }
            if scalar == 0x2008 { found += [0x2E, 0x2C] }
            if scalar == 0x2011 { found.append(0x2010) }
            for character in found where reached.insert(character).inserted { pending.append(character) }
        }
        // Composition joins a mark to the character before it. A mark of the text (or
        // of a text mark's decomposition) may follow any character; a mark of another
        // character's decomposition follows only that decomposition's first part
        // (ϋ's diaeresis follows υ, so A and ϋ never make Ä).
        let textMarks = Set(scalars.filter(isMark).flatMap(fullDecomposition(of:)))
        var followers: [UInt32: Set<UInt32>] = [:]
        for scalar in reached {
            let parts = fullDecomposition(of: scalar)
            followers[parts[0], default: []].formUnion(parts.dropFirst())
        }
        var grew = true
        while grew {
            grew = false
            for row in stride(from: 0, to: UnicodeTables.compositions.count, by: 3)
            where reached.contains(UnicodeTables.compositions[row]) && reached.contains(UnicodeTables.compositions[row + 1]) {
                let parts = fullDecomposition(of: UnicodeTables.compositions[row + 2])
                guard parts.dropFirst().allSatisfy({ textMarks.contains($0) || followers[parts[0]]?.contains($0) == true }) else { continue }
                grew = reached.insert(UnicodeTables.compositions[row + 2]).inserted || grew
            }
        }
        // HarfBuzz's Hebrew shaper also composes the presentation forms NFC excludes
        // (bet + dagesh as U+FB31) for a font without mark positioning.
        for row in stride(from: 0, to: UnicodeTables.decompositions.count, by: 3)
        where Self.hebrewPresentationForms.contains(UnicodeTables.decompositions[row])
            && reached.contains(UnicodeTables.decompositions[row + 1]) && reached.contains(UnicodeTables.decompositions[row + 2]) {
            reached.insert(UnicodeTables.decompositions[row])
        }
        let leading = reached.filter { Hangul.leading.contains($0) }, vowels = reached.filter { Hangul.vowels.contains($0) }
        let trailing = reached.filter { Hangul.trailing.contains($0) && $0 != Hangul.trailing.lowerBound }
        for lead in leading {
            for vowel in vowels {
                let syllable = composition(of: lead, vowel)!
                reached.insert(syllable)
                for tail in trailing { reached.insert(composition(of: syllable, tail)!) }
            }
        }
        return reached
    }

    /// Whether HarfBuzz draws `scalar` with a glyph of the font whose cmap maps
    /// `mapped` (which holds at least what ``reachable(from:)`` gives for it): the
    /// character's own, its decomposition's, or a space's or hyphen's fallback;
    /// a default-ignorable character, hidden rather than drawn, counts as drawn.
    static func draws(_ scalar: UInt32, mapped: Set<UInt32>) -> Bool {
        if mapped.contains(scalar) || isDefaultIgnorable(scalar) || decomposes(scalar, mapped: mapped) { return true }
        if fallbackSpaces.contains(scalar) { return mapped.contains(0x20) }
        return scalar == 0x2011 && mapped.contains(0x2010)
    }

    /// Whether HarfBuzz draws `scalar` decomposed: its second part mapped, its first
    /// mapped or itself drawn decomposed.
    private static func decomposes(_ scalar: UInt32, mapped: Set<UInt32>) -> Bool {
        guard let (first, second) = decomposition(of: scalar), second == 0 || mapped.contains(second) else { return false }
        return mapped.contains(first) || decomposes(first, mapped: mapped)
    }

    /// Whether `scalar` is a mark (general category M) by Swift's own Unicode data:
    /// a character it does not know yet counts as no mark.
    static func isMark(_ scalar: UInt32) -> Bool {
        guard let character = Unicode.Scalar(scalar) else { return false }
        return [.nonspacingMark, .spacingMark, .enclosingMark].contains(character.properties.generalCategory)
    }

    /// The full canonical decomposition of `scalar`: its first character, then the
    /// rest in order (`scalar` alone when it has none).
    static func fullDecomposition(of scalar: UInt32) -> [UInt32] {
        guard let (first, second) = decomposition(of: scalar) else { return [scalar] }
        return fullDecomposition(of: first) + (second == 0 ? [] : fullDecomposition(of: second))
    }

    /// The canonical decomposition of `scalar` into one or two characters (second 0 for one).
    static func decomposition(of scalar: UInt32) -> (UInt32, UInt32)? {
        if Hangul.syllables.contains(scalar) {
            let index = scalar - Hangul.syllables.lowerBound
            let tail = index % Hangul.trailingCount
            if tail != 0 { return (scalar - tail, Hangul.trailing.lowerBound + tail) }
            return (Hangul.leading.lowerBound + index / Hangul.blockCount,
                    Hangul.vowels.lowerBound + index % Hangul.blockCount / Hangul.trailingCount)
        }
        guard let row = find(scalar, in: UnicodeTables.decompositions, stride: 3) else { return nil }
        return (UnicodeTables.decompositions[row + 1], UnicodeTables.decompositions[row + 2])
    }

    /// The character canonical composition makes of `first` followed by `second`,
    /// or HarfBuzz's Hebrew shaper does (a presentation form NFC leaves out).
    static func composition(of first: UInt32, _ second: UInt32) -> UInt32? {
        if Hangul.leading.contains(first), Hangul.vowels.contains(second) {
            return Hangul.syllables.lowerBound + ((first - Hangul.leading.lowerBound) * UInt32(Hangul.vowels.count)
                + second - Hangul.vowels.lowerBound) * Hangul.trailingCount
        }
        if Hangul.syllables.contains(first), (first - Hangul.syllables.lowerBound) % Hangul.trailingCount == 0,
           Hangul.trailing.contains(second), second != Hangul.trailing.lowerBound {
            return first + second - Hangul.trailing.lowerBound
        }
        let key = UInt64(first) << 32 | UInt64(second)
        let table = UnicodeTables.compositions
        var low = 0, high = table.count / 3
        while low < high {
            let middle = (low + high) / 2
            let value = UInt64(table[middle * 3]) << 32 | UInt64(table[middle * 3 + 1])
            if value == key { return table[middle * 3 + 2] }
            if value < key { low = middle + 1 } else { high = middle }
        }
        guard (0x5D0...0x5F2).contains(first) || first == 0xFB49 else { return nil }
        return hebrewPresentationForms.first { decomposition(of: $0).map { $0 == (first, second) } == true }
    }

    /// Whether HarfBuzz hides `scalar` as a default-ignorable character (its own
    /// list: joiners, bidi controls, variation selectors, tags and the like).
    static func isDefaultIgnorable(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xAD, 0x34F, 0x61C, 0x17B4...0x17B5, 0x180B...0x180E, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F,
             0xFE00...0xFE0F, 0xFEFF, 0xFFF0...0xFFF8, 0x1D173...0x1D17A, 0xE0000...0xE0FFF: true
        default: false
        }
    }

    /// The character whose glyph right-to-left text draws `scalar` with (Bidi_Mirroring_Glyph).
    static func mirror(of scalar: UInt32) -> UInt32? {
        find(scalar, in: UnicodeTables.mirrors, stride: 2).map { UnicodeTables.mirrors[$0 + 1] }
    }

    /// The index of the row of `table` (rows of `stride` values, sorted by the first) starting with `key`.
    private static func find(_ key: UInt32, in table: [UInt32], stride: Int) -> Int? {
        var low = 0, high = table.count / stride
        while low < high {
            let middle = (low + high) / 2
            let value = table[middle * stride]
            if value == key { return middle * stride }
            if value < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The algorithmic Hangul syllables and their jamo (Unicode section 3.12).
    private enum Hangul {
        static let syllables: Range<UInt32> = 0xAC00..<0xD7A4
        static let leading: Range<UInt32> = 0x1100..<0x1113
        static let vowels: Range<UInt32> = 0x1161..<0x1176
        /// The trailing consonants, after the first value, which stands for none.
        static let trailing: Range<UInt32> = 0x11A7..<0x11C3
        static let trailingCount: UInt32 = 28
        static let blockCount: UInt32 = 21 * 28
    }
}
