import Foundation
import Testing
@testable import RivFormat
import RivTestSupport

@Suite("Format rules")
struct FormatRulesTests {
    @Test("CDN uuid bytes print in Rive's order")
    func uuidOrder() {
        let bytes: [UInt8] = Array(0...15)
        #expect(CDNInfo.uuidString(fromStoredBytes: bytes) == "03020100-0504-0706-0908-0f0e0d0c0b0a")
        #expect(CDNInfo.uuidString(fromStoredBytes: bytes.prefix(15)) == nil)
        #expect(CDNInfo(baseURL: "https://cdn.example", uuid: "x").url == "https://cdn.example/x")
    }

    @Test("content formats are recognised from their magic numbers")
    func sniffing() {
        let cases: [([UInt8], ContentFormat)] = [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], .png),
            ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .webp),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8), .wav),
            (Array("GIF89a".utf8), .gif),
            ([0x00, 0x01, 0x00, 0x00, 0x00, 0x0A], .ttf),
            (Array("OTTO".utf8), .otf),
            (Array("wOF2".utf8), .woff2),
            (Array("wOFF".utf8), .woff),
            (Array("fLaC".utf8), .flac),
            (Array("OggS".utf8), .ogg),
            (Array("ID3\u{4}".utf8), .mp3),
            ([0xFF, 0xFB, 0x90, 0x64], .mp3),
            (Array("RIVE".utf8), .riv),
            ([0x00, 0x61, 0x73, 0x6D], .wasm),
            (Array("print('hi')".utf8), .unknown),
            ([], .unknown),
        ]
        for (bytes, format) in cases {
            #expect(ContentFormat(sniffing: bytes) == format, "\(bytes)")
        }
        #expect(ContentFormat.jpeg.fileExtension == "jpg")
        #expect(ContentFormat.unknown.fileExtension == "bin")
    }

    @Test("varuints decode up to 64 bits and no further")
    func varUInts() throws {
        func decode(_ bytes: [UInt8]) -> Result<UInt64, ReadFailure> {
            bytes.withUnsafeBytes { buffer in
                var reader = ByteReader(buffer)
                return Result { () throws(ReadFailure) in try reader.readVarUInt() }
            }
        }
        #expect(try decode([0x00]).get() == 0)
        #expect(try decode([0xE5, 0x8E, 0x26]).get() == 624_485)
        #expect(try decode([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]).get() == .max)
        #expect(throws: ReadFailure.self) { try decode([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02]).get() }
        #expect(throws: ReadFailure.self) { try decode(Array(repeating: 0x80, count: 11) + [0]).get() }
        #expect(throws: ReadFailure.self) { try decode([0x80]).get() }
    }

    @Test("the encoder's varuints and ToC packing read back")
    func encoderRoundTrip() throws {
        let toc = (1...9).map { RivHeader.TableOfContentsEntry(key: UInt16(4000 + $0), fieldType: FieldType(rawValue: UInt8($0 % 4))!) }
        var encoder = RivFileBuilder(minorVersion: 3, fileID: 1 << 40, tableOfContents: toc)
        encoder.appendObject(typeKey: 23, properties: [])
        encoder.appendObject(typeKey: 9999, properties: [(4001, .bytes([1, 2])), (4002, .float32(1.5)), (4003, .color(7)), (4004, .uint(300))])
        let file = try RivFile(bytes: encoder.bytes)
        #expect(file.header.minorVersion == 3)
        #expect(file.header.fileID == 1 << 40)
        #expect(file.header.tableOfContents == toc)
        #expect(file.objectCount == 2)
        let objects = Array(file.objects)
        #expect(objects.map(\.typeKey) == [23, 9999])
        #expect(objects[1].properties.map(\.fieldType) == [.bytes, .float32, .color, .varUInt])
        #expect(file.withUnsafeBytes { $0.varUIntValue(in: objects[1].property(4004)!.valueRange) } == 300)
    }

    @Test("uniqueName drops only the final extension")
    func uniqueNames() throws {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        for (name, id) in [("walle.jpg", 370), ("logo.final.v2.png", 4), ("plain", 9), ("", 0), (".hidden", 11)] {
            encoder.appendObject(typeKey: 105, properties: [(203, .string(name)), (204, .uint(UInt64(id)))])
        }
        let names = try RivFile(bytes: encoder.bytes).assets.map(\.uniqueName)
        #expect(names == ["walle-370", "logo.final.v2-4", "plain-9", "-0", "-11"])
    }
}
