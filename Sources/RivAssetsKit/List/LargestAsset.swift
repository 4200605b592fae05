import RivFormat

/// One content among all the inputs of a listing, ranked by what it costs: the
/// embedded bytes shared by every asset whose contents hash the same
/// (`FileAsset/contentHash`), however many names and files hold them. An entry
/// of `largest` in `riv-assets list --largest --json`.
public struct LargestAsset: Codable, Sendable, Equatable {
    /// `XXH64` of the bytes, 16 hex digits (``AssetListing/contentHash``).
    public var contentHash: String
    /// The size of one copy of the bytes.
    public var embeddedByteCount: Int
    /// How many assets, over all the inputs, embed these bytes.
    public var copies: Int
    /// What the copies cost together: ``embeddedByteCount`` times ``copies``.
    public var totalByteCount: Int
    /// `image`, `font`, `audio` or `unknown`, as ``AssetListing/type`` (of the first copy listed).
    public var type: String
    /// The schema name of the kind, as ``AssetListing/kind`` (of the first copy listed).
    public var kind: String
    /// The sniffed format of the bytes, or null.
    @NullEncoded public var detectedFormat: String?
    /// Every unique name the bytes are embedded under, sorted.
    public var uniqueNames: [String]
    /// The inputs that embed them, in input order, each once.
    public var files: [String]
}

/// The per-content totals behind ``LargestAsset``, gathered one asset at a time
/// in input order: only one aggregate per distinct content is kept (its names and
/// the positions of the inputs using it), never a file or a listing.
struct LargestAssetTally {
    /// What identifies one content: its hash and its size.
    private struct Content: Hashable {
        let hash: String
        let byteCount: Int
    }

    private struct Aggregate {
        let type: String
        let kind: String
        let format: String?
        var names: Set<String>
        var inputs: [Int]
        var copies: Int
    }

    private var contents: [Content: Aggregate] = [:]

    /// Counts `asset` of the input at position `input` (inputs are added in
    /// order); assets with no embedded bytes, or listed without a hash, cost nothing.
    mutating func add(_ asset: AssetListing, input: Int) {
        guard asset.location == AssetLocation.embedded.rawValue, asset.embeddedByteCount > 0, let hash = asset.contentHash else { return }
        let key = Content(hash: hash, byteCount: asset.embeddedByteCount)
        if var aggregate = contents[key] {
            aggregate.names.insert(asset.uniqueName)
            if aggregate.inputs.last != input { aggregate.inputs.append(input) }
            aggregate.copies += 1
            contents[key] = aggregate
        } else {
            contents[key] = Aggregate(type: asset.type, kind: asset.kind, format: asset.detectedFormat, names: [asset.uniqueName],
                                      inputs: [input], copies: 1)
        }
    }

    /// The `count` contents that cost the most (``LargestAsset/totalByteCount``),
    /// the larger copy first on a tie, then by hash; `inputs` names the positions given to ``add(_:input:)``.
    func ranking(count: Int, inputs: [String]) -> [LargestAsset] {
        let ranked = contents.map { key, aggregate in
            LargestAsset(contentHash: key.hash, embeddedByteCount: key.byteCount, copies: aggregate.copies,
                         totalByteCount: key.byteCount * aggregate.copies,
                         type: aggregate.type, kind: aggregate.kind, detectedFormat: aggregate.format,
                         uniqueNames: aggregate.names.sorted(), files: aggregate.inputs.map { inputs[$0] })
        }
        return ranked.sorted {
            ($0.totalByteCount, $0.embeddedByteCount, $1.contentHash) > ($1.totalByteCount, $1.embeddedByteCount, $0.contentHash)
        }.prefix(max(0, count)).map { $0 }
    }
}

extension LargestAsset: PropertiesDescribed {}
