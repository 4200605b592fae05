import Foundation

extension RivEditor {
    /// The properties of an asset record that describe its contents rather than
    /// name it: the CDN uuid and base URL, and an image's pixel width and height.
    private static let contentPropertyKeys = Set([FileAssetRecord.Field.cdnUUID, .cdnBaseURL, .width, .height].map(\.key))

    /// Makes two assets of one type exchange their contents: embedded bytes (every
    /// contents record, signature included), CDN uuid and base URL, and an image's
    /// stored pixel size. Names and ids stay, so everything that showed `first`
    /// shows what `second` held, and the reverse; every other byte of the file is
    /// unchanged.
    ///
    /// - Parameters:
    ///   - first: One asset of this editor's file.
    ///   - second: Another asset of the same type.
    ///   - skipChecks: Allow swapping contents covered by a signature (signed scripts).
    /// - Returns: One outcome per asset; none when both are the same asset.
    @discardableResult
    public mutating func swapContents(of first: FileAsset, and second: FileAsset,
                                      skipChecks: Bool = false) throws(RivEditError) -> [AssetEditOutcome] {
        let firstIndex = try unclaimedIndex(of: first)
        let secondIndex = try unclaimedIndex(of: second)
        guard firstIndex != secondIndex else { return [] }
        guard first.type == second.type, first.isListed else {
            throw .typeMismatch(first: first.uniqueName, second: second.uniqueName)
        }
        if edits[firstIndex] != nil { throw .assetAlreadyEdited(uniqueName: first.uniqueName) }
        if edits[secondIndex] != nil { throw .assetAlreadyEdited(uniqueName: second.uniqueName) }
        if !skipChecks {
            try checkSignature(first)
            try checkSignature(second)
        }
        edits[firstIndex] = .takeContents(of: secondIndex)
        edits[secondIndex] = .takeContents(of: firstIndex)
        return [
            record(AssetEditOutcome(uniqueName: first.uniqueName, type: first.type, action: .swapped,
                                    byteCount: second.embeddedByteCount, previousByteCount: first.embeddedByteCount), for: firstIndex),
            record(AssetEditOutcome(uniqueName: second.uniqueName, type: second.type, action: .swapped,
                                    byteCount: first.embeddedByteCount, previousByteCount: second.embeddedByteCount), for: secondIndex),
        ]
    }

    /// Makes two objects that use assets exchange them: the `Image` that showed one
    /// picture shows the other's, and the reverse (what dragging one picture onto
    /// another does in a design tool). Only the two objects' asset indices change.
    /// Both must use an asset of the file, of the same type.
    public mutating func swapAssets(of first: AssetReferencer, and second: AssetReferencer) throws(RivEditError) {
        let firstTarget = try currentTarget(of: first)
        let secondTarget = try currentTarget(of: second)
        let listed = file.listedAssets
        guard listed[Int(firstTarget)].type == listed[Int(secondTarget)].type else {
            throw .typeMismatch(first: listed[Int(firstTarget)].uniqueName, second: listed[Int(secondTarget)].uniqueName)
        }
        referenceTargets[first.offset] = secondTarget
        referenceTargets[second.offset] = firstTarget
    }

    /// The list index `referencer` points at after the edits so far.
    private func currentTarget(of referencer: AssetReferencer) throws(RivEditError) -> UInt64 {
        guard let record = file.referencerRecords.first(where: { $0.offset == referencer.offset }) else {
            throw .noAssetAtReferencer(offset: referencer.offset)
        }
        let target = referenceTargets[record.offset] ?? record.assetIndex
        let listedCount = file.assets.count(where: \.isListed)
        guard target < UInt64(listedCount) else { throw .noAssetAtReferencer(offset: referencer.offset) }
        return target
    }

    /// The patches that give `target` the contents `source` has in the input.
    func addContentsSwap(into list: inout SpliceList, target: FileAsset, source: FileAsset) {
        let storage = file.storage
        let targetProperties = contentProperties(of: target)
        let sourceProperties = contentProperties(of: source)
        let targetBytes = targetProperties.map { storage.copy(of: $0) }
        let sourceBytes = sourceProperties.map { storage.copy(of: $0) }
        if targetBytes != sourceBytes {
            for range in targetProperties { list.replace(range, with: []) }
            // Before the record's terminating 0.
            list.insert(sourceProperties.map { .stored(storage, $0) }, at: target.recordRange.upperBound - 1)
        }
        let incoming = source.byteRanges.contentsRecordRanges.map { SpliceList.Piece.stored(storage, $0) }
        let outgoing = target.byteRanges.contentsRecordRanges
        if let first = outgoing.first {
            list.replace(first, with: incoming)
            for range in outgoing.dropFirst() { list.replace(range, with: []) }
        } else {
            list.insert(incoming, at: target.recordRange.upperBound)
        }
    }

    /// The whole ranges (key through value) of the content properties of `asset`'s record.
    private func contentProperties(of asset: FileAsset) -> [Range<Int>] {
        guard let record = file.object(at: asset.recordRange.lowerBound) else { return [] }
        return record.properties.filter { Self.contentPropertyKeys.contains($0.key) }.map { $0.offset..<$0.valueRange.upperBound }
    }
}
