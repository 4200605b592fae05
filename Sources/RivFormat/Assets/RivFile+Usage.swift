extension RivFile {
    /// The objects that use each asset, in the order of ``assets``: in artboard
    /// order, then object order, file-level objects last, as Rive's runtime lists
    /// them after import. An asset outside the runtime's list (a `ManifestAsset`,
    /// ``FileAsset/isListed``) is never referenced: its entry is empty.
    public var referencersByAsset: [[AssetReferencer]] {
        var byListIndex: [UInt64: [AssetReferencer]] = [:]
        let ordered = referencerRecords.filter { $0.artboardIndex >= 0 } + referencerRecords.filter { $0.artboardIndex < 0 }
        for record in ordered {
            let artboard = record.artboardIndex >= 0 ? artboardNames[Int(record.artboardIndex)] : nil
            byListIndex[record.assetIndex, default: []].append(AssetReferencer(
                artboard: artboard, artboardIndex: record.artboardIndex >= 0 ? Int(record.artboardIndex) : nil,
                typeKey: record.typeKey, type: Schema.typeName(record.typeKey), name: record.name,
                objectIndex: record.objectIndex >= 0 ? Int(record.objectIndex) : nil, offset: record.offset))
        }
        var listIndex: UInt64 = 0
        return assets.map { asset in
            guard asset.isListed else { return [] }
            defer { listIndex += 1 }
            return byListIndex[listIndex] ?? []
        }
    }

    /// The objects that use `asset` (see ``referencersByAsset``).
    public func referencers(of asset: FileAsset) -> [AssetReferencer] {
        guard let index = assets.firstIndex(where: { $0.recordRange == asset.recordRange }) else { return [] }
        return referencersByAsset[index]
    }

    /// The assets of the runtime's list (``FileAsset/isListed``) that no object uses: candidates to prune.
    public var unusedAssets: [FileAsset] {
        zip(assets, referencersByAsset).filter { $0.0.isListed && $0.1.isEmpty }.map(\.0)
    }

    /// The assets in the runtime's asset list, in file order: the list objects
    /// point into by index (every asset but manifests, ``FileAsset/isListed``).
    public var listedAssets: [FileAsset] { assets.filter(\.isListed) }

    /// For each artboard (by name, in order), the assets its objects use.
    public var assetsByArtboard: [(artboard: String, assets: [FileAsset])] {
        var used = artboardNames.map { (artboard: $0, assets: [FileAsset]()) }
        for (asset, referencers) in zip(assets, referencersByAsset) {
            for index in Set(referencers.compactMap(\.artboardIndex)).sorted() { used[index].assets.append(asset) }
        }
        return used
    }
}
