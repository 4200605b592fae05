/// The header of a `.riv` file: format version, file id and the property table of contents.
public struct RivHeader: Sendable, Equatable {
    /// The format's major version; this reader accepts 7.
    public let majorVersion: UInt64
    /// The format's minor version.
    public let minorVersion: UInt64
    /// The id the Rive editor gave the file.
    public let fileID: UInt64
    /// The table of contents: the property keys the file declares, in file order, with their field types.
    public let tableOfContents: [TableOfContentsEntry]
    /// The offset of the first object, just past the header.
    public let objectsOffset: Int

    /// One entry of the table of contents.
    public struct TableOfContentsEntry: Sendable, Equatable {
        /// The property key.
        public let key: UInt16
        /// The field type the file declares for it.
        public let fieldType: FieldType

        /// An entry declaring `key` with `fieldType`.
        public init(key: UInt16, fieldType: FieldType) {
            self.key = key
            self.fieldType = fieldType
        }
    }

    /// The major version this reader understands.
    public static let supportedMajorVersion: UInt64 = 7

    /// The four fingerprint bytes every `.riv` file starts with: `RIVE`.
    static let fingerprint: [UInt8] = Array("RIVE".utf8)

    /// Parses the header from the start of the input of `reader`, recognising the
    /// common wrong files first, and leaves the reader at the first object.
    init(reading reader: inout ByteReader) throws(RivError) {
        guard reader.count > 0 else { throw RivError(.emptyFile, offset: 0, reading: "the header") }
        let foreign: RivError.Reason?
        do throws(ReadFailure) {
            foreign = try reader.withBytes(in: 0..<min(reader.count, 1024)) { start -> RivError.Reason? in
                if start.count < 4, Self.fingerprint.starts(with: start) { return .truncated }
                guard start.count >= 4, start.prefix(4).elementsEqual(Self.fingerprint) else { return Self.recogniseForeignFile(start) }
                return nil
            }
        } catch {
            throw RivError(error.reason, offset: error.offset, reading: "the fingerprint")
        }
        if let foreign { throw RivError(foreign, offset: 0, reading: "the fingerprint") }
        reader.offset = 4
        do throws(ReadFailure) {
            majorVersion = try reader.readVarUInt()
            guard majorVersion == Self.supportedMajorVersion else {
                throw ReadFailure(.unsupportedMajorVersion(majorVersion), at: 4)
            }
            minorVersion = try reader.readVarUInt()
            fileID = try reader.readVarUInt()
        } catch {
            throw RivError(error.reason, offset: error.offset, reading: "the version numbers of the header")
        }
        var keys: [UInt16] = []
        do throws(ReadFailure) {
            while true {
                let key = try reader.readKey()
                if key == 0 { break }
                keys.append(key)
            }
        } catch {
            throw RivError(error.reason, offset: error.offset, reading: "the property keys of the table of contents")
        }
        var entries: [TableOfContentsEntry] = []
        entries.reserveCapacity(keys.count)
        do throws(ReadFailure) {
            var packed: UInt32 = 0
            for (index, key) in keys.enumerated() {
                if index % 4 == 0 { packed = try reader.readUInt32() }
                let code = UInt8(truncatingIfNeeded: packed >> (UInt32(index % 4) * 2)) & 3
                entries.append(TableOfContentsEntry(key: key, fieldType: FieldType(rawValue: code)!))
            }
        } catch {
            throw RivError(error.reason, offset: error.offset, reading: "the field types of the table of contents")
        }
        tableOfContents = entries
        objectsOffset = reader.offset
    }

    /// Names what a file without the fingerprint most likely is.
    private static func recogniseForeignFile(_ bytes: UnsafeRawBufferPointer) -> RivError.Reason {
        if bytes.starts(with: Array("version https://git-lfs".utf8)) { return .gitLFSPointer }
        let firstVisible = bytes.prefix(1024).first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }
        if firstVisible == UInt8(ascii: "{") || firstVisible == UInt8(ascii: "[") { return .jsonDocument }
        return .notARiveFile
    }
}
