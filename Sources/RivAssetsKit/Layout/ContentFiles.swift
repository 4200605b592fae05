/// The rule of `--dedupe`: each content is written once, under the name of the
/// first file met holding it. Each command decides over what it applies
/// (SPEC.md § 10): `strip` over every input of the run, `extract` within each
/// input's folder.
struct ContentFiles {
    /// The file of each content met so far.
    private var fileOf: [AssetContent: String] = [:]

    /// The file holding `content`: the first one named for it, else `fileName`,
    /// which becomes its file.
    mutating func file(for content: AssetContent, named fileName: String) -> String {
        if let first = fileOf[content] { return first }
        fileOf[content] = fileName
        return fileName
    }
}
