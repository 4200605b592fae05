import Foundation
import RivFontSubset
import RivFormat
import RivPNG
import RivSupport

/// Invariant 13: `shrink`'s engines on hostile bytes. The input itself, and the
/// embedded bytes of up to `editedAssetLimit` fonts and images of the file (the
/// seeds' real fonts and PNGs, mutated), go to `TrueTypeSubsetter` (keeping the
/// characters of the input's first bytes read as text), `FontCharacterCoverage`
/// and `PNGOptimizer`. Each ends in a result or its typed error, whose offset lies
/// inside the bytes it read, within the memory bound of invariant 6; a PNG result
/// is never larger than its input and is itself a PNG the optimiser reads again,
/// an animated one (APNG) comes back as it was, and the optimisation goes through
/// the shared decode budget (`DecodeBudget.shared`) and gives back all it took;
/// a font subset is a font the subsetter and the coverage read again, and maps
/// no character that was not asked for.
enum ShrinkEngineCheck {
    static func check(_ input: UnsafeRawBufferPointer, file: RivFile?) {
        var candidates = [Array(input)]
        if let file {
            candidates += file.assets.filter { [.font, .image].contains($0.type) }.prefix(editedAssetLimit).compactMap { $0.embeddedBytes.map(Array.init) }
        }
        let wanted = Set(String(decoding: input.prefix(64), as: UTF8.self).unicodeScalars).union(["A", "a", " "])
        for bytes in candidates {
            let baseline = MemoryMeter.startInput()
            checkFont(bytes, keeping: wanted)
            checkPNG(bytes)
            MemoryMeter.checkGrowth(since: baseline, inputSize: bytes.count, "subsetting and optimising")
        }
    }

    private static func checkFont(_ bytes: [UInt8], keeping wanted: Set<Unicode.Scalar>) {
        do throws(FontSubsetError) {
            _ = try FontCharacterCoverage(font: bytes).mapped(wanted)
        } catch {
            require(error.offset >= 0 && error.offset <= bytes.count, "coverage error offset \(error.offset) outside \(bytes.count) bytes: \(error)")
        }
        let subset: FontSubset
        do throws(FontSubsetError) {
            subset = try TrueTypeSubsetter().subset(bytes, keeping: wanted)
        } catch {
            require(error.offset >= 0 && error.offset <= bytes.count, "subset error offset \(error.offset) outside \(bytes.count) bytes: \(error)")
            return
        }
        do throws(FontSubsetError) {
            let mapped = try FontCharacterCoverage(font: subset.bytes).mapped(probe.union(wanted))
            require(mapped.isSubset(of: wanted), "the subset maps characters that were not asked for")
            _ = try TrueTypeSubsetter().subset(subset.bytes, keeping: wanted)
        } catch {
            require(false, "the subset of a font the subsetter read cannot be read again: \(error)")
        }
    }

    /// Latin, Latin-1 and Latin Extended: the characters a subset must map only when asked.
    private static let probe = Set((0x20...0x24F).compactMap(Unicode.Scalar.init))

    private static func checkPNG(_ bytes: [UInt8]) {
        let optimized: PNGOptimization
        let budget = DecodeBudget.shared
        defer { require(budget.heldBytes == 0, "the decode budget still holds \(budget.heldBytes) bytes after optimising") }
        do throws(PNGError) {
            optimized = try PNGOptimizer.optimize(bytes)
        } catch {
            require(error.offset >= 0 && error.offset <= bytes.count, "PNG error offset \(error.offset) outside \(bytes.count) bytes: \(error)")
            return
        }
        require(optimized.bytes.count <= bytes.count, "PNG grew from \(bytes.count) to \(optimized.bytes.count) bytes")
        if let file = try? PNGFile(bytes: bytes), file.ancillaryChunks.contains(where: { PNGOptimizer.animationChunkTypes.contains($0.type) }) {
            require(optimized.outcome == .keptAnimation && optimized.bytes == bytes, "an animated PNG was rewritten")
        }
        do throws(PNGError) {
            _ = try PNGOptimizer.optimize(optimized.bytes)
        } catch {
            require(false, "the optimised PNG cannot be read again: \(error)")
        }
    }
}
