/// One streaming pass over a file's objects that collects its file assets and
/// binds each contents record to the asset before it. Other objects are skipped
/// property by property; nothing is copied.
struct AssetScanner {

    /// The latest asset while its record and contents are being read.
    private struct PendingAsset {
        /// The record's stored fields, read through the record's own reading.
        var record: FileAssetRecord
        var recordRange: Range<Int>
        /// Everything else; the CDN information is filled in when the record ends.
        var details = AssetDetails.Fields()
        /// The first object since the asset that is neither an asset nor contents.
        var interveningObject: (typeKey: UInt16, offset: Int)?
    }

    /// What the pass found.
    struct Result {
        var assets: [FileAsset]
        var problems: [RivProblem]
        var objectCount: Int
        /// The objects that use an asset, in stream order.
        var referencers: [ReferencerRecord]
        /// The names of the artboards, in stream order.
        var artboardNames: [String]
    }

    /// Walks the objects with `reader`, which stands at the first object of the file
    /// held by `storage`. Only small values (names, uuids, sizes) and the first bytes of
    /// embedded contents are read; everything else is skipped.
    static func scan(reader: ByteReader, storage: ByteStorage, header: RivHeader) throws(RivError) -> Result {
        var stream = ObjectStreamReader(reader: reader, header: header)
        // Appended one by one: a file of nothing but bare asset records holds one
        // FileAsset per two bytes, so the list's growth is the reader's peak (see ChunkedList).
        var assets = ChunkedList<FileAsset>()
        var ids = AssetIDAssigner()
        var fileProblems: [RivProblem] = []
        var objectCount = 0
        // The asset that contents records bind to: the latest file asset, as in Rive's
        // runtime, even when other objects came in between.
        var current: PendingAsset?
        var previousObject: (typeKey: UInt16, offset: Int)?
        var referencers: [ReferencerRecord] = []
        var artboardNames: [String] = []
        // Local copies of the lookup tables: a global is checked for initialization on every use.
        let roles = UsageKeys.roles
        let usageTypes = UsageKeys.usageTypes
        // Each object's artboard and index there, by the rule every reader of artboards follows.
        var placer = ObjectPlacer()

        func finish(_ asset: PendingAsset) {
            let record = asset.record
            let type = AssetType(typeKey: record.typeKey)
            let assetID = type.isListed ? ids.assign(record.storedAssetID) : record.storedAssetID
            var details = asset.details
            details.cdn = record.cdnUUID.flatMap { CDNInfo.uuidString(fromStoredBytes: $0) }
                .map { CDNInfo(baseURL: record.cdnBaseURL ?? CDNInfo.defaultBaseURL, uuid: $0) }
            assets.append(FileAsset(name: record.name, assetID: assetID, storedAssetID: record.storedAssetID,
                                    type: type, recordRange: asset.recordRange,
                                    details: AssetDetails.holding(details), storage: storage))
        }

        while let (typeKey, offset) = try stream.beginObject() {
            objectCount += 1
            defer { previousObject = (typeKey, offset) }
            let placement = placer.place(typeKey)
            if typeKey == Schema.TypeKey.fileAssetContents {
                var bytesProperty: RivProperty?
                var signatureProperty: RivProperty?
                var detectedFormat: ContentFormat?
                while let property = try stream.nextProperty() {
                    switch FileAssetContentsRecord.Field(property) {
                    case .bytes?:
                        bytesProperty = property
                        // Sniffed now, while the start of the value is still in memory.
                        let range = property.valueRange
                        detectedFormat = try stream.withBytes(in: range.lowerBound..<min(range.upperBound, range.lowerBound + 16),
                                                              ofProperty: property.key) { ContentFormat(sniffing: $0) }
                    case .signature?: signatureProperty = property
                    case nil: break
                    }
                }
                let record = offset..<stream.offset
                // Taken out of `current`, so that appending to its arrays does not copy them.
                guard var target = current.take() else {
                    fileProblems.append(RivProblem(offset: offset, kind: .contentsWithoutAsset(
                        byteCount: bytesProperty?.valueRange.count ?? 0, previousTypeKey: previousObject?.typeKey,
                        previousOffset: previousObject?.offset ?? 0)))
                    continue
                }
                if let between = target.interveningObject, !target.details.problems.contains(where: {
                    if case .contentsSeparatedFromAsset = $0.kind { true } else { false }
                }) {
                    target.details.problems.append(RivProblem(offset: offset, kind: .contentsSeparatedFromAsset(typeKey: between.typeKey, offset: between.offset)))
                }
                target.details.contentsRecordCount += 1
                if target.details.contentsRecordCount > 1 {
                    // One problem per asset, however many records: it names the count and the last one.
                    target.details.problems.removeAll { if case .repeatedContents = $0.kind { true } else { false } }
                    target.details.problems.append(RivProblem(offset: offset, kind: .repeatedContents(count: target.details.contentsRecordCount)))
                }
                target.details.contentsRecordRange = record
                target.details.embeddedRange = bytesProperty?.valueRange
                target.details.detectedFormat = detectedFormat
                target.details.signatureRange = signatureProperty?.valueRange
                target.details.byteRanges.contentsRecordRanges.append(record)
                target.details.byteRanges.bytesPropertyRange = bytesProperty.map { $0.offset..<$0.valueRange.upperBound }
                target.details.byteRanges.signaturePropertyRange = signatureProperty.map { $0.offset..<$0.valueRange.upperBound }
                current = target
                continue
            }
            guard AssetType.isFileAsset(typeKey: typeKey) else {
                guard Int(typeKey) < usageTypes.count && usageTypes[Int(typeKey)] else {
                    try stream.skipProperties()
                    if current != nil && current?.interveningObject == nil { current?.interveningObject = (typeKey, offset) }
                    continue
                }
                // Objects that can use an asset or start an artboard: a reference, a name.
                var reference: UInt64?
                var nameRange: Range<Int>?
                var nameKey: UInt16 = 0
                while let property = try stream.nextProperty() {
                    switch Int(property.key) < roles.count ? roles[Int(property.key)] : .none {
                    case .none: break
                    case .reference where property.fieldType == .varUInt:
                        reference = try stream.withBytes(in: property.valueRange, ofProperty: property.key) { $0.varUIntValue(in: 0..<$0.count) }
                    case .name where property.fieldType == .bytes:
                        nameRange = property.valueRange
                        nameKey = property.key
                    default: break
                    }
                }
                let startsArtboard = placement.role == .artboard
                if startsArtboard || reference != nil {
                    var name = ""
                    if let nameRange {
                        name = try stream.withBytes(in: nameRange, ofProperty: nameKey) { $0.stringValue(in: 0..<$0.count) }
                    }
                    if startsArtboard {
                        artboardNames.append(name)
                    } else if let reference {
                        // A record the runtime cannot build is at no index, though it takes one.
                        let objectIndex = placement.role == .component ? placement.objectIndex ?? -1 : -1
                        referencers.append(ReferencerRecord(artboardIndex: Int32(clamping: placement.artboardIndex ?? -1), typeKey: typeKey, assetIndex: reference,
                                                            name: name, objectIndex: Int32(clamping: objectIndex), offset: offset))
                    }
                }
                if current != nil && current?.interveningObject == nil { current?.interveningObject = (typeKey, offset) }
                continue
            }
            var asset = PendingAsset(record: FileAssetRecord(typeKey: typeKey, name: "", storedAssetID: 0), recordRange: offset..<offset)
            while let property = try stream.nextProperty() {
                guard let field = FileAssetRecord.Field(property) else { continue }
                try stream.withBytes(in: property.valueRange, ofProperty: property.key) { asset.record.read(field, from: $0) }
                switch field {
                case .assetID where asset.record.storedAssetID > UInt64(UInt32.max):
                    asset.details.problems.append(RivProblem(offset: property.offset, kind: .assetIDOutOfRange(storedID: asset.record.storedAssetID)))
                case .cdnUUID, .cdnBaseURL:
                    asset.details.byteRanges.cdnPropertyRanges.append(property.offset..<property.valueRange.upperBound)
                case .width, .height:
                    // A size that is not finite is noted and passed over; an earlier finite one stays.
                    let value = field == .width ? asset.record.width : asset.record.height
                    guard let value, value.isFinite else {
                        asset.details.problems.append(RivProblem(offset: property.offset, kind: .nonFiniteSize(isWidth: field == .width)))
                        break
                    }
                    if field == .width { asset.details.width = Double(value) } else { asset.details.height = Double(value) }
                default: break
                }
            }
            asset.recordRange = offset..<stream.offset
            if let uuid = asset.record.cdnUUID, uuid.count != 0, uuid.count != 16 {
                asset.details.problems.append(RivProblem(offset: offset, kind: .malformedUUID(byteCount: uuid.count)))
            }
            if let previous = current { finish(previous) }
            current = asset
        }
        if let last = current { finish(last) }
        let assetList = assets.makeArray()
        var listed = 0
        for asset in assetList where asset.isListed { listed += 1 }
        for record in referencers where record.assetIndex >= UInt64(listed) {
            fileProblems.append(RivProblem(offset: record.offset, kind: .referencerWithoutAsset(typeKey: record.typeKey, assetIndex: record.assetIndex, assetCount: listed)))
        }
        return Result(assets: assetList, problems: fileProblems, objectCount: objectCount, referencers: referencers, artboardNames: artboardNames)
    }
}
