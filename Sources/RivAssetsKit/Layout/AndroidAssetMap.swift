import Foundation
import RivAssetRegistry
import RivFormat
import RivSupport

/// The Kotlin map a run with ``PlatformLayout/android`` writes: object
/// `RiveAssetNames` with, for every unique name written, a constant holding its
/// resource name (`R.raw.<name>`, or the file name without extension under
/// `assets/`), `resources` and `files` (unique name → resource name, → file
/// name), `uniqueFilenames` (the runtime's `FileAsset.uniqueFilename` →
/// resource name) and `resourceFor(uniqueFilename)`, which takes that name as
/// the runtime gives it; `perFileResources` and `resourceFor(uniqueFilename, riv)`
/// give each Rive file its own copy where files hold different ones
/// (`strip --prefer per-file`). With several folders (`extract` of
/// several inputs), one nested object per folder holds them. Names of constants
/// and objects follow the Kotlin rule of `codegen` (``KotlinSource/identifiers``),
/// strings are Kotlin literals whatever they hold; the maps are filled by
/// functions of at most ``entriesPerFunction`` entries, so that no JVM method
/// outgrows its 64 KiB.
struct AndroidAssetMap {
    /// The Kotlin object's name.
    static let objectName = "RiveAssetNames"
    /// The most map entries one generated function adds.
    static let entriesPerFunction = 500

    /// One folder's assets: its label (the input's name, for several folders) and what was placed there.
    struct Folder {
        var label: String
        var assets: [AssetPlacement]
    }

    /// The Kotlin source of `folders`, with `package packageName` when given.
    static func source(_ folders: [Folder], packageName: String?) -> String {
        var text = GeneratedSourceMark.prefix + ". Do not edit: run strip or extract again when the .riv files change.\n"
        if let packageName { text += "\npackage \(packageName)\n" }
        text += "\n/** The Android resource riv-assets wrote for each Rive asset, by unique name. */\nobject \(objectName) {\n"
        if folders.count == 1 {
            text += members(folders[0], depth: 1)
        } else {
            var scope = KotlinSource.identifiers.scope([objectName])
            for folder in folders {
                let type = KotlinSource.identifiers.type(folder.label, fallback: "Folder", avoiding: [objectName])
                let name = IdentifierRule.unique(type, suffix: "Folder", in: &scope)
                text += "    /** The assets of " + SourceText.comment(folder.label, block: true) + ". */\n    object \(name) {\n"
                text += members(folder, depth: 2)
                text += "    }\n"
            }
        }
        return text + "}\n"
    }

