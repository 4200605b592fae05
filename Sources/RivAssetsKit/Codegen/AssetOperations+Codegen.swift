import Foundation
import RivAssetRegistry
import RivFormat
import RivSupport

extension AssetOperations {
    /// Generates names, in `request.language`, for everything an app addresses in
    /// `inputs`: one type (a Swift enum, a Kotlin object, a TypeScript object
    /// literal) per file inside `request.namespace`, holding `fileName`, one
    /// constant per asset (unique name, type, file extension, location, CDN uuid)
    /// and `all`; one type per artboard with its `name`, one per state machine with
    /// its `name` and one constant per input, typed by kind (`BoolInput`,
    /// `NumberInput`, `TriggerInput`) with its default; the artboard's
    /// `Animations`, `TextRuns`, `Events` (typed `Event`, `OpenURLEvent`,
    /// `AudioEvent`) and `NestedArtboards`; and `ViewModels`, one type per view
    /// model with a typed constant per property and its `Instances`. Every
    /// constant holds the runtime's exact string.
    ///
    /// Identifiers are valid and distinct for any name (spaces, leading digits,
    /// keywords, any script, duplicates) in the language's case style and depend
    /// only on the inputs, so the output is the same on every run. The file is
    /// written only when its contents change, so a build system rebuilds only then;
    /// a file at the path that is no earlier codegen output (it does not start with
    /// the generated-source comment) is replaced only with `request.overwrite`.
    public static func codegen(_ request: CodegenRequest) throws(RequestError) -> CodegenResult {
        try InputEngine.requireInputs(request.inputs.names)
        let language = request.language
        if let problem = language.namespaceProblem(request.namespace) { throw RequestError(.invalidOption, problem) }
        if let packageName = request.packageName, let problem = language.packageProblem(packageName) {
            throw RequestError(.invalidOption, problem)
        }
        let namespace = request.namespace
        let reads = InputEngine.map(request.inputs.names, width: ParallelWork.coreCount) { _, path in InputEngine.read(path) }
        var source = language.writer(request)
        var files: [GeneratedNamespace] = []
        var failures: [InputFailure] = []
        let rule = language.identifiers
        var typeNames = rule.scope()
        let avoided = language.avoidedTypes(namespace: namespace)
        for (path, read) in zip(request.inputs.names, reads) {
            let file: RivFile
            switch read {
            case .success(let value): file = value
            case .failure(let error):
                failures.append(InputFailure(path: path, message: error.message))
                continue
            }
            let stem = (URL(fileURLWithPath: path).lastPathComponent as NSString).deletingPathExtension
            let base = rule.type(stem, fallback: "File", avoiding: avoided)
            let typeName = IdentifierRule.unique(base, suffix: String(files.count + 1), in: &typeNames)
            let names = APINames(typeName: typeName, language: language, namespace: namespace, assets: file.assets, inspection: file.inspect())
            source.append(names.outline(path: path, numbered: typeName != base))
            files.append(GeneratedNamespace(input: path, namespace: typeName, constants: names.assets.map(\.constant),
                                            artboards: names.artboards.map(\.typeName), viewModels: names.viewModels.map(\.typeName)))
        }
        let text = source.finished()
        var written = false
        if let output = request.outputPath {
            let url = LiteralPath.kernelURL(output)
            let data = Data(text.utf8)
            do throws(RivEditError) {
                // The refusals first: a refused output leaves no folder behind. A `..`
                // below a folder that is not there names no file yet (the kernel
                // resolves it only once that folder exists): refused, not made.
                let folder = url.deletingLastPathComponent()
                if url.pathComponents.contains(".."), !POSIX.entryExists(atPath: folder.path) {
                    throw .writeFailed(path: url.path, reason: "its path leaves a folder that does not exist (..); name the output without it")
                }
                try OutputRule(inputs: request.inputs.names).check(url, replacing: true)
                let unchanged = data.withUnsafeBytes { AtomicFile.fileHolds($0, at: url.path) }
                if !unchanged, !request.overwrite, POSIX.entryExists(atPath: url.path), !GeneratedSourceMark.isEarlierOutput(atPath: url.path) {
                    throw .destinationExists(path: url.path)
                }
                if !unchanged {
                    try RewriteStep.createFolder(of: url)
                    do throws(FileWriteError) { try AtomicFile.write(data, to: url) } catch { throw RivEditError(error) }
                    written = true
                }
            } catch {
                failures.append(InputFailure(path: output, error))
            }
        }
        return CodegenResult(source: text, outputPath: request.outputPath, written: written, files: files, failures: failures, language: language)
    }
}
