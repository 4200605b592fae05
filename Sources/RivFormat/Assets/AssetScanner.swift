/// One streaming pass over a file's objects that collects its file assets and
/// binds each contents record to the asset before it. Other objects are skipped
/// property by property; nothing is copied.
struct AssetScanner {
    private typealias PropertyKey = AssetPropertyKey

    private struct PendingAsset {
        var typeKey: UInt16
        var recordRange: Range<Int>
        var name = ""
        var storedID: UInt64 = 0
        var uuidRange: Range<Int>?
        var baseURL: String?
        var width: Double?
        var height: Double?
        var contentsRecordRange: Range<Int>?
        var embeddedRange: Range<Int>?
        var signatureRange: Range<Int>?
        var contentsRecordCount = 0
        var problems: [RivProblem] = []
        var layout = AssetLayout()
    }

    /// What the pass found.
    struct Result {
        var assets: [FileAsset]
        var problems: [RivProblem]
        var objectCount: Int
    }

    static func scan(storage: ByteStorage, header: RivHeader) throws(RivError) -> Result {
        let bytes = storage.bytes
        var stream = ObjectStreamReader(bytes: bytes, header: header)
        var pending: [PendingAsset] = []
        var fileProblems: [RivProblem] = []
        var objectCount = 0
        // The asset that the next contents record binds to: the latest file asset, as
        // in Rive's runtime, even when other objects came in between.
        var bindingTarget: Int?
        // The first object since that asset that is neither an asset nor contents.
        var interveningObject: (typeKey: UInt16, offset: Int)?
        var previousObject: (typeKey: UInt16, offset: Int)?

        while let (typeKey, offset) = try stream.beginObject() {
            objectCount += 1
            defer { previousObject = (typeKey, offset) }
            if typeKey == AssetType.TypeKey.contents {
                var bytesProperty: RivProperty?
                var signatureProperty: RivProperty?
                while let property = try stream.nextProperty() {
                    switch property.key {
                    case PropertyKey.contentsBytes where property.fieldType == .bytes: bytesProperty = property
                    case PropertyKey.contentsSignature where property.fieldType == .bytes: signatureProperty = property
                    default: break
                    }
                }
                let bytesRange = bytesProperty?.valueRange
                let record = offset..<stream.offset
                guard let target = bindingTarget else {
                    let after = previousObject.map { " (it follows \(Schema.typeName($0.typeKey)) at offset \($0.offset))" } ?? ""
                    fileProblems.append(RivProblem(offset: offset, message:
                        "contents record before any file asset\(after); its \(bytesRange?.count ?? 0) bytes belong to no asset"))
                    continue
                }
                if let between = interveningObject {
                    pending[target].problems.append(RivProblem(offset: offset, message:
                        "contents record separated from this asset by \(Schema.typeName(between.typeKey)) at offset "
                        + "\(between.offset); bound to the asset as Rive's runtime binds it"))
                }
                pending[target].contentsRecordCount += 1
                if pending[target].contentsRecordCount > 1 {
                    pending[target].problems.append(RivProblem(offset: offset, message:
                        "contents record number \(pending[target].contentsRecordCount) for this asset; the runtime keeps the last one"))
                }
                pending[target].contentsRecordRange = record
                pending[target].embeddedRange = bytesRange
                pending[target].signatureRange = signatureProperty?.valueRange
                pending[target].layout.contentsRecordRanges.append(record)
                pending[target].layout.bytesPropertyRange = bytesProperty.map { $0.offset..<$0.valueRange.upperBound }
                pending[target].layout.signaturePropertyRange = signatureProperty.map { $0.offset..<$0.valueRange.upperBound }
                continue
            }
            guard AssetType.isFileAsset(typeKey: typeKey) else {
                try stream.skipProperties()
                if bindingTarget != nil && interveningObject == nil { interveningObject = (typeKey, offset) }
                continue
            }
            var asset = PendingAsset(typeKey: typeKey, recordRange: offset..<offset)
            while let property = try stream.nextProperty() {
                let range = property.valueRange
                switch (property.key, property.fieldType) {
                case (PropertyKey.name, .bytes): asset.name = bytes.stringValue(in: range)
                case (PropertyKey.assetID, .varUInt): asset.storedID = bytes.varUIntValue(in: range)
                case (PropertyKey.cdnUUID, .bytes):
                    asset.uuidRange = range
                    asset.layout.cdnPropertyRanges.append(property.offset..<range.upperBound)
                case (PropertyKey.cdnBaseURL, .bytes):
                    asset.baseURL = bytes.stringValue(in: range)
                    asset.layout.cdnPropertyRanges.append(property.offset..<range.upperBound)
                case (PropertyKey.width, .float32), (PropertyKey.height, .float32):
                    let value = bytes.float32Value(in: range)
                    let label = property.key == PropertyKey.width ? "width" : "height"
                    guard value.isFinite else {
                        asset.problems.append(RivProblem(offset: property.offset, message: "the stored \(label) is not a finite number; it is ignored"))
                        break
                    }
                    if property.key == PropertyKey.width { asset.width = Double(value) } else { asset.height = Double(value) }
                default: break
                }
            }
            asset.recordRange = offset..<stream.offset
            if let uuid = asset.uuidRange, uuid.count != 0, uuid.count != 16 {
                asset.problems.append(RivProblem(offset: offset, message:
                    "the CDN uuid has \(uuid.count) bytes instead of 16; it is ignored"))
            }
            pending.append(asset)
            bindingTarget = pending.count - 1
            interveningObject = nil
        }

        var ids = AssetIDAssigner()
        let assets = pending.map { asset in
            let assetID = asset.typeKey == AssetType.TypeKey.manifest ? asset.storedID : ids.assign(asset.storedID)
            let uuid = asset.uuidRange.flatMap { CDNInfo.uuidString(fromStoredBytes: bytes[$0]) }
            return FileAsset(
                name: asset.name, assetID: assetID, storedAssetID: asset.storedID,
                type: AssetType(typeKey: asset.typeKey),
                cdn: uuid.map { CDNInfo(baseURL: asset.baseURL ?? CDNInfo.defaultBaseURL, uuid: $0) },
                width: asset.width, height: asset.height, recordRange: asset.recordRange,
                contentsRecordRange: asset.contentsRecordRange, embeddedRange: asset.embeddedRange,
                signatureRange: asset.signatureRange, contentsRecordCount: asset.contentsRecordCount,
                problems: asset.problems, layout: asset.layout, storage: storage)
        }
        return Result(assets: assets, problems: fileProblems, objectCount: objectCount)
    }
}
