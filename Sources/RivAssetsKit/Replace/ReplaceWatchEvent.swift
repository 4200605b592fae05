import RivFormat

/// What a ``ReplaceWatch`` did, as it did it.
public enum ReplaceWatchEvent: Sendable, Equatable {
    /// An output was written: at the start, or again because the replacements it
    /// depends on changed (`changes` lists every asset it now replaces; an asset whose
    /// replacement went away has its original contents again; `warnings` are
    /// `replace`'s, such as a new image of another shape than the old one).
    case written(input: String, output: String, changes: [AssetChange], warnings: [String], isRewrite: Bool)
    /// An input could not be read or its output not written.
    case failed(InputFailure)
    /// The folder could not be read as it is now (two files for one asset, say); the
    /// outputs keep the replacements it had before.
    case folderFailed(String)
    /// A file of the folder has settled and still is not used, and why, in a
    /// sentence naming it (a PNG whose chunks never reach IEND); it is named again
    /// only after it changes.
    case folderNote(String)
}
