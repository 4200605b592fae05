import Foundation
import RivPNG
import RivRender
import RivTestSupport
import Testing
import RivTestTags

@Suite("our PNG of real files against the runtime's SVG")
struct CorpusPictureTests {
    /// rsvg-convert's pictures of the runtime's SVGs, 256 px wide, keyed by the SVG: the
    /// PNG and the SVG test each compare with it, so it is drawn once per test process.
    static let runtimePictures = SharedResults<String, (width: Int, height: Int, rgba16: [UInt16])>()

    /// rsvg-convert's picture of the runtime's `svg`, 256 px wide, from ``runtimePictures``.
    static func runtimePicture(_ svg: String) throws -> (width: Int, height: Int, rgba16: [UInt16]) {
        try runtimePictures.value(for: svg, uses: 2) { try RsvgJudge.rasterize(svg, width: 256) }
    }

    @Test("the PNG of each corpus artboard whose calls match the runtime's at its default scene is within the issue's bars against rsvg-convert of riv_render's SVG, 256 px wide",
          .tags(.oracle, .tools), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"),
          .enabled(if: RsvgJudge.executable != nil, "rsvg-convert is not installed (Debian: librsvg2-bin)"))
    func pngAgainstTheRuntimesSVG() throws {
        var compared = 0, within = 0
        var failures: [String] = [], close: [String] = []
        _ = try CorpusComparison.defaultScene { name, _, _, list, oracle in
            guard (try? list.pictureSize(width: 256)) != nil, let svg = oracle.svg,
                  OracleComparison(list, oracle: oracle.calls).difference == nil else { return }
            compared += 1
            let picture = try list.png(width: 256)
            let reference = try Self.runtimePicture(svg)
            guard reference.width == picture.width, reference.height == picture.height else {
                failures.append("\(name): \(picture.width)x\(picture.height), rsvg \(reference.width)x\(reference.height)")
                return
            }
            let ours = try PNGImage(decoding: picture.png).rgba16().map { UInt8($0 >> 8) }
            let difference = RsvgJudge.difference(ours, reference.rgba16, pixels: picture.width * picture.height)
            let figures = "\(name): \(difference.over8) and \(difference.over64) of \(difference.pixels) pixels over 8/255 and 64/255"
            if difference.within(0.015, 0.003) {
                within += 1
                // Within the bars but past half of either: the margin unseen files may not keep.
                if !difference.within(0.0075, 0.0015) { close.append(figures) }
            } else {
                failures.append(figures + (picture.notes.isEmpty ? "" : " [\(picture.notes.map(\.message).joined(separator: "; "))]"))
            }
        }
        print("PNG pictures: \(within) of \(compared) corpus artboards whose calls match the runtime's are within 1.5% over 8/255 and 0.3% over 64/255")
        for failure in failures { print("  " + failure) }
        print("PNG pictures within the bars but past half of one (0.75% over 8/255 or 0.15% over 64/255): \(close.count)")
        for artboard in close { print("  " + artboard) }
        // Measured 2026-12-07 at the default scene: 242 of 253 (95.7%; the issue asks 95%), three of
        // them past half of a bar. The others are rsvg's gaps (SPEC section 24 says how each was
        // shown): planets #1, #2, #4, #8, #9 (rsvg ignores clip-path on a clipPath, so nested clips
        // apply only the inner one), hunter_x_demo #3, #4, #6 (rsvg blurs only what lies on its
        // canvas), echo_show_demo #2 (nested clips, filter regions of a sliver, and rsvg's exact
        // kernel under 2 px narrower than the Gaussian: 2.49% over 8/255 with the first two worked
        // around), #6 (feathered gradients, which the SVG blurs after painting, and in linearRGB)
        // and #12 (rsvg scales a rotated element's blur by the transform of (σ, σ), so its
        // feathers blur one way and not the other).
        #expect(compared >= 150 && within >= 242 && Double(within) >= 0.95 * Double(compared), "\(failures.prefix(5))")
    }
    @Test("our SVG of each corpus artboard without text, layout or scripting, at its default scene, against riv_render's SVG, both through rsvg-convert 256 px wide: at most 0.5% of pixels over 8/255 and 0.1% over 64/255",
          .tags(.oracle, .tools), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"),
          .enabled(if: RsvgJudge.executable != nil, "rsvg-convert is not installed (Debian: librsvg2-bin)"))
    func svgAgainstTheRuntimesSVG() throws {
        var compared = 0, within = 0
        var failures: [String] = []
        _ = try CorpusComparison.defaultScene { name, _, _, list, oracle in
            // An artboard of no area has no picture; one rsvg cannot draw from the runtime's SVG is no judge.
            guard (try? list.pictureSize(width: 256)) != nil, let svg = oracle.svg,
                  let reference = try? Self.runtimePicture(svg) else { return }
            compared += 1
            guard let ours = try? RsvgJudge.rasterize(list.svg(), width: 256) else {
                failures.append("\(name): rsvg-convert cannot draw our SVG")
                return
            }
            guard reference.width == ours.width, reference.height == ours.height else {
                failures.append("\(name): \(ours.width)x\(ours.height), the runtime's \(reference.width)x\(reference.height)")
                return
            }
            let difference = RsvgJudge.difference(ours.rgba16.map { UInt8($0 >> 8) }, reference.rgba16, pixels: ours.width * ours.height)
            if difference.within(0.005, 0.001) {
                within += 1
            } else {
                failures.append("\(name): \(difference.over8) and \(difference.over64) of \(difference.pixels) pixels over 8/255 and 64/255"
                                + (list.notes.isEmpty ? "" : " [\(list.notes.map(\.feature).joined(separator: ","))]"))
            }
        }
        print("SVG pictures: \(within) of \(compared) corpus artboards without text, layout or scripting are within 0.5% over 8/255 and 0.1% over 64/255 of the runtime's SVG")
        for failure in failures { print("  " + failure) }
        // Measured 2026-12-06: 245 of 254 (96.5%; the issue asks 95%). The 9 others each carry the
        // note of what is not drawn as the runtime draws it (data binding, nested scenes, a list follow path).
        #expect(compared >= 150 && within >= 245, "\(failures.prefix(5))")
    }
}
