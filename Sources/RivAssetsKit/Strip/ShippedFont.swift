import RivFormat

/// One font file a strip run with ``StripRequest/subsetsFonts`` or merged
/// copies wrote, and what went into it (``StripResult/fonts``).
public struct ShippedFont: Codable, Sendable, Equatable {
    /// The file's name in the asset folder.
    public var file: String
    /// The unique names it serves.
    public var assets: [String]
    /// The inputs whose fonts it serves, in input order.
    public var inputs: [String]
    /// The embedded bytes it stands for: each distinct copy's size, added up.
    public var bytesBefore: Int
    /// The file's size.
    public var bytesAfter: Int
    /// How many characters the file's font maps; nil when it was written whole.
    @NullEncoded public var characterCount: Int?
    /// The kept characters (``StripRequest/keptCharacters``) the font cannot
    /// draw, because no copy maps them (a merged or cut-down copy holds only
    /// what some file's text held); empty when it draws them all.
    public var keptNotMapped: String
    /// Why it was written whole, or what was left out of a merge; nil when there is nothing to say.
    @NullEncoded public var note: String?
}

extension ShippedFont: PropertiesDescribed {}
