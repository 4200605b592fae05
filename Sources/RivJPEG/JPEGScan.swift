import RivImage

/// The header of one scan and the decoding of its entropy-coded data into the frame's coefficients.
extension JPEGDecoding {
    /// What a scan codes: which components, which coefficients (Ss-Se) and which bits (Ah, Al).
    struct Scan {
        var components: [Int] = []
        var dcTables: [Int] = [], acTables: [Int] = []
        var start = 0, end = 63, high = 0, low = 0
    }

    /// Parses a scan header (SOS data at `offset`) and decodes the data after it.
    mutating func decodeScan(_ data: ArraySlice<UInt8>, offset: Int) throws(ImageDecodingError) {
        let d = data.startIndex
        let count = data.isEmpty ? 0 : Int(data[d])
        guard (1...4).contains(count), data.count == 4 + 2 * count else {
            throw ImageDecodingError(.jpeg, .malformed, offset: offset, "a scan header of \(data.count) bytes for \(count) components")
        }
        var scan = Scan()
        for k in 0..<count {
            let id = data[d + 1 + 2 * k], selectors = data[d + 2 + 2 * k]
            guard let c = frame.components.firstIndex(where: { $0.id == id }), !scan.components.contains(c),
                  selectors >> 4 < 4, selectors & 15 < 4 else {
                throw ImageDecodingError(.jpeg, .malformed, offset: offset + 1 + 2 * k, "scan component \(id) with tables \(selectors >> 4)/\(selectors & 15) is not a frame component or is repeated")
            }
            scan.components.append(c)
            scan.dcTables.append(Int(selectors >> 4))
            scan.acTables.append(Int(selectors & 15))
        }
        let s = d + 1 + 2 * count
        scan.start = Int(data[s]); scan.end = Int(data[s + 1])
        scan.high = Int(data[s + 2] >> 4); scan.low = Int(data[s + 2] & 15)
        let valid = frame.progressive
            ? scan.end <= 63 && scan.start <= scan.end && (scan.start == 0) == (scan.end == 0) && (scan.start == 0 || count == 1) && scan.low <= 13 && scan.high <= 13
            : scan.start == 0 && scan.end == 63 && scan.high == 0 && scan.low == 0
        let blocksInMCU = scan.components.reduce(0) { $0 + frame.components[$1].horizontal * frame.components[$1].vertical }
        guard valid, count == 1 || blocksInMCU <= 10 else {
            throw ImageDecodingError(.jpeg, .malformed, offset: offset + 2 * count + 1, "a scan of coefficients \(scan.start)-\(scan.end), bits \(scan.high)/\(scan.low), \(blocksInMCU) blocks an MCU")
        }
        for (k, c) in scan.components.enumerated() {
            let needsDC = scan.start == 0 && scan.high == 0, needsAC = scan.end > 0
            guard (!needsDC || dcTables[scan.dcTables[k]] != nil), (!needsAC || acTables[scan.acTables[k]] != nil) else {
                throw ImageDecodingError(.jpeg, .malformed, offset: offset, "component \(frame.components[c].id)'s scan names a Huffman table no DHT defined")
            }
            guard quantization[frame.components[c].quantizationTable] != nil else {
                throw ImageDecodingError(.jpeg, .malformed, offset: offset, "component \(frame.components[c].id) uses quantization table \(frame.components[c].quantizationTable), which no DQT defined")
            }
        }
        position = try decodeEntropyData(scan)
    }

    /// Decodes the scan's MCUs from `position`; returns the offset of the marker after them.
    private mutating func decodeEntropyData(_ scan: Scan) throws(ImageDecodingError) -> Int {
        var reader = JPEGBitReader(bytes, at: position)
        var predictions = [Int](repeating: 0, count: scan.components.count)
        var endOfBandRun = 0
        var restarts = 0
        // A scan of one component covers only the blocks inside its samples; an interleaved one, whole MCUs.
        let single = scan.components.count == 1 ? frame.components[scan.components[0]] : nil
        let across = single.map { ($0.width + 7) / 8 } ?? frame.mcusPerLine
        let down = single.map { ($0.height + 7) / 8 } ?? frame.mcuRows
        let dc = scan.dcTables.map { dcTables[$0] }, ac = scan.acTables.map { acTables[$0] }
        let progressive = frame.progressive
        // The coefficients move out of the frame while the scan writes them, and back after.
        var planes = scan.components.map { c in
            defer { frame.components[c].coefficients = [] }
            return frame.components[c].coefficients
        }
        defer { for (k, c) in scan.components.enumerated() { frame.components[c].coefficients = planes[k] } }
        var units = 0
        for row in 0..<down {
            for column in 0..<across {
                if restartInterval > 0, units > 0, units % restartInterval == 0 {
                    try reader.restart(expected: restarts & 7)
                    restarts += 1
                    for k in predictions.indices { predictions[k] = 0 }
                    endOfBandRun = 0
                }
                units += 1
                for (k, c) in scan.components.enumerated() {
                    let h = single == nil ? frame.components[c].horizontal : 1
                    let v = single == nil ? frame.components[c].vertical : 1
                    let perLine = frame.components[c].blocksPerLine
                    for y in 0..<v {
                        for x in 0..<h {
                            let block = ((row * v + y) * perLine + column * h + x) * 64
                            try planes[k].withUnsafeMutableBufferPointer { (coefficients) throws(ImageDecodingError) in
                                try Self.decodeBlock(scan, dc[k], ac[k], progressive, coefficients.baseAddress! + block,
                                                     &reader, &predictions[k], &endOfBandRun)
                            }
                        }
                    }
                }
            }
        }
        return reader.end()
    }

