import Foundation
import RivAssetsKit
import RivFormat

/// The checks of one fuzz input; see FuzzTarget.swift for the invariants.
struct InputCheck {
    let input: UnsafeRawBufferPointer

    /// Bytes written into assets by the embed checks.
    static let payload = Data("fuzz-payload".utf8)

    /// Invariant 9: the prediction of Rive's runtime ends on any input, within the
    /// memory bound, and every issue it reports lies inside the input.
    func checkRuntimePrediction() {
        let baseline = MemoryMeter.startInput()
        let prediction = RuntimePrediction(bytes: input)
        MemoryMeter.checkGrowth(since: baseline, inputSize: input.count, "predicting the runtime")
        for issue in [prediction.refusal, prediction.crash, prediction.danglingParent].compactMap({ $0 }) {
            require(issue.offset >= 0 && issue.offset <= input.count, "runtime issue outside the \(input.count)-byte input: \(issue)")
        }
        require(prediction.firstOutOfStepOffset.map { $0 < input.count } ?? (prediction.outOfStepCount == 0),
                "out-of-step offset outside the input: \(prediction)")
    }

    func run() {
        checkRuntimePrediction()
        ResponseParserCheck.check(input)
        let file: RivFile
        let baseline = MemoryMeter.startInput()
        do throws(RivError) {
            file = try RivFile(bytes: input)
            MemoryMeter.checkGrowth(since: baseline, inputSize: input.count, "reading")
        } catch {
            MemoryMeter.checkGrowth(since: baseline, inputSize: input.count, "reading")
            require(error.offset >= 0 && error.offset <= input.count, "error offset \(error.offset) outside the \(input.count)-byte input: \(error)")
            require(!error.reading.isEmpty && !error.message.isEmpty, "error without context: \(error)")
            WindowedCheck.check(input, against: .failure(error))
            ShrinkEngineCheck.check(input, file: nil)
            ImageDecoderCheck.check(input, file: nil)
            return
        }
        WindowedCheck.check(input, against: .success(file))
        checkStructure(file)
        OutputNameCheck.check(file)
        CodegenNameCheck.check(file, input: input)
        CacheKeyCheck.check(file, input: input)
        ShrinkEngineCheck.check(input, file: file)
        ImageDecoderCheck.check(input, file: file)
        RenderCheck.check(file)
        let listingBaseline = MemoryMeter.startInput()
        checkListing(file)
        // A listing is output: its strings grow with the number of assets, not with the bytes.
        MemoryMeter.checkGrowth(since: listingBaseline, inputSize: input.count, "listing",
                                allowance: listingBytesPerAsset * file.assets.count)
        require(RivEditor(file).makeBytes().elementsEqual(input), "writing back unchanged changed the bytes")
        require(RivEditor(file).outputByteCount == input.count, "the unchanged output size differs from the input size")
        for index in pick(file.assets.indices.filter { file.assets[$0].location == .embedded }) {
            let editingBaseline = MemoryMeter.startInput()
            checkStripThenEmbed(file, assetIndex: index)
            // The check holds the stripped file while it reads the result back: two reads.
            MemoryMeter.checkGrowth(since: editingBaseline, inputSize: input.count, "strip then embed",
                                    allowance: memoryFactor * input.count)
        }
        let chosen = pick(Array(file.assets.indices))
        for index in chosen {
            let editingBaseline = MemoryMeter.startInput()
            checkEmbed(file, into: [index])
            MemoryMeter.checkGrowth(since: editingBaseline, inputSize: input.count, "embedding")
        }
        if chosen.count > 1 { checkEmbed(file, into: chosen) }
    }

    /// At most `editedAssetLimit` of `indices`, spread over them (first and last included).
    private func pick(_ indices: [Int]) -> [Int] {
        guard indices.count > editedAssetLimit else { return indices }
        return (0..<editedAssetLimit).map { indices[$0 * (indices.count - 1) / (editedAssetLimit - 1)] }
    }

    // MARK: - Reading

