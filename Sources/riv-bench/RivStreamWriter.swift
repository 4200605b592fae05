import RivFixtures
import RivFormat

/// Writes a `.riv` file to disk as it is built, so that generating a file of any
/// size takes memory for one batch of objects or one payload chunk only.
///
/// Every byte of structure comes from the test builder, `RivFileBuilder` (on the
/// library's `RivEncoder`): the header from a builder with no objects, each batch of
/// objects from a fresh builder with the header cut off. A contents record's payload
/// is the one thing written directly: its prefix (type key, bytes key, length) is
/// encoded by the builder as an object
/// whose bytes property is written as a varuint of the payload's length, which is
/// exactly how a length prefix is encoded; the payload and the terminating 0 follow.
struct RivStreamWriter {
    let path: String
    private let descriptor: Int32
    private let fileID: UInt64
    private let tableOfContents: [RivHeader.TableOfContentsEntry]
    private let headerCount: Int

    /// An object to encode: a type key and its properties in order.
    typealias Object = (typeKey: UInt16, properties: [(key: UInt16, value: PropertyValue)])

    init(path: String, fileID: UInt64, tableOfContents: [RivHeader.TableOfContentsEntry]) throws(BenchError) {
        self.path = path
        self.fileID = fileID
        self.tableOfContents = tableOfContents
        let header = RivFileBuilder(fileID: fileID, tableOfContents: tableOfContents).bytes
        headerCount = header.count
        descriptor = try Platform.create(path)
        try write(header)
    }

    /// Appends objects, encoded by `RivFileBuilder`.
    func append(_ objects: [Object]) throws(BenchError) {
        var file = RivFileBuilder(fileID: fileID, tableOfContents: tableOfContents)
        for object in objects { file.appendObject(typeKey: object.typeKey, properties: object.properties) }
        try write(file.bytes[headerCount...])
    }

    /// Appends a contents record (FileAssetContents) whose bytes are `count` bytes of
    /// `pattern` starting with `magic`, streamed chunk by chunk.
    func appendContents(count: Int, magic: [UInt8], pattern: PayloadPattern) throws(BenchError) {
        var file = RivFileBuilder(fileID: fileID, tableOfContents: tableOfContents)
        file.appendObject(typeKey: Schema.TypeKey.fileAssetContents, properties: [(Schema.PropertyKey.fileAssetContentsBytes, .uint(UInt64(count)))])
        let bytes = file.bytes
        let prefix = bytes[headerCount..<(bytes.count - 1)]  // without the object's terminating 0
        try write(prefix)
        try pattern.forEachChunk(count: count, magic: magic) { (chunk) throws(BenchError) in try write(chunk) }
        try write([0])
    }

    /// Closes the file.
    func close() throws(BenchError) {
        try Platform.closeFile(descriptor, path: path)
    }

    private func write<Bytes: Collection>(_ bytes: Bytes) throws(BenchError) where Bytes.Element == UInt8 {
        let result = Array(bytes).withUnsafeBytes { buffer in
            Result { () throws(BenchError) in try Platform.writeAll(buffer, to: descriptor, path: path) }
        }
        try result.get()
    }

    private func write(_ chunk: UnsafeRawBufferPointer) throws(BenchError) {
        try Platform.writeAll(chunk, to: descriptor, path: path)
    }
}
