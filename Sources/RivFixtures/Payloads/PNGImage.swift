import RivPNG

/// A small, valid truecolor PNG written from scratch: the signature, an IHDR
/// chunk, one IDAT chunk holding a zlib stream of stored (uncompressed) deflate
/// blocks, and IEND. Every chunk ends with its CRC-32 and the zlib stream with
/// its Adler-32, both from RivPNG (the package's one implementation of each).
enum PNGImage {

    /// An 8-bit RGB image whose red rises left to right and green top to bottom.
    static func gradient(width: Int, height: Int) -> [UInt8] {
        var scanlines: [UInt8] = []
        for y in 0..<height {
            scanlines.append(0)  // filter type None
            for x in 0..<width {
                scanlines.append(UInt8(x * 255 / max(width - 1, 1)))
                scanlines.append(UInt8(y * 255 / max(height - 1, 1)))
                scanlines.append(0x80)
            }
        }
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // bit depth 8, colour type RGB, deflate, adaptive filtering, no interlace
        return Payload.pngSignature + chunk("IHDR", header) + chunk("IDAT", zlibStored(scanlines)) + chunk("IEND", [])
    }

    /// An 8-bit grey image whose first row rises left to right and whose other
    /// rows repeat it (filter Up), compressed to under a hundredth of its
    /// decoded size: a large image in a small file, for memory benchmarks.
    static func flatGrey(width: Int, height: Int) -> [UInt8] {
        var scanlines = [UInt8](repeating: 0, count: (width + 1) * height)
        for x in 0..<width { scanlines[1 + x] = UInt8(truncatingIfNeeded: x) }
        for y in 1..<max(height, 1) { scanlines[y * (width + 1)] = 2 }          // filter Up: each byte as above
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 0, 0, 0, 0]  // bit depth 8, colour type grey, deflate, adaptive filtering, no interlace
        return Payload.pngSignature + chunk("IHDR", header) + chunk("IDAT", RunLengthDeflate.zlib(scanlines)) + chunk("IEND", [])
    }

    /// A chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var typeAndData: [UInt8] = []
        typeAndData.appendASCII(type)
        typeAndData += data
        var bytes: [UInt8] = []
        bytes.appendBigEndian(UInt32(data.count))
        bytes += typeAndData
        bytes.appendBigEndian(CRC32.checksum(typeAndData))
        return bytes
    }

    /// A zlib stream (RFC 1950) whose deflate data (RFC 1951) is stored blocks of at most 65535 bytes.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window, no dictionary; 0x7801 is a multiple of 31
        var start = 0
        repeat {
            let end = min(start + 0xFFFF, data.count)
            bytes.append(end == data.count ? 1 : 0)  // BFINAL on the last block, BTYPE 00 (stored)
            bytes.appendLittleEndian(UInt16(end - start))
            bytes.appendLittleEndian(~UInt16(end - start))
            bytes += data[start..<end]
            start = end
        } while start < data.count
        bytes.appendBigEndian(Adler32.checksum(data))
        return bytes
    }
}
