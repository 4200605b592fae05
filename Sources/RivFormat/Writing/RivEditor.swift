import Foundation
import RivSupport

/// Changes the assets of one ``RivFile``: embed or replace bytes, strip them out.
///
/// ```swift
/// let file = try RivFile(path: "hero.riv")
/// var editor = RivEditor(file)
/// let logo = file.assets.first { $0.uniqueName == "logo-12" }!
/// try editor.embed(Data(contentsOf: newLogoURL), in: logo)
/// try editor.write(to: URL(fileURLWithPath: "hero-rebranded.riv"))
/// ```
///
/// The output is the input with only the touched records re-encoded; every other
/// byte is copied as it was. Writing goes to a temporary file beside the
/// destination that is renamed into place, so a failure leaves the input and any
/// existing destination unchanged. With no edits the output equals the input.
public struct RivEditor: Sendable {
    /// The file being edited.
    public let file: RivFile
    /// Edits by asset index: new bytes, stripped bytes, contents swapped with another asset, removal.
    var edits: [Int: Edit] = [:]
    var outcomesByIndex: [Int: AssetEditOutcome] = [:]
    /// The asset each rewritten referencer points at, by the referencer's record
    /// offset: an index into the input's asset list (manifests left out).
    var referenceTargets: [Int: UInt64] = [:]
    /// Images placed on artboards, in order, and the assets added for them.
    var placements: [Placement] = []
    var addedAssets: [AddedAsset] = []
    /// True when some contents of the file carry a signature.
    private let fileHasSignedContents: Bool

    enum Edit: Sendable {
        case embed(bytes: SpliceList.Piece, signature: Data?)
        case strip
        /// Takes the contents of the asset at this index.
        case takeContents(of: Int)
        case remove
        /// Leaves the bytes to a CDN: no contents, this uuid (stored bytes) and base URL.
        case host(uuid: [UInt8], baseURL: String)
    }

    /// Starts editing `file`.
    public init(_ file: RivFile) {
        self.file = file
        fileHasSignedContents = file.assets.contains(where: \.isSigned)
    }

    /// What the edits so far do, in file order (the last edit of each asset).
    public var outcomes: [AssetEditOutcome] {
        outcomesByIndex.sorted { $0.key < $1.key }.map(\.value)
    }

    /// True when at least one edit was made.
    public var hasChanges: Bool { !edits.isEmpty || !referenceTargets.isEmpty || !placements.isEmpty }

    /// Gives `asset` these embedded bytes: replaces them when it is embedded, adds a
    /// contents record when it is referenced, and also removes its CDN uuid and
    /// base URL when it is hosted (so runtimes stop fetching it).
    ///
    /// - Parameters:
    ///   - bytes: The new contents. Images must be PNG, JPEG or WebP; fonts TTF or
    ///     OTF; audio WAV, MP3, FLAC or Ogg, unless `skipChecks` is set.
    ///   - asset: The asset of this editor's file to give them to.
    ///   - signature: A signature to store with the bytes (signed scripts); nil keeps
    ///     the existing one when replacing and stores none when embedding.
    ///   - skipChecks: Skip the format check and allow changing signed contents.
    @discardableResult
    public mutating func embed(_ bytes: Data, in asset: FileAsset, signature: Data? = nil,
                               skipChecks: Bool = false) throws(RivEditError) -> AssetEditOutcome {
        try embed(.inserted(bytes), head: Array(bytes.prefix(ReplacementHead.byteCount)), in: asset, signature: signature, skipChecks: skipChecks)
    }

    /// Like ``embed(_:in:signature:skipChecks:)-(Data,_,_,_)`` with bytes in an array, which are
    /// kept as they are (not copied into `Data`) until the output is written.
    @discardableResult
    public mutating func embed(_ bytes: [UInt8], in asset: FileAsset, signature: Data? = nil,
                               skipChecks: Bool = false) throws(RivEditError) -> AssetEditOutcome {
        try embed(.insertedArray(bytes), head: Array(bytes.prefix(ReplacementHead.byteCount)), in: asset, signature: signature, skipChecks: skipChecks)
    }

    /// Like ``embed(_:in:signature:skipChecks:)-(Data,_,_,_)`` with the bytes of the file at `url`, which
    /// are streamed into the output when it is written rather than read into memory
    /// (a large file is read with `pread`, never mapped): the way to embed large assets.
    @discardableResult
    public mutating func embed(contentsOf url: URL, in asset: FileAsset, signature: Data? = nil,
                               skipChecks: Bool = false) throws(RivEditError) -> AssetEditOutcome {
        let storage: ByteStorage
        do {
            storage = try ByteStorage.open(path: url.path)
        } catch {
            throw .unreadableReplacement(path: url.path, reason: error.message)
        }
        let head = storage.prefix(ReplacementHead.byteCount)
        return try embed(.stored(storage, 0..<storage.count), head: head,
                         in: asset, signature: signature, skipChecks: skipChecks)
    }

