import Foundation

/// A `.riv` file, read and checked end to end: its header, its file assets, and
/// a walk over every object.
///
/// ```swift
/// let file = try RivFile(contentsOf: URL(fileURLWithPath: "walle.riv"))
/// for asset in file.assets {
///     print(asset.uniqueName, asset.type, asset.location, asset.embeddedByteCount)
/// }
/// ```
///
/// Reading walks every object once and fails with a ``RivError`` on any malformed
/// byte; it copies no embedded bytes. A file of 64 KiB or more is read through a
/// small buffer that skips over embedded bytes, kept open, and memory-mapped the
/// first time its bytes are asked for (``FileAsset/withEmbeddedBytes(_:)``,
/// ``objects``, a rewrite, ...). Renaming another file over the path afterwards
/// changes nothing; a file modified in place before it is mapped is detected, and
/// rewrites and extraction then refuse it (``RivEditError/sourceChanged(path:)``).
public struct RivFile: Sendable {
    /// The path the file was read from, when it was read from one.
    public let path: String?
    /// The header: versions, file id, table of contents.
    public let header: RivHeader
    /// Every file asset in file order.
    public let assets: [FileAsset]
    /// Oddities outside any one asset, such as a contents record that belongs to no asset.
    public let problems: [RivProblem]
    /// The number of objects in the object stream.
    public let objectCount: Int
    /// The names of the artboards, in stream order.
    public let artboardNames: [String]
    /// The objects that use an asset, in stream order.
    let referencerRecords: [ReferencerRecord]
    let storage: ByteStorage

    /// Reads the file at `url` (memory-mapped when large and its bytes are needed).
    public init(contentsOf url: URL) throws(RivError) {
        try self.init(path: url.path)
    }

    /// Reads the file at `path` (memory-mapped when large and its bytes are needed).
    public init(path: String) throws(RivError) {
        try self.init(path: path, mappingThreshold: ByteStorage.mappingThreshold, windowCapacity: FileWindow.defaultCapacity)
    }

    /// Reads the file at `path`, through a window of `windowCapacity` bytes when it
    /// has at least `mappingThreshold` bytes (tests make both small).
    package init(path: String, mappingThreshold: Int, windowCapacity: Int) throws(RivError) {
        do {
            let storage = try ByteStorage.open(path: path, mappingThreshold: mappingThreshold)
            try self.init(storage: storage, reader: storage.makeReader(windowCapacity: windowCapacity), path: path)
        } catch {
            var named = error
            named.path = path
            throw named
        }
    }

    /// Reads a file from bytes in memory (they are copied once).
    public init<Bytes: Collection>(bytes: Bytes) throws(RivError) where Bytes.Element == UInt8 {
        let storage = ByteStorage(copying: bytes)
        try self.init(storage: storage, reader: storage.makeReader(), path: nil)
    }

    private init(storage: ByteStorage, reader: ByteReader, path: String?) throws(RivError) {
        var reader = reader
        let header = try RivHeader(reading: &reader)
        let scan = try AssetScanner.scan(reader: reader, storage: storage, header: header)
        self.path = path
        self.header = header
        self.assets = scan.assets
        self.problems = scan.problems
        self.objectCount = scan.objectCount
        self.artboardNames = scan.artboardNames
        self.referencerRecords = scan.referencers
        self.storage = storage
    }

    /// The size of the file in bytes.
    public var byteCount: Int { storage.count }

    /// The first asset whose unique name is `uniqueName` (`logo-12`), if any.
    public func asset(named uniqueName: String) -> FileAsset? {
        assets.first { $0.uniqueName == uniqueName }
    }

    /// True when the file was modified in place since it was read (its size, or its
    /// modification or status-change time while it kept its names, differs), or
    /// could not be read back: what was read may no longer describe it, and
    /// rewrites and extraction refuse it. Asking maps nothing.
    public var hasChangedOnDisk: Bool { storage.sourceChanged }

    /// A copy of the file's bytes in `range`.
    public func bytes(in range: Range<Int>) -> Data {
        storage.data(in: range.clamped(to: 0..<storage.count))
    }

    /// Lends the whole file's bytes without copying them.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(storage.bytes)
    }

    /// Every object of the object stream in file order, with its properties.
    /// The file was checked when it was read, so the walk cannot fail.
    public var objects: RivObjectSequence { RivObjectSequence(storage: storage, header: header) }
}

/// The objects of a ``RivFile`` in file order; see ``RivFile/objects``.
public struct RivObjectSequence: Sequence, Sendable {
    let storage: ByteStorage
    let header: RivHeader

    /// Walks the objects one at a time.
    public struct Iterator: IteratorProtocol {
        let storage: ByteStorage
        var stream: ObjectStreamReader

        /// The next object, or nil after the last.
        public mutating func next() -> RivObject? {
            guard let (typeKey, offset) = try? stream.beginObject(),
                  let properties = try? stream.readProperties() else { return nil }
            return RivObject(typeKey: typeKey, range: offset..<stream.offset, properties: properties)
        }
    }

    /// Starts a walk at the first object.
    public func makeIterator() -> Iterator {
        Iterator(storage: storage, stream: ObjectStreamReader(bytes: storage.bytes, header: header))
    }
}
