/// post version 3: the header (italic angle, underline, fixed pitch, memory
/// hints) without glyph names.
enum PostScriptNames {
    static func withoutNames(_ post: FontBytes.Table) throws(FontSubsetError) -> [UInt8] {
        var writer = FontWriter(bytes: Array(try post.slice(0, 32)))
        writer.set32(0, 0x0003_0000)
        return writer.bytes
    }
}
