import Foundation
import RivSupport

/// A named set of characters a font keeps although the file's text does not
/// hold them (`riv-assets shrink --keep latin,digits,punctuation`): what an app
/// that sets text at run time may show.
public enum KeptCharacterRange: String, CaseIterable, Sendable {
    /// Every printable ASCII character, space included (U+0020 to U+007E).
    case ascii
    /// The letters of Basic Latin and Latin-1 (A-Z, a-z, À to ÿ but × and ÷).
    case latin
    /// The digits 0 to 9.
    case digits
    /// ASCII punctuation and space, the no-break space, curly quotes, en and em
    /// dashes and the ellipsis.
    case punctuation

    /// The characters of the range.
    public var characters: Set<Unicode.Scalar> {
        switch self {
        case .ascii: Self.scalars(0x20...0x7E)
        case .latin: Self.scalars(0x41...0x5A).union(Self.scalars(0x61...0x7A))
            .union(Self.scalars(0xC0...0xFF).subtracting([Unicode.Scalar(0xD7), Unicode.Scalar(0xF7)]))
        case .digits: Self.scalars(0x30...0x39)
        case .punctuation:
            Self.scalars(0x20...0x2F).union(Self.scalars(0x3A...0x40)).union(Self.scalars(0x5B...0x60)).union(Self.scalars(0x7B...0x7E))
                .union(["\u{A0}", "\u{2013}", "\u{2014}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2026}"])
        }
    }

    /// The characters of the ranges named in `list` (`latin,digits`).
    public static func characters(named list: String) throws(RequestError) -> Set<Unicode.Scalar> {
        var characters: Set<Unicode.Scalar> = []
        let words = CommaList.items(list)
        guard !words.isEmpty else {
            throw RequestError(.invalidOption, "give at least one character range (\(allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        for word in words {
            guard let range = KeptCharacterRange(rawValue: word) else {
                throw RequestError(.invalidOption, "unknown character range '\(word)' (use \(allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            characters.formUnion(range.characters)
        }
        return characters
    }

    private static func scalars(_ values: ClosedRange<UInt32>) -> Set<Unicode.Scalar> {
        Set(values.compactMap(Unicode.Scalar.init))
    }
}
