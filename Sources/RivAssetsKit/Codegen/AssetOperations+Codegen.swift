import Foundation
import RivFormat

extension AssetOperations {
    /// Generates Swift constants for the assets of `inputs`: one enum per file inside
    /// `request.namespace`, one constant per asset holding its unique name, type, file
    /// extension, location and CDN uuid, and `all` per file.
    ///
    /// Identifiers are valid and distinct for any name (spaces, leading digits,
    /// keywords, any script, duplicates) and depend only on the inputs, so the
    /// output is the same on every run. The file is written only when its contents
    /// change, so a build system rebuilds only then.
    public static func codegen(_ request: CodegenRequest) throws(RequestError) -> CodegenReport {
        try InputEngine.requireInputs(request.inputs)
        let namespace = SwiftIdentifier.upperCamel(request.namespace, fallback: "RiveAssets")
        guard namespace == request.namespace else {
            throw RequestError("the namespace must be a Swift type name such as RiveAssets, not '\(request.namespace)'")
        }
        let reads = InputEngine.map(request.inputs, width: ParallelWork.coreCount) { _, path in InputEngine.read(path) }
        var source = SwiftSource(namespace: namespace, access: request.access)
        var files: [GeneratedNamespace] = []
        var failures: [InputFailure] = []
        var typeNames: Set<String> = ["Asset"]
        for (path, read) in zip(request.inputs, reads) {
            let file: RivFile
            switch read {
            case .success(let value): file = value
            case .failure(let error):
                failures.append(InputFailure(path: path, message: error.message))
                continue
            }
            let stem = (URL(fileURLWithPath: path).lastPathComponent as NSString).deletingPathExtension
            let typeName = SwiftIdentifier.unique(SwiftIdentifier.upperCamel(stem, fallback: "File"), suffix: String(files.count + 1), in: &typeNames)
            var constants: Set<String> = ["all"]
            let assets = file.assets.map { asset in
                let base = SwiftIdentifier.lowerCamel((asset.name as NSString).deletingPathExtension, fallback: "asset")
                return (SwiftIdentifier.unique(base, suffix: String(asset.assetID), in: &constants), asset)
            }
            source.append(namespace: typeName, path: path, assets: assets)
            files.append(GeneratedNamespace(path: path, namespace: typeName, constants: assets.map(\.0)))
        }
        let text = source.finished()
        var written = false
        if let output = request.outputPath {
            let url = LiteralPath.kernelURL(output)
            let data = Data(text.utf8)
            do throws(RivEditError) {
                try OutputRule(inputs: request.inputs).check(url, replacing: true)
                if !holds(url, data) {
                    try AtomicFile.write(data, to: url)
                    written = true
                }
            } catch {
                failures.append(InputFailure(path: output, error))
            }
        }
        return CodegenReport(source: text, outputPath: request.outputPath, written: written, files: files, failures: failures)
    }

    /// Whether `url` names a regular file (not a link) holding exactly `data`; only
    /// such a file is read, and only when its size matches.
    private static func holds(_ url: URL, _ data: Data) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              (attributes[.size] as? NSNumber)?.intValue == data.count else { return false }
        return (try? Data(contentsOf: url)) == data
    }
}
