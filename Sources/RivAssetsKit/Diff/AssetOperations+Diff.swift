import Foundation
import RivFormat

extension AssetOperations {
    /// Compares an old and a new version of each pair in the terms an app uses
    /// (``DiffChange``): artboards and their sizes; state machines and their inputs
    /// with kind and default; animations with duration, fps, loop and speed; text
    /// runs; events with their kind, moves between artboards included; nested
    /// artboards; view models with their properties' types and their instances;
    /// and assets (added, removed, bytes, location, a unique name that changed for
    /// the same name and type). Each change says whether it breaks an app written
    /// against the old version (``DiffResult/isBreaking``).
    ///
    /// A pair of folders compares the `.riv` files found in both by their path
    /// inside the folder; a file only one side has is added or removed whole.
    /// The path `/dev/null` stands for no file at all (how git hands a diff driver
    /// the side of an added or deleted file).
    public static func diff(_ request: DiffRequest) throws(RequestError) -> DiffResult {
        guard !request.pairs.isEmpty else { throw RequestError(.noInputs, "give an old and a new .riv file or folder") }
        var jobs: [(old: String?, new: String?)] = []
        for pair in request.pairs {
            switch (RivFolderFiles.isFolder(pair.old), RivFolderFiles.isFolder(pair.new)) {
            case (true, true):
                let oldFiles = RivFolderFiles.relativePaths(in: pair.old)
                let newFiles = RivFolderFiles.relativePaths(in: pair.new)
                let inNew = Set(newFiles)
                let inOld = Set(oldFiles)
                let joined = (oldFiles + newFiles.filter { !inOld.contains($0) }).sorted()
                jobs += joined.map { relative in
                    (inOld.contains(relative) ? pair.old + "/" + relative : nil, inNew.contains(relative) ? pair.new + "/" + relative : nil)
                }
            case (false, false):
                jobs.append((pair.old, pair.new))
            default:
                throw RequestError(.invalidOption, "compare a folder with a folder or a file with a file, not '\(pair.old)' with '\(pair.new)'")
            }
        }
        let width = request.parallelism.width(automatic: ParallelWork.coreCount)
        let work = jobs
        let rule = OutputRule(inputs: jobs.flatMap { [$0.old, $0.new].compactMap { $0 } })
        let files = ParallelWork.map(count: work.count, width: min(width, InputEngine.descriptorWidth)) { index in
            compare(old: work[index].old, new: work[index].new, pictures: request.pictures.map { (folder: $0, index: index) }, request: request, rule: rule)
        }
        return DiffResult(schemaVersion: DiffResult.currentSchemaVersion, files: files)
    }

    /// The diff of one file's two versions; a missing side compares as an empty file.
    /// A side that cannot be read is named in the error (`old: MESSAGE`, `new: MESSAGE`):
    /// as git's diff driver the old side is a temporary file, so its path says nothing.
    private static func compare(old: String?, new: String?, pictures: (folder: String, index: Int)?, request: DiffRequest, rule: OutputRule) -> FileDiff {
        var errors: [String] = []
        func side(_ path: String?, _ version: String) -> DiffSide? {
            guard let path, !isAbsent(path) else { return DiffSide() }
            switch InputEngine.read(path) {
            case .success(let file): return DiffSide(file)
            case .failure(let error):
                errors.append("\(version): \(error.message)")
                return nil
            }
        }
        let before = side(old, "old"), after = side(new, "new")
        let shownOld = old.flatMap { isAbsent($0) ? nil : $0 }, shownNew = new.flatMap { isAbsent($0) ? nil : $0 }
        guard let before, let after else {
            return FileDiff(old: shownOld, new: shownNew, error: errors.joined(separator: "; "), breakingCount: 0, changes: [])
        }
        var changes: [DiffChange] = []
        if shownOld == nil || shownNew == nil {
            let name = (shownOld ?? shownNew).map { ($0 as NSString).lastPathComponent } ?? ""
            changes.append(DiffChange(artboard: nil, subject: "file", owner: nil, name: name, change: shownOld == nil ? .added : .removed,
                                      field: nil, old: nil, new: nil, bytes: nil, breaking: shownNew == nil))
        }
        changes += APIDiff(old: before, new: after).changes
        var diff = FileDiff(old: shownOld, new: shownNew, error: nil, breakingCount: changes.filter(\.breaking).count, changes: changes)
        if let pictures, let oldFile = before.file, let newFile = after.file {
            let stem = AssetFileName.stem(ofFileNamed: (shownNew ?? shownOld).map { ($0 as NSString).lastPathComponent } ?? "file") + "-\(pictures.index)"
            let folder = (pictures.folder.hasSuffix("/") ? pictures.folder : pictures.folder + "/") + AssetFileName.written(stem: stem, fileExtension: "")
            diff.pictures = PictureDiff.compare(old: oldFile, new: newFile, folder: folder, width: request.pictureWidth, overwrite: request.overwrite, rule: rule)
        }
        return diff
    }

    /// True for `/dev/null`: no file.
    private static func isAbsent(_ path: String) -> Bool { path == "/dev/null" }
}
