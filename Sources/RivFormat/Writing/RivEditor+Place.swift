import Foundation

/// An image asset added by a placement, written after the input's last asset.
struct AddedAsset: Sendable {
    /// Where its record goes: after the input's last asset and its Backboard.
    let insertionOffset: Int
    let name: String
    let assetID: UInt64
    let bytes: SpliceList.Piece
    let pixelSize: PixelSize
    let contentHash: UInt64
}

/// An `Image` object to add to an artboard, with its draw rule when it goes in front.
struct Placement: Sendable {
    /// Which asset it shows.
    enum AssetChoice: Sendable, Equatable {
        /// An asset of the input, by its list index there.
        case existing(listIndex: UInt64)
        /// The `n`th asset added by this editor.
        case added(Int)
    }

    let asset: AssetChoice
    let name: String
    let insertionOffset: Int
    let objectIndex: Int
    let x: Double
    let y: Double
    let scaleX: Double
    let scaleY: Double
    let originX: Double
    let originY: Double
    /// The drawable a draw rule puts the image in front of.
    let inFrontOf: Int?
}

extension RivEditor {
    private typealias TK = Schema.TypeKey

    /// Puts the PNG, JPEG or WebP image in the file at `url` onto an artboard:
    /// adds an `ImageAsset` embedding it (after the last asset, with an id no asset
    /// has) and an `Image` object showing it, placed as `placement` says. Nothing
    /// the file has moves: the new object takes the artboard's next index (after
    /// its last indexed object) and the new asset the list's next position, so
    /// every index objects, animations and data binds use stays valid. The bytes
    /// are streamed into the output when it is written.
    ///
    /// - Parameters:
    ///   - url: The image file (PNG, JPEG or WebP).
    ///   - name: The asset's name (and, without its extension, the object's); by
    ///     default the file's name.
    ///   - placement: The artboard, position, size and drawing order.
    /// - Returns: What was added.
    @discardableResult
    public mutating func placeImage(contentsOf url: URL, named name: String? = nil,
                                    _ placement: ImagePlacement) throws(RivEditError) -> PlacedImage {
        let storage: ByteStorage
        do {
            storage = try ByteStorage.open(path: url.path)
        } catch {
            throw .unreadableReplacement(path: url.path, reason: error.message)
        }
        return try place(storage, source: url.path, assetName: name ?? url.lastPathComponent, placement)
    }

    /// Puts the PNG, JPEG or WebP image in `bytes` (an image dropped on an app, or
    /// downloaded) onto an artboard, as ``placeImage(contentsOf:named:_:)`` puts
    /// a file's: an `ImageAsset` embedding a copy of the bytes and an `Image`
    /// object showing it.
    ///
    /// ```swift
    /// var editor = RivEditor(try RivFile(path: "hero.riv"))
    /// let placed = try editor.placeImage(droppedImage, named: "badge.png", ImagePlacement(artboard: "Main", x: 40, y: 40))
    /// try editor.write(to: URL(fileURLWithPath: "hero-badge.riv"))
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The image (PNG, JPEG or WebP).
    ///   - name: The asset's name, with its extension (`badge.png`); the object's
    ///     is the name without it. Errors about the bytes name it too.
    ///   - placement: The artboard, position, size and drawing order.
    /// - Returns: What was added.
    @discardableResult
    public mutating func placeImage(_ bytes: Data, named name: String, _ placement: ImagePlacement) throws(RivEditError) -> PlacedImage {
        try place(ByteStorage(copying: bytes), source: name, assetName: name, placement)
    }

    /// Places the image `storage` holds; `source` names it in errors (its path, or the name given to bytes).
    private mutating func place(_ storage: ByteStorage, source: String, assetName: String,
                                _ placement: ImagePlacement) throws(RivEditError) -> PlacedImage {
        let reader = EmbeddedBytesReader(storage: storage, range: 0..<storage.count)
        let format = ContentFormat(sniffing: storage.prefix(16))
        guard [.png, .jpeg, .webp].contains(format), let pixelSize = PixelSize.read(reader, format: format) else {
            throw .notAnImage(path: source, detected: format)
        }
        guard pixelSize.width > 0, pixelSize.height > 0 else {
            throw .imageWithoutPixels(path: source, width: pixelSize.width, height: pixelSize.height)
        }
        var hasher = XXH64()
        storage.forEachChunk(in: 0..<storage.count) { (chunk: UnsafeRawBufferPointer) in hasher.update(chunk) }
        return try place(.stored(storage, 0..<storage.count), hash: hasher.digest, pixelSize: pixelSize, assetName: assetName, placement)
    }

