import Foundation
import Testing
@testable import RivFormat

/// Each record type that RivFormat both reads and writes holds its reading and its
/// writing side by side: what it writes, it reads back as the same value, awkward
/// values included (empty and non-ASCII names, the largest ids, optional fields left out).
@Suite("Record round trips")
struct RecordRoundTripTests {
    private typealias TK = Schema.TypeKey

    /// A file of a Backboard, an artboard `Main`, then one object per record given.
    private func file(_ records: [(typeKey: UInt16, properties: [(key: UInt16, value: PropertyValue)])]) throws -> RivFile {
        var encoder = RivEncoder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        for record in records { encoder.appendObject(typeKey: record.typeKey, properties: record.properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    static let assetRecords: [FileAssetRecord] = [
        FileAssetRecord(typeKey: TK.imageAsset, name: "", storedAssetID: 0),
        FileAssetRecord(typeKey: TK.imageAsset, name: "Ünïcödé 图像 🎨.png", storedAssetID: UInt64(UInt32.max), width: 1200, height: 630),
        FileAssetRecord(typeKey: TK.fontAsset, name: "Inter.ttf", storedAssetID: UInt64.max, cdnUUID: Array(0..<16)),
        FileAssetRecord(typeKey: TK.audioAsset, name: "click.wav", storedAssetID: 5, cdnUUID: Array(0..<16), cdnBaseURL: "https://cdn.example.com/rive"),
        FileAssetRecord(typeKey: TK.imageAsset, name: "odd.png", storedAssetID: 9, cdnUUID: [], cdnBaseURL: ""),
        FileAssetRecord(typeKey: TK.imageAsset, name: "wide.png", storedAssetID: 10, cdnUUID: [1, 2, 3], width: 0),
        FileAssetRecord(typeKey: TK.scriptAsset, name: "main.lua", storedAssetID: 0, height: -0.5),
        FileAssetRecord(typeKey: TK.blobAsset, name: String(repeating: "long name ", count: 40), storedAssetID: 1 << 40),
    ]

    @Test("a file asset record reads back as written, and the scan that lists assets sees the same fields", arguments: assetRecords)
    func fileAsset(_ record: FileAssetRecord) throws {
        let file = try file([(record.typeKey, record.properties)])
        let asset = try #require(file.assets.first)
        let object = try #require(file.object(at: asset.recordRange.lowerBound))
        #expect(FileAssetRecord(reading: object, in: file) == record)
        #expect(asset.name == record.name)
        #expect(asset.storedAssetID == record.storedAssetID)
        #expect(asset.type.typeKey == record.typeKey)
        #expect(asset.width == record.width.map(Double.init))
        #expect(asset.height == record.height.map(Double.init))
        #expect(asset.cdn?.uuid == record.cdnUUID.flatMap { CDNInfo.uuidString(fromStoredBytes: $0) })
        #expect(asset.cdn.map(\.baseURL) == record.cdnUUID.flatMap { $0.count == 16 ? record.cdnBaseURL ?? CDNInfo.defaultBaseURL : nil })
    }

    @Test("writing some fields of a file asset record writes those properties only, in the record's order")
    func fileAssetFields() {
        let record = Self.assetRecords[3]
        #expect(record.properties(of: [.cdnBaseURL, .cdnUUID]).map(\.key) == [Schema.PropertyKey.fileAssetCdnUuid, Schema.PropertyKey.fileAssetCdnBaseUrl])
        #expect(record.properties(of: [.width]).isEmpty)
        #expect(record.properties.map(\.key) == [FileAssetRecord.Field.name, .assetID, .cdnUUID, .cdnBaseURL].map(\.key))
    }

    static let contentsRecords: [FileAssetContentsRecord] = [
        FileAssetContentsRecord(bytes: []),
        FileAssetContentsRecord(bytes: Array(repeating: 0xA5, count: 200)),
        FileAssetContentsRecord(bytes: [1, 2, 3], signature: Array(0..<64)),
        FileAssetContentsRecord(bytes: nil, signature: []),
        FileAssetContentsRecord(bytes: nil),
    ]

    @Test("a contents record reads back as written, and the scan binds the same bytes and signature to its asset", arguments: contentsRecords)
    func contents(_ record: FileAssetContentsRecord) throws {
        let asset = FileAssetRecord(typeKey: TK.imageAsset, name: "a.png", storedAssetID: 1)
        let file = try file([(asset.typeKey, asset.properties), (TK.fileAssetContents, record.properties)])
        let scanned = try #require(file.assets.first)
        let contentsRange = try #require(scanned.contentsRecordRange)
        let object = try #require(file.object(at: contentsRange.lowerBound))
        #expect(FileAssetContentsRecord(reading: object, in: file) == record)
        #expect(scanned.embeddedRange.map { Array(file.storage.bytes[$0]) } == record.bytes)
        #expect(scanned.signatureRange.map { Array(file.storage.bytes[$0]) } == record.signature)
    }

    @Test("the splice pieces of a contents record are the bytes its properties write")
    func contentsPieces() {
        let record = FileAssetContentsRecord(bytes: [9, 8, 7], signature: Array(0..<64))
        var writer = ByteWriter()
        writer.appendObject(typeKey: TK.fileAssetContents, properties: record.properties)
        var spliced: [UInt8] = []
        for piece in FileAssetContentsRecord.pieces(bytes: .insertedArray([9, 8, 7]), signature: Data(0..<64)) {
            _ = piece.withInsertedBytes { spliced += $0 }
        }
        #expect(spliced == writer.bytes)
    }

    static let imageRecords: [ImageRecord] = [
        ImageRecord(),
        ImageRecord(name: "Ünïcödé 🖼", parentID: UInt64.max, x: -12.5, y: 1e30, rotation: 3.25, scaleX: 0, scaleY: -2,
                    originX: 0, originY: 1, opacity: 0.25, assetIndex: UInt64.max),
        ImageRecord(name: "hero", parentID: 0, x: 100, y: 80, assetIndex: 0),
        ImageRecord(name: "", rotation: -0.0, scaleX: 1, scaleY: 1.5, originX: 0.5, originY: 0.25),
    ]

    @Test("an Image object reads back as written, and imageObjects() shows its values", arguments: imageRecords)
    func image(_ record: ImageRecord) throws {
        let file = try file([(TK.artboard, [(Schema.PropertyKey.componentName, .string("Main"))]), (TK.image, record.properties)])
        let shown = try #require(file.imageObjects().first)
        let object = try #require(file.object(at: shown.offset))
        #expect(ImageRecord(reading: object, in: file) == record)
        #expect(shown.name == record.name)
        #expect(shown.x == Double(record.x) && shown.y == Double(record.y) && shown.rotation == Double(record.rotation))
        #expect(shown.scaleX == Double(record.scaleX) && shown.scaleY == Double(record.scaleY) && shown.opacity == Double(record.opacity))
        #expect(shown.originX == Double(record.originX) && shown.originY == Double(record.originY))
    }

    @Test("an Image object's x and y are read from their alternate keys only when the main ones are absent")
    func imageAlternateKeys() throws {
        typealias PK = Schema.PropertyKey
        let file = try file([(TK.artboard, []), (TK.image, [(PK.nodeXArtboard, .float32(7)), (PK.nodeX, .float32(3)), (PK.nodeYArtboard, .float32(9))])])
        let image = try #require(file.imageObjects().first)
        let object = try #require(file.object(at: image.offset))
        let record = ImageRecord(reading: object, in: file)
        #expect(record.x == 3 && record.y == 9)
    }

    static let artboardRecords: [ArtboardRecord] = [
        ArtboardRecord(),
        ArtboardRecord(name: ""),
        ArtboardRecord(name: "Écran principal ✨", width: 390, height: 844, defaultStateMachineID: UInt64.max),
        ArtboardRecord(width: -0.5, defaultStateMachineID: 0),
    ]

    @Test("an Artboard reads back as written, and inspect() shows its size and default state machine", arguments: artboardRecords)
    func artboard(_ record: ArtboardRecord) throws {
        let file = try file([(TK.artboard, record.properties), (TK.stateMachine, [])])
        let object = try #require(file.artboardObjects().first?.artboard)
        #expect(ArtboardRecord(reading: object, in: file) == record)
        let inspected = try #require(file.inspect().artboards.first)
        #expect(inspected.name == record.name ?? "")
        #expect(inspected.width == Double(record.width ?? 0) && inspected.height == Double(record.height ?? 0))
        #expect(inspected.defaultStateMachine == (record.defaultStateMachineID == 0 ? "" : nil))
    }

    @Test("draw rules and a draw target read back as written", arguments: [
        (DrawRulesRecord(parentID: 0), DrawTargetRecord(parentID: 0)),
        (DrawRulesRecord(parentID: UInt64.max, drawTargetID: 2), DrawTargetRecord(parentID: 1, drawableID: UInt64.max, placement: .after)),
        (DrawRulesRecord(parentID: 1, drawTargetID: 0), DrawTargetRecord(parentID: 2, drawableID: 0, placement: .before)),
    ])
    func drawRules(_ rules: DrawRulesRecord, _ target: DrawTargetRecord) throws {
        let file = try file([(TK.artboard, []), (TK.drawRules, rules.properties), (TK.drawTarget, target.properties)])
        let objects = try #require(file.artboardObjects().first?.objects)
        let readRules = try #require(objects[1])
        let readTarget = try #require(objects[2])
        #expect(DrawRulesRecord(reading: readRules, in: file) == rules)
        #expect(DrawTargetRecord(reading: readTarget, in: file) == target)
        #expect(DrawTargetRecord(reading: readTarget, in: file).placement == (target.placementValue == 1 ? .after : .before))
    }

    static let animationRecords: [LinearAnimationRecord] = [
        LinearAnimationRecord(),
        LinearAnimationRecord(name: "idle", fps: 30, duration: 90, loopValue: 1),
        LinearAnimationRecord(name: "", fps: 0, duration: UInt64.max, speed: -0.5, loopValue: 2, workStart: 10, workEnd: 20, enableWorkArea: 1),
        LinearAnimationRecord(name: "ĉiu ☃", speed: 2, workEnd: 5),
    ]

    @Test("a linear animation reads back as written, and inspect() shows its name, rate, length, speed and work area", arguments: animationRecords)
    func linearAnimation(_ record: LinearAnimationRecord) throws {
        let file = try file([(TK.artboard, []), (TK.linearAnimation, record.properties)])
        let object = try #require(file.artboardObjects().first?.otherRecords.first)
        #expect(LinearAnimationRecord(reading: object, in: file) == record)
        let shown = try #require(file.inspect().artboards.first?.animations.first)
        #expect(shown.name == record.name ?? "")
        #expect(shown.fps == Int(clamping: record.fps ?? 60) && shown.durationFrames == Int(clamping: record.duration ?? 60))
        #expect(shown.speed == Double(record.speed ?? 1))
        #expect(shown.workArea.map { [$0.start, $0.end] } == (record.enableWorkArea == 1 ? [10, 20] : nil))
    }
}
