import Testing
@testable import RivPNG

/// The quick encoder fed a row at a time writes the file the whole image's quick encoding
/// writes, and checks the sizes the same way.
@Suite struct QuickRowEncodingTests {
    @Test("rows given one at a time make the very bytes of encodedQuickly(), and decode to those rows")
    func sameFile() throws {
        for (width, height) in [(1, 1), (13, 7), (300, 40)] {
            let image = PNGTestImages.synthetic(width: width, height: height, colorType: .rgba, bitDepth: 8, seed: width)
            var asked: [Int] = []
            let bytes = try PNGImage.encodedQuickly(rgba8Width: width, height: height) { y, row in
                asked.append(y)
                _ = row.update(fromContentsOf: image.rows[y * width * 4..<(y + 1) * width * 4])
            }
            #expect(asked == Array(0..<height), "each row asked for once, in order")
            #expect(bytes == image.encodedQuickly(), "\(width)x\(height)")
            #expect(try PNGImage(decoding: bytes).rows == image.rows)
        }
    }

    @Test("sizes out of range are refused before any row is asked for")
    func sizes() {
        var asked = 0
        #expect(throws: PNGError.self) { try PNGImage.encodedQuickly(rgba8Width: 0, height: 5) { _, _ in asked += 1 } }
        #expect(throws: PNGError.self) { try PNGImage.encodedQuickly(rgba8Width: 1 << 20, height: 1 << 20) { _, _ in asked += 1 } }
        #expect(asked == 0)
    }
}
