import RivFormat

/// The names of the files a render of every artboard writes: the artboard's name through
/// the project's one file-name rule (``AssetFileName/written(stem:fileExtension:)``, as
/// `extract` names assets), with `-<index>` added where the name is empty or repeated
/// (compared without case, as a case-insensitive file system compares them).
enum ArtboardFileNames {
    /// One file name per artboard name, in order, all distinct.
    static func names(for artboards: [String], fileExtension: String) -> [String] {
        var uses: [String: Int] = [:]
        for name in artboards { uses[RunWrites.key(name), default: 0] += 1 }
        var stems = artboards.enumerated().map { index, name in
            name.isEmpty || uses[RunWrites.key(name)]! > 1 ? "\(name)-\(index)" : name
        }
        // A name made with an index can meet another artboard's own name ("A" twice beside
        // "A-1"): then every name takes its index, which makes them distinct (each ends in
        // its own "-<index>").
        var seen = Set<String>()
        if !stems.allSatisfy({ seen.insert(RunWrites.key($0)).inserted }) {
            stems = artboards.enumerated().map { index, name in "\(name)-\(index)" }
        }
        return stems.map { AssetFileName.written(stem: $0, fileExtension: fileExtension) }
    }
}
