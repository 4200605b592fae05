import Foundation

extension RivEditor {
    /// Removes the record and contents of every asset no object uses (see
    /// ``RivFile/unusedAssets``), keeping every other asset's stored id and unique
    /// name: because objects point at assets by their index in the file's asset
    /// list, each remaining object's index is rewritten to keep pointing at the
    /// same asset. An asset already given new bytes in this editor is kept.
    ///
    /// A file can reach an asset without an object that refers to it: a script can
    /// ask for one, and data binding can bind an image or font property to one.
    /// Such files are refused with ``RivEditError/assetsReachableAtRunTime(reasons:)``
    /// unless `skipChecks` is set.
    ///
    /// - Returns: One `.removed` outcome per asset removed.
    @discardableResult
    public mutating func removeUnusedAssets(skipChecks: Bool = false) throws(RivEditError) -> [AssetEditOutcome] {
        if !skipChecks {
            let reasons = RuntimeAssetReach.reasons(in: file)
            if !reasons.isEmpty { throw .assetsReachableAtRunTime(reasons: reasons) }
        }
        // List indices something in this editor points at: swapped referencers, placed images.
        var kept = Set(referenceTargets.values)
        for placement in placements { if case .existing(let listIndex) = placement.asset { kept.insert(listIndex) } }
        var removed: [AssetEditOutcome] = []
        var listIndex: UInt64 = 0
        for (index, (asset, referencers)) in zip(file.assets, file.referencersByAsset).enumerated()
        where asset.isListed {
            defer { listIndex += 1 }
            guard referencers.isEmpty, edits[index] == nil, !kept.contains(listIndex) else { continue }
            edits[index] = .remove
            removed.append(record(AssetEditOutcome(uniqueName: asset.uniqueName, type: asset.type, action: .removed, byteCount: 0, previousByteCount: asset.embeddedByteCount), for: index))
        }
        return removed
    }

    /// The patches that keep every referencer pointing at its asset once assets are
    /// removed (or at the asset it was given by ``swapAssets(of:and:)``), and every
    /// remaining asset at the id the runtime gave it before.
    func addReferenceAndIDRewrites(into list: inout SpliceList) {
        var removed = Set<Int>()
        for (index, edit) in edits { if case .remove = edit { removed.insert(index) } }
        guard !removed.isEmpty || !referenceTargets.isEmpty else { return }
        let outputIndex = outputListIndices()
        let roles = UsageKeys.roles
        for record in file.referencerRecords {
            let target = referenceTargets[record.offset] ?? record.assetIndex
            // An index past the list stays past it: the list only gets shorter.
            let written = target < UInt64(outputIndex.count) ? (outputIndex[Int(target)] ?? target) : target
            guard written != record.assetIndex, let object = file.object(at: record.offset) else { continue }
            for property in object.properties where property.fieldType == .varUInt
                && Int(property.key) < roles.count && roles[Int(property.key)] == .reference {
                list.replace(property.valueRange, with: [.inserted(Self.varUInt(written))])
            }
        }
        if !removed.isEmpty { addIDRewrites(into: &list, keeping: removed) }
    }

    /// The output list index of each input list index (assets outside the list left out); nil for a removed asset.
    func outputListIndices() -> [UInt64?] {
        var outputIndex: [UInt64?] = []
        var kept: UInt64 = 0
        for (index, asset) in file.assets.enumerated() where asset.isListed {
            if case .remove? = edits[index] {
                outputIndex.append(nil)
            } else {
                outputIndex.append(kept)
                kept += 1
            }
        }
        return outputIndex
    }

    /// Runtimes renumber a repeated stored id; removing the first holder of an id
    /// would give a later asset another id, and so another unique name. When that
    /// happens, every renumbered asset that stays is given the id it had.
    private func addIDRewrites(into list: inout SpliceList, keeping removed: Set<Int>) {
        var assigner = AssetIDAssigner()
        var changed = false
        for (index, asset) in file.assets.enumerated()
        where !removed.contains(index) && asset.isListed {
            if assigner.assign(asset.storedAssetID) != asset.assetID { changed = true }
        }
        guard changed else { return }
        for (index, asset) in file.assets.enumerated() where !removed.contains(index)
            && asset.isListed && asset.storedAssetID != asset.assetID {
            let idProperties = file.object(at: asset.recordRange.lowerBound)?.properties
                .filter { FileAssetRecord.Field($0) == .assetID } ?? []
            if idProperties.isEmpty {
                var property = ByteWriter()
                let record = FileAssetRecord(typeKey: asset.type.typeKey, name: asset.name, storedAssetID: asset.assetID)
                property.appendProperties(record.properties(of: [.assetID]))
                list.insert([.inserted(Data(property.bytes))], at: asset.recordRange.upperBound - 1)
            }
            for property in idProperties { list.replace(property.valueRange, with: [.inserted(Self.varUInt(asset.assetID))]) }
        }
    }

    private static func varUInt(_ value: UInt64) -> Data {
        var writer = ByteWriter()
        writer.appendVarUInt(value)
        return Data(writer.bytes)
    }
}
