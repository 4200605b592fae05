/// One measured operation. Its raw value is the argument of `--case` that makes
/// a child process run it.
enum Operation: String, CaseIterable, Sendable, Codable {
    case readLarge = "read-large"
    case copyLarge = "copy-large"
    case listLarge = "list-large"
    case listLargeWarmProcess = "list-large-warm"
    case listLargeJSON = "list-json-large"
    case extractLarge = "extract-large"
    case extractLargeHashing = "extract-hash-large"
    case replaceWithSmall = "replace-with-small"
    case replaceWithLarge = "replace-with-large"
    case hashLarge = "hash-large"
    case readObjects = "read-objects"
    case copyObjects = "copy-objects"
    case listObjects = "list-objects"
    case listObjectsJSON = "list-json-objects"
    case readFonts = "read-fonts"
    case copyFonts = "copy-fonts"
    case computeOneCore = "compute-1"
    case computeAllCores = "compute-all"
    case listFontsOneCore = "list-fonts-1"
    case listFontsAllCores = "list-fonts-all"
    case extractFontsOneCore = "extract-fonts-1"
    case extractFontsAllCores = "extract-fonts-all"
    case fetchHostedOneJob = "fetch-hosted-1"
    case fetchHosted = "fetch-hosted"
    case fetchHostedWarm = "fetch-hosted-warm"
    case fetchHostedLarge = "fetch-hosted-large"

    /// What the table calls it.
    func label(_ sizes: BenchSizes) -> String {
        switch self {
        case .readLarge, .readObjects: "baseline: read once"
        case .readFonts: "baseline: read all once"
        case .copyLarge, .copyObjects: "baseline: copy (+fsync)"
        case .copyFonts: "baseline: copy all (+fsync)"
        case .computeOneCore: "baseline: CPU work, 1 core"
        case .computeAllCores: "baseline: CPU work, all cores"
        case .listLarge, .listObjects: "list"
        case .listLargeWarmProcess: "list (process warmed up)"
        case .listLargeJSON, .listObjectsJSON: "list --json"
        case .extractLarge: "extract"
        case .extractLargeHashing: "extract --json (+ hash)"
        case .replaceWithSmall: "replace \(FigureText.size(sizes.largeAssetBytes)) -> \(FigureText.size(sizes.smallAssetBytes))"
        case .replaceWithLarge: "replace \(FigureText.size(sizes.smallAssetBytes)) -> \(FigureText.size(sizes.largeAssetBytes))"
        case .hashLarge: "content hash (XXH64) in memory, 1 core"
        case .listFontsOneCore: "list, 1 core"
        case .listFontsAllCores: "list, all cores"
        case .extractFontsOneCore: "extract, 1 core"
        case .extractFontsAllCores: "extract, all cores"
        case .fetchHostedOneJob: "fetch --jobs 1"
        case .fetchHosted: "fetch (default jobs)"
        case .fetchHostedWarm: "fetch, warm cache"
        case .fetchHostedLarge: "fetch \(FigureText.size(sizes.hostedLargeBytes))"
        }
    }

    /// The files the operation reads, which are warmed (or dropped from the cache)
    /// before it runs and whose total size counts toward its throughput. (The CPU
    /// work reads none; its throughput counts the bytes it hashes.)
    func inputs(_ paths: BenchPaths) -> [String] {
        switch self {
        case .readLarge, .copyLarge, .listLarge, .listLargeWarmProcess, .listLargeJSON, .extractLarge, .extractLargeHashing:
            [paths.largeRiv]
        case .replaceWithSmall: [paths.largeRiv, paths.smallPayload]
        case .replaceWithLarge: [paths.smallRiv, paths.largePayload]
        case .hashLarge: [paths.largePayload]
        case .readObjects, .copyObjects, .listObjects, .listObjectsJSON: [paths.objectsRiv]
        case .computeOneCore, .computeAllCores: []
        case .readFonts, .copyFonts, .listFontsOneCore, .listFontsAllCores, .extractFontsOneCore,
             .extractFontsAllCores:
            paths.fontFiles
        case .fetchHostedOneJob, .fetchHosted, .fetchHostedWarm: [paths.hostedRiv]
        case .fetchHostedLarge: [paths.hostedLargeRiv]
        }
    }

    /// A file the output must equal byte for byte, when there is one.
    func expectedOutput(_ paths: BenchPaths) -> (output: String, reference: String)? {
        switch self {
        case .copyLarge: (paths.outputPath("large.riv"), paths.largeRiv)
        case .extractLarge, .extractLargeHashing: (paths.outputPath(InputMaker.heroUniqueName + ".png"), paths.largePayload)
        case .replaceWithSmall: (paths.outputPath("replaced.riv"), paths.smallRiv)
        case .replaceWithLarge: (paths.outputPath("replaced.riv"), paths.largeRiv)
        case .copyObjects: (paths.outputPath("objects.riv"), paths.objectsRiv)
        default: nil
        }
    }
}
