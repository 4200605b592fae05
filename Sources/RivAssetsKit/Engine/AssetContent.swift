import RivFormat

/// What tells two assets' embedded bytes apart for a run that writes each
/// content once: their XXH64 ``FileAsset/contentHash`` and their size (the
/// writer still compares the bytes before two assets share a file).
struct AssetContent: Hashable {
    /// The XXH64 of the bytes.
    var hash: UInt64
    /// How many bytes.
    var bytes: Int

    /// The content `asset` embeds.
    init(_ asset: FileAsset) {
        hash = asset.contentHash
        bytes = asset.embeddedByteCount
    }

    /// The content of bytes no asset embeds (a merged font).
    init(_ bytes: [UInt8]) {
        hash = XXH64.hash(bytes)
        self.bytes = bytes.count
    }
}
