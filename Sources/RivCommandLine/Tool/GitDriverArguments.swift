
/// What git passes a diff driver (`diff.<driver>.command`; `GIT_EXTERNAL_DIFF` in
/// git(1)), read by position: any of them may start with `-`.
///
/// - 1 argument: `PATH`, a path that is unmerged;
/// - 7: `PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE`, a path added,
///   removed or modified (a side that does not exist is `/dev/null`);
/// - 9: the same and `NEW-PATH HEADER`, a path renamed or copied to NEW-PATH, with
///   git's header for it (`similarity index 90%`, `rename from …`, `rename to …`);
/// - 8: the same without the header (git leaves it out when there is none).
struct GitDriverArguments {
    /// The path in the repository (the old one, for a rename or copy).
    let path: String
    /// The files holding the old and the new version; nil for an unmerged path.
    let versions: (old: String, new: String)?
    /// Where a rename or copy put it; `path` otherwise.
    let newPath: String
    /// git's header for a rename or copy, one line each; empty otherwise.
    let header: [String]

    /// Reads `arguments`, refusing a count git never passes.
    init(_ arguments: [String]) throws(UsageError) {
        guard [1, 7, 8, 9].contains(arguments.count) else {
            throw UsageError("--git takes the 1, 7 or 9 arguments git gives a diff driver, not \(arguments.count)")
        }
        path = arguments[0]
        versions = arguments.count == 1 ? nil : (arguments[1], arguments[4])
        newPath = arguments.count >= 8 ? arguments[7] : arguments[0]
        header = arguments.count == 9 ? arguments[8].split(separator: "\n", omittingEmptySubsequences: true).map(String.init) : []
    }
}