    /// Decodes one block's part of the scan into its 64 coefficients.
    private static func decodeBlock(_ scan: Scan, _ dcTable: JPEGHuffmanTable?, _ acTable: JPEGHuffmanTable?, _ progressive: Bool,
                                    _ coefficients: UnsafeMutablePointer<Int16>, _ reader: inout JPEGBitReader,
                                    _ prediction: inout Int, _ endOfBandRun: inout Int) throws(ImageDecodingError) {
        let zigzag = JPEGZigzag.natural
        let low = scan.low
        if scan.start == 0 {
            if scan.high == 0 {
                let size = Int(try dcTable!.decode(&reader))
                guard size <= 16 else { throw ImageDecodingError(.jpeg, .badData, offset: reader.offset, "a DC difference of \(size) bits") }
                prediction &+= try reader.signed(size)
                coefficients[0] = Int16(truncatingIfNeeded: prediction << low)
            } else if try reader.bits(1) == 1 {
                coefficients[0] |= Int16(truncatingIfNeeded: 1 << low)
            }
            guard scan.end > 0 else { return }
        }
        let table = acTable!
        var index = max(scan.start, 1)
        if scan.high == 0 || !progressive {
            // Sequential, or a progressive scan's first pass over these coefficients.
            if endOfBandRun > 0 {
                endOfBandRun -= 1
                return
            }
            while index <= scan.end {
                let symbol = Int(try table.decode(&reader))
                let run = symbol >> 4, size = symbol & 15
                if size == 0 {
                    if run == 15 { index += 16; continue }
                    if progressive { endOfBandRun = (1 << run) - 1 + (try reader.bits(run)) }
                    return
                }
                index += run
                guard index <= scan.end else {
                    throw ImageDecodingError(.jpeg, .badData, offset: reader.offset, "a coefficient past the end of the block's band (\(index) > \(scan.end))")
                }
                coefficients[zigzag[index]] = Int16(truncatingIfNeeded: try reader.signed(size) << low)
                index += 1
            }
            return
        }
        // A refinement pass: one more bit of each coefficient already non-zero, and new ones of magnitude 1.
        let plus = Int16(truncatingIfNeeded: 1 << low), minus = Int16(truncatingIfNeeded: -1 << low)
        if endOfBandRun == 0 {
            while index <= scan.end {
                let symbol = Int(try table.decode(&reader))
                var run = symbol >> 4
                let size = symbol & 15
                var value: Int16 = 0
                if size != 0 {
                    guard size == 1 else { throw ImageDecodingError(.jpeg, .badData, offset: reader.offset, "a refinement coefficient of \(size) bits") }
                    value = try reader.bits(1) == 1 ? plus : minus
                } else if run != 15 {
                    endOfBandRun = (1 << run) + (try reader.bits(run))
                    break
                }
                while index <= scan.end {
                    let at = zigzag[index]
                    if coefficients[at] != 0 {
                        if try reader.bits(1) == 1, coefficients[at] & plus == 0 {
                            coefficients[at] &+= coefficients[at] >= 0 ? plus : minus
                        }
                    } else {
                        if run == 0 { break }
                        run -= 1
                    }
                    index += 1
                }
                if value != 0 {
                    guard index <= scan.end else {
                        throw ImageDecodingError(.jpeg, .badData, offset: reader.offset, "a refined coefficient past the end of the block's band")
                    }
                    coefficients[zigzag[index]] = value
                }
                index += 1
            }
        }
        if endOfBandRun > 0 {
            while index <= scan.end {
                let at = zigzag[index]
                if coefficients[at] != 0, try reader.bits(1) == 1, coefficients[at] & plus == 0 {
                    coefficients[at] &+= coefficients[at] >= 0 ? plus : minus
                }
                index += 1
            }
            endOfBandRun -= 1
        }
    }
}
