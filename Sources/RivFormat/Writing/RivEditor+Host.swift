import Foundation

extension RivEditor {
    /// The two properties that place an asset on a CDN: `cdnUuid` and `cdnBaseUrl`.
    static let cdnKeys: Set<UInt16> = [FileAssetRecord.Field.cdnUUID.key, FileAssetRecord.Field.cdnBaseURL.key]

    /// Leaves the bytes of `asset` to a CDN: removes every contents record bound to
    /// it and stores `uuid` and `baseURL` on its record (in place of any CDN uuid
    /// and base URL it had), so that a runtime asks its loader for
    /// `baseURL` + `/` + `uuid` (see ``CDNInfo/url``). The table of contents gains
    /// the two keys when it lacks them. Serving the bytes there is the caller's job.
    ///
    /// ``embed(_:in:signature:skipChecks:)-(Data,_,_,_)`` reverses it: embedding the same bytes gives
    /// back the original file byte for byte when its contents record held only the
    /// bytes (the form Rive's editor exports).
    ///
    /// - Parameters:
    ///   - asset: The embedded or referenced asset of this editor's file to host.
    ///   - uuid: Where the bytes live under the base URL; runtimes print it as
    ///     `uuid.uuidString.lowercased()`.
    ///   - baseURL: The URL the uuid is appended to, e.g. `https://cdn.example.com/rive`.
    ///   - skipChecks: Also host signed contents (their signature is dropped with them).
    @discardableResult
    public mutating func host(_ asset: FileAsset, uuid: UUID, baseURL: String, skipChecks: Bool = false) throws(RivEditError) -> AssetEditOutcome {
        let index = try unclaimedIndex(of: asset)
        if !skipChecks { try checkSignature(asset) }
        edits[index] = .host(uuid: CDNInfo.storedBytes(of: uuid), baseURL: baseURL)
        return record(AssetEditOutcome(uniqueName: asset.uniqueName, type: asset.type, action: .hosted, byteCount: 0, previousByteCount: asset.embeddedByteCount), for: index)
    }

    /// Removes the contents records and CDN properties of `asset` and writes the
    /// new CDN uuid and base URL as the last properties of its record.
    func addHosting(into list: inout SpliceList, asset: FileAsset, uuid: [UInt8], baseURL: String) {
        let ranges = asset.byteRanges
        for record in ranges.contentsRecordRanges { list.replace(record, with: []) }
        for property in ranges.cdnPropertyRanges { list.replace(property, with: []) }
        let record = FileAssetRecord(typeKey: asset.type.typeKey, name: asset.name, storedAssetID: asset.storedAssetID, cdnUUID: uuid, cdnBaseURL: baseURL)
        var properties = ByteWriter()
        properties.appendProperties(record.properties(of: [.cdnUUID, .cdnBaseURL]))
        // The record ends with its terminating 0: the properties go just before it.
        list.insert([.inserted(Data(properties.bytes))], at: asset.recordRange.upperBound - 1)
    }

    /// The CDN keys to leave out of the table of contents: those it lists when the
    /// edits embedded hosted assets and no asset of the output keeps a CDN
    /// property, so that embedding what ``host(_:uuid:baseURL:skipChecks:)`` hosted
    /// gives back the original header. Empty otherwise (a listed key no asset
    /// uses is left alone unless an edit removed its last use).
    func unusedCDNKeys() -> Set<UInt16> {
        let listed = Self.cdnKeys.intersection(file.header.tableOfContents.map(\.key))
        guard !listed.isEmpty else { return [] }
        var embeddedHosted = false
        for (index, asset) in file.assets.enumerated() where !asset.byteRanges.cdnPropertyRanges.isEmpty {
            switch edits[index] {
            case .embed?: embeddedHosted = true
            case .remove?: continue
            default: return []
            }
        }
        let keepsCDN = edits.values.contains { edit in
            switch edit {
            case .host, .takeContents: true
            default: false
            }
        }
        return embeddedHosted && !keepsCDN ? listed : []
    }
}
