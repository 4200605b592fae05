import Foundation
import RivFormat
import RivPNG
import RivRaster
import RivRender
import RivSupport

/// `diff --pictures`: each artboard two versions of a file both hold, drawn from both at
/// its default scene (the same width, from the old artboard's aspect) and compared pixel for
/// pixel: the check that a `swap`, `place`, `replace` or `shrink` output still draws right.
enum PictureDiff {
    /// The artboards of `new` that `old` holds by name (each old artboard matched once, in
    /// order), drawn `width` pixels wide into `folder` (made when missing): for each,
    /// `NAME.old.png`, `NAME.new.png` and, when the sizes agree, `NAME.diff.png`.
    static func compare(old: RivFile, new: RivFile, folder: String, width: Int, overwrite: Bool, rule: OutputRule) -> [ArtboardPictures] {
        let before = ArtboardRenderer(file: old), after = ArtboardRenderer(file: new)
        var unmatched: [String: [Int]] = [:]
        for (index, name) in before.artboardNames.enumerated().reversed() { unmatched[name, default: []].append(index) }
        var pairs: [ArtboardPictures] = []
        for (index, name) in after.artboardNames.enumerated() {
            guard let oldIndex = unmatched[name]?.popLast() else { continue }
            pairs.append(ArtboardPictures(artboard: name, oldIndex: oldIndex, newIndex: index))
        }
        guard !pairs.isEmpty else { return [] }
        do {
            try OutputFolder.create(LiteralPath.kernelURL(folder))
        } catch {
            return pairs.map { var failed = $0; failed.error = error.description; return failed }
        }
        let prefix = folder + "/"
        let stems = ArtboardFileNames.names(for: pairs.map(\.artboard), fileExtension: "")
        for position in pairs.indices {
            let names = ["old.png", "new.png", "diff.png"].map { prefix + stems[position] + "." + $0 }
            do throws(PictureFailure) {
                try draw(&pairs[position], before: before, after: after, width: width, files: names, overwrite: overwrite, rule: rule)
            } catch {
                pairs[position].error = error.reason
            }
        }
        return pairs
    }

    /// Why a picture could not be drawn or written.
    private struct PictureFailure: Error {
        var reason: String
    }

    private static func draw(_ pictures: inout ArtboardPictures, before: ArtboardRenderer, after: ArtboardRenderer, width: Int, files: [String],
                             overwrite: Bool, rule: OutputRule) throws(PictureFailure) {
        let oldCanvas: Canvas, newCanvas: Canvas
        do throws(RenderError) {
            oldCanvas = try before.render(artboardIndex: pictures.oldIndex).canvas(width: width).canvas
            newCanvas = try after.render(artboardIndex: pictures.newIndex).canvas(width: width).canvas
        } catch {
            throw PictureFailure(reason: error.description)
        }
        let oldPixels = oldCanvas.rgba8(), newPixels = newCanvas.rgba8()
        var images = [(oldPixels, oldCanvas.width, oldCanvas.height), (newPixels, newCanvas.width, newCanvas.height)]
        if oldCanvas.width == newCanvas.width && oldCanvas.height == newCanvas.height {
            var difference = [UInt8](repeating: 0, count: newPixels.count)
            for pixel in 0..<(newPixels.count / 4) {
                let at = pixel * 4
                if oldPixels[at..<at + 4] != newPixels[at..<at + 4] {
                    pictures.differingPixels += 1
                    difference.replaceSubrange(at..<at + 4, with: [255, 0, 0, 255])
                } else {
                    // The unchanged picture, faded to a quarter.
                    difference.replaceSubrange(at..<at + 4, with: [newPixels[at], newPixels[at + 1], newPixels[at + 2], newPixels[at + 3] / 4])
                }
            }
            pictures.pixels = newPixels.count / 4
            pictures.differs = pictures.differingPixels > 0
            images.append((difference, newCanvas.width, newCanvas.height))
        } else {
            pictures.differs = true
        }
        for ((pixels, width, height), path) in zip(images, files) {
            let bytes: [UInt8]
            do {
                bytes = try PNGImage(rgba8: pixels, width: width, height: height).encodedQuickly()
            } catch {
                throw PictureFailure(reason: "\(path): \(error.description)")
            }
            do throws(RivEditError) {
                try rule.write(bytes, to: LiteralPath.kernelURL(path), replacing: overwrite)
            } catch {
                throw PictureFailure(reason: error.description)
            }
            pictures.files.append(path)
        }
    }
}