    private func checkStructure(_ file: RivFile) {
        let header = file.header
        require(header.majorVersion == RivHeader.supportedMajorVersion, "accepted major version \(header.majorVersion)")
        require(header.objectsOffset >= 4 && header.objectsOffset <= input.count, "objects offset \(header.objectsOffset) out of bounds")
        var objectRanges: [Range<Int>: UInt16] = [:]
        var cursor = header.objectsOffset
        var count = 0
        for object in file.objects {
            require(object.range.lowerBound == cursor, "object at \(object.range.lowerBound) does not start where the previous ended (\(cursor))")
            require(object.range.upperBound <= input.count && object.range.count >= 2, "object range \(object.range) malformed")
            var propertyCursor = object.range.lowerBound
            for property in object.properties {
                require(property.offset > propertyCursor && property.valueRange.lowerBound > property.offset
                        && property.valueRange.upperBound < object.range.upperBound,
                        "property \(property.key) at \(property.offset) escapes object \(object.range)")
                propertyCursor = property.valueRange.upperBound - 1
            }
            if AssetType.isFileAsset(typeKey: object.typeKey) || object.typeKey == Schema.TypeKey.fileAssetContents {
                objectRanges[object.range] = object.typeKey
            }
            cursor = object.range.upperBound
            count += 1
        }
        require(cursor == input.count, "the object walk stopped at \(cursor) of \(input.count)")
        require(count == file.objectCount, "the walk saw \(count) objects, reading counted \(file.objectCount)")

        var nextAssetStart: [Int: Int] = [:]
        for (asset, following) in zip(file.assets, file.assets.dropFirst()) {
            require(asset.recordRange.upperBound <= following.recordRange.lowerBound, "assets out of file order")
            nextAssetStart[asset.recordRange.lowerBound] = following.recordRange.lowerBound
        }
        for asset in file.assets {
            require(objectRanges[asset.recordRange] == asset.type.typeKey, "asset record \(asset.recordRange) is not an asset object")
            let ranges = asset.byteRanges
            require(ranges.contentsRecordRanges.count == asset.contentsRecordCount, "contents record count disagrees with its byte ranges")
            var next = asset.recordRange.upperBound
            for record in ranges.contentsRecordRanges {
                require(record.lowerBound >= next, "contents record \(record) is not after the asset and the records before it")
                require(objectRanges[record] == Schema.TypeKey.fileAssetContents, "contents record \(record) is not a contents object")
                next = record.upperBound
            }
            if let following = nextAssetStart[asset.recordRange.lowerBound] {
                require(next <= following, "a contents record of the asset at \(asset.recordRange) lies after the next asset")
            }
            require(asset.contentsRecordRange == ranges.contentsRecordRanges.last, "contentsRecordRange is not the last contents record")
            let last = ranges.contentsRecordRanges.last
            for (name, range) in [("embedded", asset.embeddedRange), ("signature", asset.signatureRange),
                                  ("bytes property", ranges.bytesPropertyRange), ("signature property", ranges.signaturePropertyRange)] {
                guard let range else { continue }
                require(last.map { $0.contains(range.lowerBound) && range.upperBound < $0.upperBound } ?? false,
                        "\(name) range \(range) is outside the last contents record")
            }
            require((asset.embeddedRange == nil) == (ranges.bytesPropertyRange == nil), "embedded range and bytes property disagree")
            for range in ranges.cdnPropertyRanges {
                require(range.lowerBound > asset.recordRange.lowerBound && range.upperBound < asset.recordRange.upperBound,
                        "CDN property \(range) is outside the asset record")
            }
            for problem in asset.problems {
                require(problem.offset >= 0 && problem.offset < input.count, "problem offset \(problem.offset) out of bounds")
            }
        }
        for problem in file.problems {
            require(problem.offset >= 0 && problem.offset < input.count, "problem offset \(problem.offset) out of bounds")
        }
    }

    private func checkListing(_ file: RivFile) {
        let listing = FileListing(input: "fuzz.riv", file: file)
        require(listing.assets.count == file.assets.count, "listing lost assets")
        for asset in file.assets {
            let copy = asset.embeddedBytes
            require(copy?.count ?? 0 == asset.embeddedByteCount, "embeddedBytes has the wrong size")
            let lent = asset.withEmbeddedBytes { Data($0) }
            require(lent == (copy ?? Data()), "withEmbeddedBytes and embeddedBytes disagree")
            if let range = asset.embeddedRange {
                require(copy!.elementsEqual(input[range]), "embeddedBytes are not the bytes of the embedded range")
            }
            require(asset.signatureByteCount == (asset.signatureRange?.count ?? 0), "signature size disagrees")
            _ = asset.uniqueFilename
        }
    }

    // MARK: - Editing

    /// The writer's encoding of a contents record, written out here independently.
    private func canonicalContentsRecord(bytes: Data, signature: Data?) -> [UInt8] {
        var out: [UInt8] = []
        appendVarUInt(UInt64(Schema.TypeKey.fileAssetContents), to: &out)
        func property(_ key: UInt64, _ value: Data) {
            appendVarUInt(key, to: &out)
            appendVarUInt(UInt64(value.count), to: &out)
            out += value
        }
        property(UInt64(Schema.PropertyKey.fileAssetContentsBytes), bytes)
        if let signature { property(UInt64(Schema.PropertyKey.fileAssetContentsSignature), signature) }
        return out + [0]
    }

    private func appendVarUInt(_ value: UInt64, to out: inout [UInt8]) {
        var value = value
        repeat {
            let low = UInt8(value & 0x7F)
            value >>= 7
            out.append(value == 0 ? low : low | 0x80)
        } while value != 0
    }

    /// The input with each range replaced by its bytes (ranges disjoint).
    private func patched(_ patches: [(Range<Int>, [UInt8])], from start: Int) -> [UInt8] {
        var out: [UInt8] = []
        var cursor = start
        for (range, bytes) in patches.sorted(by: { ($0.0.lowerBound, $0.0.isEmpty ? 0 : 1) < ($1.0.lowerBound, $1.0.isEmpty ? 0 : 1) }) {
            out += input[cursor..<range.lowerBound]
            out += bytes
            cursor = range.upperBound
        }
        return out + input[cursor...]
    }

