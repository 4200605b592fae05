import Foundation

/// The package's one rule for names that are one file on a case-insensitive disk
/// (the default file systems of macOS and Windows): Unicode normalisation form C,
/// then Unicode's full case folding (CaseFolding.txt, statuses C and F). So `Logo`
/// and `LOGO`, `Aſ` and `As`, `ß` and `ss`, `Ας` and `Ασ` are one name.
///
/// `lowercased()` leaves `ſ`, `ß` and `ς` as they are, and Foundation's
/// `folding(options: .caseInsensitive, locale: nil)` is not Unicode's folding on
/// every platform (on Linux it lower-cases Cherokee, which Unicode folds to upper
/// case), so the rule reads a table of its own, generated from Unicode's data by
/// `Scripts/generate-case-folding.py`.
package enum CaseFolding {
    /// The form of `name` two names share when they are one name: NFC, then folded.
    package static func key(_ name: String) -> String {
        var key = String.UnicodeScalarView()
        for scalar in name.precomposedStringWithCanonicalMapping.unicodeScalars {
            append(scalar, to: &key)
        }
        return String(key)
    }

    /// Appends the full case folding of `scalar` to `key`.
    private static func append(_ scalar: Unicode.Scalar, to key: inout String.UnicodeScalarView) {
        if scalar.isASCII {
            key.append(("A"..."Z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value) + 32) : scalar)
            return
        }
        guard let row = row(of: scalar.value) else {
            key.append(scalar)
            return
        }
        for index in row * 3..<row * 3 + 3 {
            if foldings[index] != 0, let folded = Unicode.Scalar(foldings[index]) { key.append(folded) }
        }
    }

    /// The position of `value` in `folded`, found by halving; nil when it does not fold.
    private static func row(of value: UInt32) -> Int? {
        var low = 0, high = folded.count
        while low < high {
            let middle = (low + high) / 2
            if folded[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < folded.count && folded[low] == value ? low : nil
    }
}