    /// The constants, maps and lookup of one folder. An asset met twice (an
    /// input's and another's, or under two names of one file) is listed once;
    /// two kinds sharing a unique name (`Inter-2` a font and an image) keep their
    /// own entry in `uniqueFilenames`, and the first in `resources` and `files`.
    /// An asset whose copies went to other files for other Rive files has, besides,
    /// an entry per Rive file in `perFileResources`.
    private static func members(_ folder: Folder, depth: Int) -> String {
        let pad = String(repeating: "    ", count: depth)
        var seen: Set<String> = [], named: Set<String> = []
        var items: [(item: AssetPlacement, first: Bool)] = []
        var filesOf: [String: Set<String>] = [:]
        for item in folder.assets {
            filesOf[item.uniqueFilename, default: []].insert(item.fileName)
            if seen.insert(item.uniqueFilename).inserted { items.append((item, named.insert(item.uniqueName).inserted)) }
        }
        var perFileKeys: Set<String> = []
        let perFile = folder.assets.compactMap { item -> (String, String)? in
            guard let riv = item.riv, filesOf[item.uniqueFilename, default: []].count > 1 else { return nil }
            let key = riv + "/" + item.uniqueFilename
            return perFileKeys.insert(key).inserted ? (key, AssetFileName.stem(ofFileNamed: item.fileName)) : nil
        }
        var text = ""
        var scope = KotlinSource.identifiers.scope(["resources", "files", "uniqueFilenames", "perFileResources", "resourceFor"])
        for (item, _) in items {
            let constant = IdentifierRule.unique(KotlinSource.identifiers.constant(item.uniqueName, fallback: "asset"), suffix: "ASSET", in: &scope)
            text += pad + "/** " + SourceText.comment(item.uniqueFilename, block: true) + " */\n"
            text += pad + "const val \(constant): kotlin.String = \(KotlinSource.literal(AssetFileName.stem(ofFileNamed: item.fileName)))\n"
        }
        func chunked<Element>(_ elements: [Element]) -> [[Element]] {
            stride(from: 0, to: elements.count, by: entriesPerFunction).map { Array(elements[$0..<min($0 + entriesPerFunction, elements.count)]) }
        }
        let chunks = chunked(items), perFileChunks = chunked(perFile)
        let map = "kotlin.collections.Map<kotlin.String, kotlin.String>"
        let mutable = "kotlin.collections.MutableMap<kotlin.String, kotlin.String>"
        func lazyMap(_ name: String, functions: Int, _ doc: String) {
            text += pad + "/** \(doc) */\n"
            guard functions > 0 else {
                text += pad + "val \(name): \(map) = kotlin.collections.emptyMap()\n"
                return
            }
            text += pad + "val \(name): \(map) by lazy { kotlin.collections.HashMap<kotlin.String, kotlin.String>().also { m -> "
                + (0..<functions).map { "\(name)\($0)(m)" }.joined(separator: "; ") + " } }\n"
        }
        lazyMap("resources", functions: chunks.count, "Each unique name's resource name: `R.raw.<name>`, or its file name without extension under `assets/`.")
        lazyMap("files", functions: chunks.count, "Each unique name's file name in the folder.")
        lazyMap("uniqueFilenames", functions: chunks.count, "Each asset's resource name by the runtime's `FileAsset.uniqueFilename` (its unique name and its kind's extension).")
        lazyMap("perFileResources", functions: perFileChunks.count,
                "The resource name of each copy written for one Rive file, where files hold other bytes under one name, by the Rive file's name and `FileAsset.uniqueFilename` (`hero.riv/Inter-1.ttf`).")
        text += pad + "/** The resource name of the asset whose `FileAsset.uniqueFilename` is [uniqueFilename], null when none was written. */\n"
        text += pad + "fun resourceFor(uniqueFilename: kotlin.String): kotlin.String? = uniqueFilenames[uniqueFilename]\n"
        text += pad + "/** The resource name of the asset [uniqueFilename] for the Rive file named [riv] (`hero.riv`): the copy written for that file when files hold other bytes under that name, else the one they share; null when none was written. */\n"
        text += pad + "fun resourceFor(uniqueFilename: kotlin.String, riv: kotlin.String): kotlin.String? = perFileResources[riv + \"/\" + uniqueFilename] ?: uniqueFilenames[uniqueFilename]\n"
        func function(_ name: String, _ index: Int, _ pairs: [(String, String)]) {
            text += pad + "private fun \(name)\(index)(m: \(mutable)) {\n"
            for (key, value) in pairs { text += pad + "    m[\(KotlinSource.literal(key))] = \(KotlinSource.literal(value))\n" }
            text += pad + "}\n"
        }
        for (index, chunk) in chunks.enumerated() {
            let firsts = chunk.filter(\.first).map(\.item)
            function("resources", index, firsts.map { ($0.uniqueName, AssetFileName.stem(ofFileNamed: $0.fileName)) })
            function("files", index, firsts.map { ($0.uniqueName, $0.fileName) })
            function("uniqueFilenames", index, chunk.map { ($0.item.uniqueFilename, AssetFileName.stem(ofFileNamed: $0.item.fileName)) })
        }
        for (index, chunk) in perFileChunks.enumerated() { function("perFileResources", index, chunk) }
        return text
    }

    /// With a map at `path`: writes the map of `folders` there unless `dryRun`,
    /// and gives its path, absolute as every path a result gives of what a run
    /// wrote, and why it could not be written (the run then fails).
    static func record(_ folders: [Folder], packageName: String?, to path: String, rule: OutputRule, overwrite: Bool,
                       dryRun: Bool) -> (path: String, error: String?) {
        let absolute = LiteralPath.kernelURL(path).path
        guard !dryRun else { return (absolute, nil) }
        do throws(RivEditError) {
            try write(folders, packageName: packageName, to: path, rule: rule, overwrite: overwrite)
            return (absolute, nil)
        } catch {
            return (absolute, error.description)
        }
    }

    /// Writes the source of `folders` to `path` through the atomic writer: not
    /// over an input, nor over a file that is no map of an earlier run unless
    /// `overwrite`; a file already holding these bytes is left as it is.
    static func write(_ folders: [Folder], packageName: String?, to path: String, rule: OutputRule, overwrite: Bool) throws(RivEditError) {
        let url = LiteralPath.kernelURL(path)
        let data = Data(source(folders, packageName: packageName).utf8)
        guard !data.withUnsafeBytes({ AtomicFile.fileHolds($0, at: url.path) }) else { return }
        if !overwrite, POSIX.entryExists(atPath: url.path), !GeneratedSourceMark.isEarlierOutput(atPath: url.path) {
            throw .destinationExists(path: url.path)
        }
        try rule.check(url, replacing: true)
        try RewriteStep.createFolder(of: url)
        do throws(FileWriteError) {
            try AtomicFile.write(data, to: url)
        } catch {
            throw RivEditError(error)
        }
    }
}