    private func read(_ bytes: Data, _ what: String) -> RivFile {
        do throws(RivError) {
            return try RivFile(bytes: bytes)
        } catch {
            fatalError("invariant violated: \(what) does not read back: \(error)")
        }
    }

    private func checkStripThenEmbed(_ file: RivFile, assetIndex index: Int) {
        let asset = file.assets[index]
        let ranges = asset.byteRanges
        var stripper = RivEditor(file)
        do throws(RivEditError) {
            try stripper.strip(asset, skipChecks: true)
        } catch {
            fatalError("invariant violated: strip of embedded asset \(index) refused: \(error)")
        }
        let strippedBytes = stripper.makeBytes()
        require(strippedBytes.count == stripper.outputByteCount, "outputByteCount disagrees with makeBytes after strip")
        let expectedStripped = patched(ranges.contentsRecordRanges.map { ($0, []) }, from: 0)
        require(strippedBytes.elementsEqual(expectedStripped), "strip did not remove exactly the contents records of asset \(index)")
        let stripped = read(strippedBytes, "the stripped file")
        require(stripped.assets.count == file.assets.count, "stripping changed the number of assets")
        let strippedAsset = stripped.assets[index]
        require(strippedAsset.recordRange == asset.recordRange && strippedAsset.contentsRecordCount == 0
                && strippedAsset.location != .embedded, "asset \(index) is still embedded after strip")

        let bytes = asset.embeddedBytes!
        let signature = asset.signatureRange.map { Data(input[$0]) }
        var embedder = RivEditor(stripped)
        do throws(RivEditError) {
            try embedder.embed(bytes, in: strippedAsset, signature: signature, skipChecks: true)
        } catch {
            // The asset was embedded, so 212 reads as bytes; 911 may not (a signature under
            // another type is not read as one, and `signature` is then nil).
            fatalError("invariant violated: embed into stripped asset \(index) refused: \(error)")
        }
        let restored = embedder.makeBytes()
        require(restored.count == embedder.outputByteCount, "outputByteCount disagrees with makeBytes after embed")
        let reread = read(restored, "the file after strip then embed")
        let header = file.header
        var patches = ranges.contentsRecordRanges.map { ($0, [UInt8]()) }
        patches.append((asset.recordRange.upperBound..<asset.recordRange.upperBound, canonicalContentsRecord(bytes: bytes, signature: signature)))
        if asset.cdn != nil { patches += ranges.cdnPropertyRanges.map { ($0, []) } }
        let expectedObjects = patched(patches, from: header.objectsOffset)
        let declared = Set(header.tableOfContents.map(\.key))
        let written = [Schema.PropertyKey.fileAssetContentsBytes] + (signature == nil ? [] : [Schema.PropertyKey.fileAssetContentsSignature])
        let missing = Set(written).subtracting(declared).sorted()
        if missing.isEmpty {
            require(restored.prefix(header.objectsOffset).elementsEqual(input[..<header.objectsOffset]),
                    "strip then embed changed a header that already declared the keys it writes")
        } else {
            require(reread.header.tableOfContents == header.tableOfContents + missing.map { .init(key: $0, fieldType: .bytes) }
                    && reread.header.majorVersion == header.majorVersion && reread.header.minorVersion == header.minorVersion
                    && reread.header.fileID == header.fileID, "embedding did not add exactly \(missing) as bytes to the table of contents")
        }
        require(restored[reread.header.objectsOffset...].elementsEqual(expectedObjects),
                "strip then embed of asset \(index) is not the original with its contents as one canonical record after it")
        let restoredAsset = reread.assets[index]
        require(restoredAsset.embeddedBytes == bytes, "asset \(index) lost its bytes in strip then embed")
        require(restoredAsset.signatureRange.map { reread.bytes(in: $0) } == signature, "asset \(index) lost its signature")
    }

    private func checkEmbed(_ file: RivFile, into indices: [Int]) {
        var editor = RivEditor(file)
        for index in indices {
            do throws(RivEditError) {
                try editor.embed(Self.payload, in: file.assets[index], skipChecks: true)
            } catch {
                fatalError("invariant violated: forced embed into asset \(index) refused: \(error)")
            }
        }
        let output = editor.makeBytes()
        require(output.count == editor.outputByteCount, "outputByteCount disagrees with makeBytes after embed")
        let reread = read(output, "the file after embedding into assets \(indices)")
        require(reread.assets.count == file.assets.count, "embedding into assets \(indices) changed the number of assets")
        for index in indices {
            let asset = reread.assets[index]
            require(asset.type == file.assets[index].type && asset.storedAssetID == file.assets[index].storedAssetID,
                    "embedding into assets \(indices) moved asset \(index)")
            require(asset.embeddedBytes == Self.payload,
                    "after embedding into assets \(indices), asset \(index) holds \(asset.embeddedByteCount) other bytes")
        }
    }
}
