import Foundation
import RivFormat
import RivRender
import RivSupport

extension HTMLReport {
    /// The file's artboards, each drawn at its default scene (``ArtboardPicture``) with
    /// what the picture leaves out written under it. Inline, a picture is a `data:` URI;
    /// with ``assetFolder`` it is written to `STEM-POSITION/NAME.svg` (or `.png`) there,
    /// STEM the input's name without its extension and POSITION its place among the
    /// inputs (from 0), NAME by the artboard-file rule of `render --all-artboards`,
    /// through the output rule, and linked. At most ``ArtboardPicture/maximumPerFile``
    /// artboards of a file are drawn (on every core, so memory holds at most that many
    /// pictures) and ``ArtboardPicture/maximumPageBytes`` of pictures shown in the page;
    /// the page names the artboards past them.
    mutating func writePictures(of file: RivFile, path: String, position: Int) throws(FileWriteError) {
        let renderer = ArtboardRenderer(file: file)
        let names = renderer.artboardNames
        guard !names.isEmpty else { return }
        let fileNames = ["svg", "png"].map { ArtboardFileNames.names(for: names, fileExtension: $0) }
        let folder = AssetFileName.written(stem: AssetFileName.stem(ofFileNamed: (path as NSString).lastPathComponent) + "-\(position)", fileExtension: "")
        // The file's artboards are drawn on every core; the page takes them in order.
        let drawn = ParallelWork.map(count: min(names.count, ArtboardPicture.maximumPerFile)) { index in
            ArtboardPicture(renderer, index: index, name: names[index])
        }
        try out.write("<h3>Artboards</h3>\n<div class=\"grid\">")
        var leftOut: [String] = []
        for (index, name) in names.enumerated() {
            guard index < drawn.count, pictureBytes < ArtboardPicture.maximumPageBytes else {
                leftOut.append(name)
                continue
            }
            let picture = drawn[index]
            try out.write("<figure class=\"card\">")
            if let bytes = picture.bytes {
                pictureBytes += bytes.count
                try writePicture(picture, bytes: bytes, path: path, folder: folder, fileName: fileNames[picture.format == "png" ? 1 : 0][index])
            } else {
                try out.write("<div class=\"placeholder\">not drawn: \(MarkupText.escaped(picture.failure ?? ""))</div>")
            }
            try out.write("<figcaption>\(caption(picture))</figcaption></figure>")
        }
        try out.write("</div>\n")
        if !leftOut.isEmpty {
            picturesLeftOut += leftOut.count
            try out.write("<p class=\"problem\">\(CountedNoun.text(leftOut.count, "artboard")) not drawn, past the page's budget "
                + "(\(ArtboardPicture.maximumPerFile) a file, \(ByteCountText.binary(ArtboardPicture.maximumPageBytes)) of pictures a page): "
                + ShortList.text(leftOut, limit: 20) { "<code>\(MarkupText.escaped($0))</code>" } + "</p>\n")
        }
    }

    /// The `<img>` of `picture`: a `data:` URI, or, with ``assetFolder``, a link to
    /// `folder/fileName` in it, written there through the output rule (a placeholder
    /// saying why, when it cannot be).
    private mutating func writePicture(_ picture: ArtboardPicture, bytes: [UInt8], path: String, folder: String, fileName: String) throws(FileWriteError) {
        let alt = MarkupText.escaped(picture.artboard)
        guard let assetFolder else {
            pictures += 1
            try out.write("<img src=\"")
            try writeDataURI(mime: picture.mimeType, bytes: Data(bytes))
            try out.write("\" alt=\"\(alt)\">")
            return
        }
        let pictureFolder = assetFolder.appendingPathComponent(folder, isDirectory: true)
        try makeFolder(assetFolder)
        try makeFolder(pictureFolder)
        do throws(RivEditError) {
            try rule.write(bytes, to: pictureFolder.appendingPathComponent(fileName), replacing: overwrite)
        } catch {
            pictureFailures.append(InputFailure(path: path, prefix: "artboard \(picture.index): ", error))
            try out.write("<div class=\"placeholder\">not written: \(MarkupText.escaped(error.description))</div>")
            return
        }
        pictures += 1
        try out.write("<img src=\"")
        try writeLink(to: [folder, fileName])
        try out.write("\" alt=\"\(alt)\">")
    }

    /// The artboard's name, index, size and scene, and what its picture leaves out.
    private func caption(_ picture: ArtboardPicture) -> String {
        var items = ["<b>\(MarkupText.escaped(picture.artboard))</b>"]
        var facts = "artboard \(picture.index)"
        if picture.bytes != nil {
            facts += " · \(ByteCountText.number(picture.width))×\(ByteCountText.number(picture.height)) · scene \(MarkupText.escaped(picture.scene))"
                + (picture.format == "png" ? " · PNG \(ArtboardPicture.pngSide) px" : "")
        }
        items.append(facts)
        if !picture.notes.isEmpty {
            items.append("<ul class=\"notes\">" + picture.notes.map { "<li>not drawn: \(MarkupText.escaped($0.feature)): \(MarkupText.escaped($0.message))</li>" }.joined() + "</ul>")
        }
        return items.joined(separator: "<br>")
    }
}
