import Foundation
import RivFormat
import RivFontSubset
import RivSupport
import RivPNG

/// The per-file rule of ``AssetOperations/shrink(_:)``: which embedded assets
/// get smaller contents, and the notes for those that keep theirs.
struct AssetShrinker {
    /// Characters every font keeps besides its runs'.
    let keptCharacters: Set<Unicode.Scalar>
    /// Which assets may be shrunk.
    let types: AssetTypeFilter
    /// How many of one file's assets are made smaller at once (threads; 1: one after
    /// another, on the calling thread).
    var width = 1

    /// Embeds smaller contents for every font and PNG of `file` that has them;
    /// returns what became of each embedded font and PNG, in file order. The new
    /// contents are made up to ``width`` assets at a time and embedded in file order.
    func shrink(_ file: RivFile, into editor: inout RivEditor) throws(RivEditError) -> [ShrunkAsset] {
        let textByFont = Dictionary(file.fontText.map { ($0.assetIndex, $0) }, uniquingKeysWith: { first, _ in first })
        // Each asset's bytes are copied once, from the file into the array the engines
        // read; the smaller array they return is embedded as it is.
        let work: [(asset: FileAsset, bytes: [UInt8], text: FontText?)] = file.assets.enumerated().compactMap { index, asset in
            guard asset.location == .embedded, types.includes(asset) else { return nil }
            let shrinkable = switch asset.type.kind {
            case .font: asset.detectedFormat == .ttf
            case .image: asset.detectedFormat == .png
            case .audio, .script, .scriptModule, .shader, .blob, .manifest, nil: false
            }
            return shrinkable ? (asset, asset.withEmbeddedBytes { Array($0) }, textByFont[index]) : nil
        }
        let made = ParallelWork.map(count: work.count, width: width) { index in
            let (asset, bytes, text) = work[index]
            var result = ShrunkAsset(asset: asset.uniqueName, type: asset.type, action: .unchanged,
                                     bytesBefore: bytes.count, bytesAfter: bytes.count)
            let smaller = asset.type == .font ? subset(bytes, text: text, into: &result) : optimize(bytes, into: &result)
            return (result: result, smaller: smaller)
        }
        var results: [ShrunkAsset] = []
        for (item, made) in zip(work, made) {
            var result = made.result
            if let smaller = made.smaller, smaller.count < item.bytes.count {
                try editor.embed(smaller, in: item.asset)
                result.action = .shrunk
                result.bytesAfter = smaller.count
                if let note = result.subsetNote { result.note = result.note.map { $0 + "; " + note } ?? note }
            } else {
                result.characterCount = nil
                result.subsetNote = nil
                if result.note == nil { result.note = "nothing smaller was found" }
            }
            results.append(result)
        }
        return results
    }

    /// The subset of a font, or nil with a note saying why it stays whole.
    private func subset(_ bytes: [UInt8], text: FontText?, into result: inout ShrunkAsset) -> [UInt8]? {
        guard let text else {
            result.note = "no text run uses it (data binding or a script may): left whole"
            return nil
        }
        let open = text.openRuns
        if !open.isEmpty && keptCharacters.isEmpty {
            result.note = Self.named(open) + " may show any character (" + Self.openReasons(open)
                + "): left whole (give \(RequestField.shrinkKeptCharacters) to subset it)"
            return nil
        }
        do throws(FontSubsetError) {
            let subset = try TrueTypeSubsetter().subset(bytes, keeping: text.characters.union(keptCharacters))
            result.characterCount = subset.mappedCharacterCount
            let settable = text.runs.filter { !$0.name.isEmpty && !$0.isOpen }
            if !settable.isEmpty && keptCharacters.isEmpty {
                result.note = "an app may set the text of " + Self.named(settable)
                    + " by name: only the characters the file holds are kept (add others with \(RequestField.shrinkKeptCharacters))"
            }
            result.subsetNote = subset.note
            return subset.bytes
        } catch {
            result.note = "left as it was: \(error)"
            return nil
        }
    }

    /// The losslessly recompressed PNG, or nil with a note.
    private func optimize(_ bytes: [UInt8], into result: inout ShrunkAsset) -> [UInt8]? {
        do throws(PNGError) {
            let optimized = try PNGOptimizer.optimize(bytes)
            if optimized.outcome == .keptAnimation {
                result.note = "an animated PNG (APNG): left as it was, so browsers still show its frames"
                return nil
            }
            return optimized.bytes
        } catch {
            result.note = "left as it was: \(error)"
            return nil
        }
    }

    /// Why `runs` may show any character: `text bound to view model data, a text input`.
    private static func openReasons(_ runs: [FontTextRun]) -> String {
        var reasons: [String] = []
        if runs.contains(where: \.isDataBound) { reasons.append("text bound to view model data") }
        if runs.contains(where: { $0.source == .textInput }) { reasons.append("a text input, which shows what the user types") }
        if runs.contains(where: \.isFontBound) { reasons.append("a style whose font data binding can change") }
        return reasons.joined(separator: "; ")
    }

    /// `Title (Main)`, `Title (Main), Score (Main) and 3 more`.
    private static func named(_ runs: [FontTextRun]) -> String {
        ShortList.text(runs, limit: 2) { "'\(TerminalText.cut($0.name.isEmpty ? "(unnamed)" : $0.name, limit: 40))' (\(TerminalText.cut($0.artboard, limit: 40)))" }
    }
}
