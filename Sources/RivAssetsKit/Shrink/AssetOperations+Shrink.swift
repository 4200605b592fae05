import Foundation
import RivFormat
import RivFontSubset
import RivPNG

extension AssetOperations {
    /// Writes each input with smaller asset contents that draw the same: every
    /// embedded TrueType font subset to the characters its text runs hold (with
    /// ``ShrinkRequest/keptCharacters``), every embedded PNG recompressed
    /// losslessly. Only contents change; every other record stays byte for byte.
    ///
    /// A font that no text run uses, or that a data-bound run uses while no
    /// characters are kept, is left whole; so is a font or image the engines
    /// cannot rewrite safely (CFF outlines, a broken table, a damaged PNG), with
    /// a note. No asset ever grows. An input with nothing to make smaller is
    /// reported as unchanged (and copied to an output file or folder); an output
    /// file that exists with other bytes is refused unless the request overwrites.
    ///
    /// Inputs are shrunk in parallel (``RewriteOptions/parallelism``); the threads
    /// left over when there are fewer inputs than threads work on the assets of
    /// each input, so one file with many images uses every core too.
    public static func shrink(_ request: ShrinkRequest) throws(RequestError) -> ShrinkResult {
        let width = request.rewrite.parallelism.width(automatic: ParallelWork.coreCount)
        let shrinker = AssetShrinker(keptCharacters: request.keptCharacters, types: request.types, width: max(1, width / max(1, min(width, request.rewrite.inputNames.count))))
        let results = try RewriteStep.map(request.rewrite) { _, _, file, editor throws(RivEditError) in
            let assets = try shrinker.shrink(file, into: &editor)
            guard assets.contains(where: { $0.action == .shrunk }) else {
                let reasons = assets.prefix(3).map { "\($0.asset): \($0.note ?? "nothing smaller was found")" }
                return RewriteStep.Decision.unchanged(assets.isEmpty ? "no embedded TrueType font or PNG image"
                    : "nothing could be made smaller (" + reasons.joined(separator: "; ") + (assets.count > 3 ? "; ..." : "") + ")",
                    ShrunkAssets(assets: assets))
            }
            return .write(ShrunkAssets(assets: assets))
        }
        return ShrinkResult(files: results, dryRun: request.rewrite.dryRun)
    }
}
