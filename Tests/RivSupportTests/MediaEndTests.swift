import Testing
import RivSupport

/// Where a PNG and a JPEG say they end, walked from their structure: bytes after
/// the end are allowed, an end inside a chunk or a segment does not count, and
/// hostile lengths end the walk without overflow.
@Suite("Media ends")
struct MediaEndTests {
    /// A chunk with a zero CRC (the walk does not check CRCs).
    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        [0, 0, UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    private var png: [UInt8] {
        PNGChunkWalk.signature + chunk("IHDR", [UInt8](repeating: 1, count: 13))
            + chunk("IDAT", [UInt8](repeating: 0x49, count: 40)) + chunk("IEND", [])
    }

    @Test("a PNG ends after its IEND chunk, whatever follows; cut inside a chunk or before IEND it has not ended")
    func pngEnd() {
        let whole = png
        #expect(PNGChunkWalk.endOfImage(in: whole) == whole.count)
        #expect(PNGChunkWalk.endOfImage(in: whole + [UInt8](repeating: 0, count: 8)) == whole.count)
        #expect(PNGChunkWalk.endOfImage(in: whole[...]) == whole.count)
        for cut in [0, 7, 8, 20, 40, whole.count - 12, whole.count - 1] {
            #expect(PNGChunkWalk.endOfImage(in: whole.prefix(cut)) == nil, "cut at \(cut)")
        }
        // "IEND" inside an IDAT's data is not the end.
        let inside = PNGChunkWalk.signature + chunk("IDAT", chunk("IEND", []) + [1, 2, 3])
        #expect(PNGChunkWalk.endOfImage(in: inside + [0, 0]) == nil)
        // A slice that does not start at index 0 is walked from its own start.
        let shifted = [UInt8](repeating: 7, count: 5) + whole
        #expect(PNGChunkWalk.endOfImage(in: shifted[5...]) == whole.count)
    }

    @Test("a chunk length of 0xFFFFFFFF, or one past the bytes, ends the walk with no end")
    func pngHostileLengths() {
        let hostile = PNGChunkWalk.signature + [0xFF, 0xFF, 0xFF, 0xFF] + Array("IDAT".utf8) + [UInt8](repeating: 0, count: 64)
        #expect(PNGChunkWalk.endOfImage(in: hostile) == nil)
        let atLimit = PNGChunkWalk.signature + [0x7F, 0xFF, 0xFF, 0xFF] + Array("IEND".utf8) + [0, 0, 0, 0]
        #expect(PNGChunkWalk.endOfImage(in: atLimit) == nil)
        #expect(PNGChunkWalk.endOfImage(in: [UInt8](repeating: 0x89, count: 100)) == nil)
    }

    /// SOI, an APP1 whose data holds a thumbnail's own FF D8 ... FF D9, a frame,
    /// a scan header, scan data with a stuffed FF and a restart marker, then EOI.
    private var jpeg: [UInt8] {
        let app1: [UInt8] = [0xFF, 0xE1, 0x00, 0x0C] + Array("Exif".utf8) + [0, 0, 0xFF, 0xD8, 0xFF, 0xD9]
        let frame: [UInt8] = [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        let data: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0x78]
        return [0xFF, 0xD8] + app1 + frame + scan + data + [0xFF, 0xD9]
    }

    @Test("a JPEG ends at FF D9 after its scan data, whatever follows; FF D9 inside an APP1 or cut scan data is no end")
    func jpegEnd() {
        let whole = jpeg
        #expect(JPEGEndOfImage.offset(in: whole) == whole.count)
        let video = [UInt8](repeating: 0, count: 4) + Array("ftypmp42".utf8) + [0xFF, 0xD9, 0xFF, 0xD8]
        #expect(JPEGEndOfImage.offset(in: whole + video) == whole.count, "a motion photo's video after the image")
        for cut in [0, 1, 2, 10, 17, 20, whole.count - 4, whole.count - 1] {
            #expect(JPEGEndOfImage.offset(in: whole.prefix(cut)) == nil, "cut at \(cut)")
        }
        // The APP1's thumbnail ends at offset 16: cut just after it, the image has not ended.
        #expect(Array(whole[14..<16]) == [0xFF, 0xD9])
        #expect(JPEGEndOfImage.offset(in: whole.prefix(16)) == nil)
    }

    @Test("segment lengths under 2 or past the bytes end the walk with no end")
    func jpegHostileLengths() {
        #expect(JPEGEndOfImage.offset(in: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00, 0xFF, 0xD9]) == nil)
        #expect(JPEGEndOfImage.offset(in: [0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF] + [UInt8](repeating: 0xD9, count: 64)) == nil)
        #expect(JPEGEndOfImage.offset(in: [0xFF, 0xD9]) == nil)
    }
}