    private mutating func place(_ bytes: SpliceList.Piece, hash: UInt64, pixelSize: PixelSize, assetName: String,
                                _ placement: ImagePlacement) throws(RivEditError) -> PlacedImage {
        let points = InsertionPoints(file)
        guard !points.artboards.isEmpty else { throw .noArtboard }
        let artboardIndex: Int
        if let wanted = placement.artboard {
            guard let found = points.artboards.firstIndex(where: { $0.name == wanted }) else {
                throw .unknownArtboard(name: wanted, artboards: points.artboards.map(\.name))
            }
            artboardIndex = found
        } else {
            artboardIndex = 0
        }
        let artboard = points.artboards[artboardIndex]
        guard let assetOffset = points.assetInsertionOffset else { throw .noBackboard }

        // The asset: one of the file's (or one added before) with the same bytes, or a new one.
        var choice: Placement.AssetChoice
        var uniqueName: String
        var reused = false
        let listed = file.assets.enumerated().filter { $0.element.isListed }
        let removed = Set(edits.compactMap { index, edit in if case .remove = edit { index } else { nil } })
        if placement.reuseIdenticalAsset,
           let listIndex = listed.firstIndex(where: { $0.element.type == .image && !removed.contains($0.offset) && $0.element.contentHash == hash }) {
            choice = .existing(listIndex: UInt64(listIndex))
            uniqueName = listed[listIndex].element.uniqueName
            reused = true
        } else if placement.reuseIdenticalAsset, let added = addedAssets.firstIndex(where: { $0.contentHash == hash }) {
            choice = .added(added)
            uniqueName = Self.uniqueName(addedAssets[added].name, addedAssets[added].assetID)
            reused = true
        } else {
            let assetID = freshAssetID()
            addedAssets.append(AddedAsset(insertionOffset: assetOffset, name: assetName, assetID: assetID, bytes: bytes, pixelSize: pixelSize, contentHash: hash))
            choice = .added(addedAssets.count - 1)
            uniqueName = Self.uniqueName(assetName, assetID)
        }

        let (scaleX, scaleY): (Double, Double) = switch placement.sizing {
        case .natural: (1, 1)
        case .scale(let x, let y): (x, y)
        case .size(let width, let height): (width / Double(pixelSize.width), height / Double(pixelSize.height))
        }
        for (name, value) in [("x", placement.x), ("y", placement.y), ("the horizontal scale", scaleX), ("the vertical scale", scaleY),
                              ("the horizontal origin", placement.originX), ("the vertical origin", placement.originY)]
        where !Float(value).isFinite {
            throw .valueOutOfRange(name: name, value: value)
        }
        // Earlier placements on this artboard took the indices after its own.
        let earlier = placements.filter { $0.insertionOffset == artboard.insertionOffset }
        let objectIndex = artboard.indexedCount + earlier.reduce(0) { $0 + ($1.inFrontOf == nil ? 1 : 3) }
        let inFrontOf = placement.drawOrder == .inFront ? artboard.firstDrawableIndex : nil
        let objectName = assetName.lastIndex(of: ".").map { String(assetName[..<$0]) } ?? assetName
        placements.append(Placement(asset: choice, name: objectName, insertionOffset: artboard.insertionOffset, objectIndex: objectIndex,
                                    x: placement.x, y: placement.y, scaleX: scaleX, scaleY: scaleY,
                                    originX: placement.originX, originY: placement.originY, inFrontOf: inFrontOf))
        return PlacedImage(asset: uniqueName, reusedAsset: reused, artboard: artboard.name, name: objectName, objectIndex: objectIndex,
                           pixelSize: pixelSize, scaleX: scaleX, scaleY: scaleY, inFrontOfObjectIndex: inFrontOf)
    }

    private static func uniqueName(_ name: String, _ assetID: UInt64) -> String {
        (name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name) + "-\(assetID)"
    }

    /// An id no asset of the file (stored or as the runtime numbers it) and no added asset has.
    private func freshAssetID() -> UInt64 {
        let taken = Set(file.assets.flatMap { [$0.assetID, $0.storedAssetID] } + addedAssets.map(\.assetID))
        if let highest = taken.filter({ $0 < UInt64(UInt32.max) }).max(), !taken.contains(highest + 1) { return max(1, highest + 1) }
        var candidate: UInt64 = 1
        while taken.contains(candidate) { candidate += 1 }
        return candidate
    }

    /// Writes the added assets and objects into `list`; true when a contents record was written.
    func addPlacements(into list: inout SpliceList) -> Bool {
        guard !placements.isEmpty else { return false }
        let outputIndex = outputListIndices()
        let keptCount = UInt64(outputIndex.compactMap { $0 }.count)
        for asset in addedAssets {
            let fields = FileAssetRecord(typeKey: TK.imageAsset, name: asset.name, storedAssetID: asset.assetID,
                                         width: Float(asset.pixelSize.width), height: Float(asset.pixelSize.height))
            var record = ByteWriter()
            record.appendObject(typeKey: fields.typeKey, properties: fields.properties)
            list.insert([.inserted(Data(record.bytes))] + FileAssetContentsRecord.pieces(bytes: asset.bytes, signature: nil), at: asset.insertionOffset)
        }
        for placement in placements {
            let assetIndex: UInt64 = switch placement.asset {
            case .existing(let listIndex): outputIndex[Int(listIndex)] ?? listIndex
            case .added(let n): keptCount + UInt64(n)
            }
            var objects = ByteWriter()
            let image = ImageRecord(name: placement.name, parentID: 0, x: Float(placement.x), y: Float(placement.y),
                                    scaleX: Float(placement.scaleX), scaleY: Float(placement.scaleY),
                                    originX: Float(placement.originX), originY: Float(placement.originY), assetIndex: assetIndex)
            objects.appendObject(typeKey: TK.image, properties: image.properties)
            if let target = placement.inFrontOf {
                // Rive draws an artboard's drawables from its last in object order to its
                // first, so the first is on top; a rule on the image places it before
                // that one, which draws it last.
                let rules = placement.objectIndex + 1
                objects.appendObject(typeKey: TK.drawRules, properties: DrawRulesRecord(parentID: UInt64(placement.objectIndex), drawTargetID: UInt64(rules + 1)).properties)
                objects.appendObject(typeKey: TK.drawTarget, properties: DrawTargetRecord(parentID: UInt64(rules), drawableID: UInt64(target), placement: .before).properties)
            }
            list.insert([.inserted(Data(objects.bytes))], at: placement.insertionOffset)
        }
        return !addedAssets.isEmpty
    }
}
