/// How ``AssetOperations/strip(_:)`` settles copies of one unique name with
/// other bytes, from several inputs written into one asset folder
/// (`riv-assets strip --prefer`).
public enum AssetConflictPolicy: String, Codable, Sendable, Hashable, CaseIterable {
    /// Fail every input holding such a copy; the message names the copies and
    /// the two ways past it.
    case refuse
    /// Merge the font copies into one font mapping every character any copy
    /// maps (`FontMerger`: they are cut-down copies of one font), written for
    /// all; copies that are not one font (other names, axes or outlines) are
    /// written per file instead, as with ``perFile``, and the conflict says why.
    case merge
    /// Write the font copy whose character map covers the characters every
    /// other copy maps (the largest such copy); when no copy covers the others,
    /// or the copies are no fonts, their inputs fail, naming the copies.
    case largest
    /// Write every copy under `uniqueName@input.ext` (the input's file name
    /// without `.riv`), so each input's app code knows its file from the result.
    case perFile = "per-file"
}

extension AssetConflictPolicy: CustomStringConvertible {
    /// Its name as JSON writes it, for `print` and string interpolation.
    public var description: String { rawValue }
}