    private mutating func embed(_ bytes: SpliceList.Piece, head: [UInt8], in asset: FileAsset,
                                signature: Data?, skipChecks: Bool) throws(RivEditError) -> AssetEditOutcome {
        let index = try unclaimedIndex(of: asset)
        if !skipChecks {
            try checkSignature(asset)
            if let accepted = asset.type.acceptedFormats {
                let detected = ContentFormat(sniffing: head)
                guard accepted.contains(detected) else {
                    throw .unsupportedFormat(uniqueName: asset.uniqueName, type: asset.type, detected: detected, accepted: accepted,
                                             looksLike: ContentFormat.appearance(of: head))
                }
            }
        }
        edits[index] = .embed(bytes: bytes, signature: signature)
        let action: AssetEditOutcome.Action = switch asset.location {
        case .embedded: .replaced
        case .referenced: .embedded
        case .hosted: .embeddedFromCDN
        }
        return record(AssetEditOutcome(uniqueName: asset.uniqueName, type: asset.type, action: action, byteCount: bytes.count, previousByteCount: asset.embeddedByteCount), for: index)
    }

    /// Removes the embedded bytes of `asset` (every contents record bound to it).
    /// The asset becomes referenced: an app supplies the bytes, e.g. from a file
    /// named ``FileAsset/uniqueFilename``.
    @discardableResult
    public mutating func strip(_ asset: FileAsset, skipChecks: Bool = false) throws(RivEditError) -> AssetEditOutcome {
        let index = try unclaimedIndex(of: asset)
        guard !asset.byteRanges.contentsRecordRanges.isEmpty else { throw .notEmbedded(uniqueName: asset.uniqueName) }
        if !skipChecks { try checkSignature(asset) }
        edits[index] = .strip
        return record(AssetEditOutcome(uniqueName: asset.uniqueName, type: asset.type, action: .stripped, byteCount: 0, previousByteCount: asset.embeddedByteCount), for: index)
    }

    /// The size of the edited file in bytes.
    public var outputByteCount: Int {
        splices().pieces(of: file.storage).reduce(0) { $0 + $1.count }
    }

    /// The edited file in memory.
    public func makeBytes() -> Data {
        var output = Data()
        for piece in splices().pieces(of: file.storage) {
            switch piece {
            case .stored(let storage, let range): output.append(contentsOf: storage.bytes[range])
            case .inserted, .insertedArray: piece.withInsertedBytes { output.append(contentsOf: $0) }
            }
        }
        return output
    }

    /// Writes the edited file to `url` through a temporary file beside it and a rename.
    ///
    /// A regular file at `url` that already holds exactly the bytes to write is left
    /// as it is (same inode, same modification time).
    ///
    /// - Parameters:
    ///   - url: Where the file goes.
    ///   - overwrite: Replace what `url` names. Without it (the default), a
    ///     destination that exists, even as a dangling link, is left alone and the
    ///     write fails with ``RivEditError/destinationExists(path:)``; the check and
    ///     the write are one step, so no other writer can slip in between.
    public func write(to url: URL, overwrite: Bool = false) throws(RivEditError) {
        try AtomicFileWriter.write(splices().pieces(of: file.storage), to: url.path, replacing: overwrite)
    }

    /// Whether a regular file at `url` already holds exactly the bytes
    /// ``write(to:overwrite:)`` would write (so writing it changes nothing).
    package func isWritten(at url: URL) -> Bool {
        AtomicFileWriter.file(at: url.path, holds: splices().pieces(of: file.storage))
    }

    /// Throws the error a ``write(to:overwrite:)`` to `url` would throw before
    /// writing anything (a destination that is not a regular file or a link, or,
    /// without `overwrite`, one that exists), so a caller can refuse early.
    public static func checkDestination(_ url: URL, overwrite: Bool = false) throws(RivEditError) {
        do throws(FileWriteError) {
            try AtomicFileWriter.checkDestination(url.path, replacing: overwrite)
        } catch {
            throw RivEditError(error)
        }
    }

    /// The asset's index in the file, when no other kind of edit has claimed it:
    /// new bytes replace earlier new bytes, but a swapped or removed asset takes no other edit.
    func unclaimedIndex(of asset: FileAsset) throws(RivEditError) -> Int {
        let index = try indexOf(asset)
        switch edits[index] {
        case .takeContents?, .remove?: throw .assetAlreadyEdited(uniqueName: asset.uniqueName)
        default: return index
        }
    }

    /// The asset's index in the file: a binary search, since assets are in file order.
    func indexOf(_ asset: FileAsset) throws(RivEditError) -> Int {
        let assets = file.assets
        var low = 0
        var high = assets.count
        while low < high {
            let middle = (low + high) / 2
            if assets[middle].recordRange.lowerBound < asset.recordRange.lowerBound { low = middle + 1 } else { high = middle }
        }
        guard low < assets.count, assets[low].recordRange == asset.recordRange,
              asset.storage === file.storage || isSameRecord(asset, assets[low]) else {
            throw .assetNotInFile(uniqueName: asset.uniqueName)
        }
        return low
    }

    /// Whether `asset`, read from another ``RivFile`` of the same path, is the same
    /// record as `own`: both files the same size, the record's bytes the same.
    private func isSameRecord(_ asset: FileAsset, _ own: FileAsset) -> Bool {
        guard let path = asset.storage.path, path == file.storage.path, asset.storage.count == file.storage.count else { return false }
        return asset.storage.copy(of: asset.recordRange) == file.storage.copy(of: own.recordRange)
    }

    func checkSignature(_ asset: FileAsset) throws(RivEditError) {
        if asset.isSigned || (asset.type.isSignable && fileHasSignedContents) {
            throw .signedContents(uniqueName: asset.uniqueName)
        }
    }

    mutating func record(_ outcome: AssetEditOutcome, for index: Int) -> AssetEditOutcome {
        outcomesByIndex[index] = outcome
        return outcome
    }

    private func splices() -> SpliceList {
        var list = SpliceList()
        var writtenKeys: Set<UInt16> = []
        for (index, edit) in edits {
            let asset = file.assets[index]
            let ranges = asset.byteRanges
            switch edit {
            case .strip:
                for record in ranges.contentsRecordRanges { list.replace(record, with: []) }
            case .takeContents(let source):
                addContentsSwap(into: &list, target: asset, source: file.assets[source])
            case .remove:
                list.replace(asset.recordRange, with: [])
                for record in ranges.contentsRecordRanges { list.replace(record, with: []) }
            case .host(let uuid, let baseURL):
                addHosting(into: &list, asset: asset, uuid: uuid, baseURL: baseURL)
                writtenKeys.formUnion(Self.cdnKeys)
            case .embed(let bytes, let signature):
                if let bytesProperty = ranges.bytesPropertyRange {
                    list.replace(bytesProperty, with: FileAssetContentsRecord.pieces(of: .bytes, bytes))
                    if let signature {
                        let encoded = FileAssetContentsRecord.pieces(of: .signature, .inserted(signature))
                        if let signatureProperty = ranges.signaturePropertyRange {
                            list.replace(signatureProperty, with: encoded)
                        } else {
                            list.insert(encoded, at: bytesProperty.upperBound)
                            writtenKeys.insert(FileAssetContentsRecord.Field.signature.key)
                        }
                    }
                } else {
                    // No record with bytes: replace every contents record by one new record
                    // right after the asset, so no older record can win over it.
                    for record in ranges.contentsRecordRanges { list.replace(record, with: []) }
                    list.insert(FileAssetContentsRecord.pieces(bytes: bytes, signature: signature), at: asset.recordRange.upperBound)
                    writtenKeys.insert(FileAssetContentsRecord.Field.bytes.key)
                    if signature != nil { writtenKeys.insert(FileAssetContentsRecord.Field.signature.key) }
                }
                if asset.location == .hosted {
                    for property in ranges.cdnPropertyRanges { list.replace(property, with: []) }
                }
            }
        }
        addReferenceAndIDRewrites(into: &list)
        if addPlacements(into: &list) { writtenKeys.insert(FileAssetContentsRecord.Field.bytes.key) }
        let header = file.header
        let declared = Set(header.tableOfContents.map(\.key))
        let missing = writtenKeys.subtracting(declared).sorted()
        let dropped = unusedCDNKeys()
        if !missing.isEmpty || !dropped.isEmpty {
            var writer = ByteWriter()
            writer.appendHeader(majorVersion: header.majorVersion, minorVersion: header.minorVersion, fileID: header.fileID,
                                tableOfContents: header.tableOfContents.filter { !dropped.contains($0.key) }
                                    + missing.map { .init(key: $0, fieldType: .bytes) })
            list.replace(0..<header.objectsOffset, with: [.inserted(Data(writer.bytes))])
        }
        return list
    }
}
