import Foundation
import RivFormat
import RivAssetRegistry
import RivHostedAssets
import RivSupport

extension AssetOperations {
    /// Moves the chosen assets of every input to a CDN of the caller's: each
    /// embedded asset (and, with an assets folder, each referenced one found there)
    /// loses its contents records and gains a CDN uuid and the request's base URL,
    /// and its bytes are written to the upload folder under that uuid, the path the
    /// runtimes request under the base URL. Everything else in each file is copied
    /// byte for byte; uploading the folder is the caller's job.
    ///
    /// Upload files are written first, each through a temporary file and never over
    /// an existing file: a file already there with the same bytes is used as it is,
    /// one with other bytes fails the input. The rewritten `.riv` is written next
    /// (an existing output is refused unless the request overwrites); when it cannot be,
    /// the upload files written for it are removed again. `manifest.json` is merged
    /// and written last, only when it changed.
    ///
    /// From its first write into the upload folder until the manifest is written, the
    /// run holds the folder's lock (`manifest.lock`, taken with `flock`), and it merges what it hosted
    /// into the manifest as it is then, so runs into one folder at once lose nothing.
    /// Manifest entries the folder does not vouch for (see ``UploadManifest``) are
    /// dropped, and named in ``HostResult/droppedManifestEntries``.
    ///
    /// The base URL must be an http or https URL with a host, without user info, a
    /// query or a fragment, with a port from 1 to 65535 when it has one, and in
    /// ASCII without whitespace or control characters, plain or percent-encoded.
    public static func host(_ request: HostRequest) throws(RequestError) -> HostResult {
        var run = try HostRun(request)
        for input in run.inputs {
            switch run.prepare(input) {
            case .done(let outcome): run.result.files.append(outcome)
            case .ready(let prepared): run.result.files.append(run.finish(prepared))
            }
        }
        run.writeManifest()
        return run.result
    }
}

/// One input of a host run: its path, where its output goes, and how the manifest names it.
struct HostInput {
    let path: String
    let output: URL
    let recordedAs: String
}

/// One run of ``AssetOperations/host(_:)``: the uuids given out so far, the upload
/// files claimed, the manifest as it grows, and the result.
struct HostRun {
    /// What identifies bytes within a run before their upload file is compared.
    private struct ContentKey: Hashable {
        let contentHash: UInt64
        let byteCount: Int
    }

    let request: HostRequest
    let uploadFolder: URL
    let referenced: [AssetFolder.Entry]
    var result: HostResult
    /// The uses this run hosted, in order, merged into the manifest at the end.
    private var recorded: [(use: UploadManifest.Use, uuid: String, entry: UploadManifest.Entry)] = []
    /// The folder's lock, once this run writes into the folder.
    private var lock: UploadFolderLock?
    /// The upload files of this run (written, or found with the same bytes), by uuid.
    private var claimed: [String: ContentKey] = [:]
    /// With random uuids, the uuid each content got in this run.
    private var randomUUIDs: [ContentKey: UUID] = [:]

    /// The inputs, in order, each with its output.
    let inputs: [HostInput]
    /// The manifest found at the start, read before anything was written.
    private let earlier: (manifest: UploadManifest, refused: [UploadManifest.RefusedEntry])

    /// A run of `request`, once it is checked: inputs given, the base URL one
    /// that can be stored, the upload folder one that can be made and its
    /// manifest one this run can merge into, the assets folder readable, the
    /// outputs resolved. Nothing is written yet.
    init(_ request: HostRequest) throws(RequestError) {
        try InputEngine.requireInputs(request.rewrite.inputNames)
        if let problem = HostBaseURL.problem(with: request.baseURL) {
            throw RequestError(.baseURLRefused, "the base URL cannot be stored on hosted assets: \(problem)")
        }
        let uploadFolder = LiteralPath.kernelURL(request.uploadFolder)
        try FolderCheck.requireCreatable(uploadFolder.path, named: request.uploadFolder)
        // Read now so that a manifest this run cannot merge into refuses it before anything is written.
        earlier = try UploadManifest.read(inFolder: uploadFolder)
        var referenced: [AssetFolder.Entry] = []
        if let path = request.assetsFolder {
            do throws(AssetFolder.Problem) {
                referenced = try AssetFolder(contentsOf: LiteralPath.kernelURL(path)).entries
            } catch {
                throw RequestError(.replacementUnusable, "\(RequestField.hostAssetsFolder): \(error.description)", underlying: error)
            }
        }
        let outputs = try OutputPaths.resolve(inputs: request.rewrite.inputNames, destination: request.rewrite.destination)
        let given = OutputPaths.asGiven(inputs: request.rewrite.inputNames, destination: request.rewrite.destination, resolved: outputs)
        inputs = zip(request.rewrite.inputNames, outputs).enumerated().map { HostInput(path: $1.0, output: $1.1, recordedAs: given[$0]) }
        self.request = request
        self.uploadFolder = uploadFolder
        self.referenced = referenced
        result = HostResult(files: [],
                            manifest: uploadFolder.appendingPathComponent(UploadManifest.fileName).path,
                            manifestWritten: false, manifestError: nil, droppedManifestEntries: [], dryRun: request.rewrite.dryRun)
    }

    /// Takes the folder's lock, unless this run holds it already.
    private mutating func lockFolder() throws(RequestError) {
        if lock == nil { lock = try UploadFolderLock(folder: uploadFolder) }
    }

    /// Merges the uses this run hosted into the folder's manifest as it is now,
    /// under the folder's lock, without the entries the folder does not vouch for,
    /// and writes it when that changed it; then gives the lock up. A dry run reports
    /// what it would drop from the manifest it found at the start.
    mutating func writeManifest() {
        defer { lock = nil }
        guard !request.rewrite.dryRun else {
            result.droppedManifestEntries = earlier.refused
            return
        }
        // No folder: nothing was hosted, and there is no manifest to clean.
        guard POSIX.entryExists(atPath: uploadFolder.path) else { return }
        let manifestPath = uploadFolder.appendingPathComponent(UploadManifest.fileName).path
        let current: (manifest: UploadManifest, refused: [UploadManifest.RefusedEntry])
        do throws(RequestError) {
            try lockFolder()
            current = try UploadManifest.read(inFolder: uploadFolder)
        } catch {
            result.manifestError = error.message
            return
        }
        result.droppedManifestEntries = current.refused
        var merged = current.manifest
        for (use, uuid, entry) in recorded { merged.record(use, uuid: uuid, holding: entry) }
        guard merged != current.manifest || !current.refused.isEmpty else { return }
        do throws(FileWriteError) {
            try AtomicFile.write(merged.encoded(), to: URL(fileURLWithPath: manifestPath))
            result.manifestWritten = true
        } catch {
            result.manifestError = RivEditError(error).description
        }
    }

    /// The assets-folder file of a referenced asset, matched by unique name and type as `embed` matches.
    private func referencedFile(for asset: FileAsset) -> URL? {
        referenced.first { $0.name == asset.uniqueName && $0.type == asset.type }?.url
    }

    /// One input with its edits made and its upload files in place, its `.riv`
    /// not yet written: what ``finish(_:)`` writes, or ``abandon(_:because:)`` undoes.
    struct PreparedInput {
        let input: HostInput
        let file: RivFile
        let editor: RivEditor
        let destination: RewriteStep.CheckedDestination
        /// Each asset hosted, with its content and type.
        let hosted: [(entry: HostedAssetEntry, content: HostedContent, type: AssetType)]
        /// The upload files written for this input alone.
        let created: [String]
    }

    /// What preparing an input came to: an outcome already (unchanged, or
    /// failed), or an input ready to be written.
    enum Preparation {
        case done(InputOutcome<HostedAssets>)
        case ready(PreparedInput)
    }

    /// Reads `input`, makes its edits and places its upload files (nothing
    /// written for it when an edit is refused); an input with nothing to host is
    /// copied as it is.
    mutating func prepare(_ input: HostInput) -> Preparation {
        let path = input.path
        let file: RivFile
        switch InputEngine.read(path) {
        case .success(let read): file = read
        case .failure(let error): return .done(InputOutcome(InputFailure(path: path, message: error.message)))
        }
        let step = RewriteStep(request.rewrite)
        let chosen = file.assets.filter { asset in
            guard request.types.includes(asset), request.uniqueNames.isEmpty || request.uniqueNames.contains(asset.uniqueName) else { return false }
            return asset.location == .embedded || (asset.location == .referenced && referencedFile(for: asset) != nil)
        }
        guard !chosen.isEmpty else {
            let what = request.assetsFolder == nil ? "no embedded asset" : "no embedded asset, and no referenced one in \(RequestField.hostAssetsFolder),"
            do throws(RivEditError) {
                return .done(try step.unchanged(file, path: path, to: input.output,
                                                reason: what + " of the chosen types" + (request.uniqueNames.isEmpty ? "" : " and names"),
                                                detail: HostedAssets(hosted: [])))
            } catch {
                return .done(InputOutcome(InputFailure(path: path, error)))
            }
        }
        var editor = RivEditor(file)
        var created: [String] = []
        var hosted: [(entry: HostedAssetEntry, content: HostedContent, type: AssetType)] = []
        do throws(HostFailure) {
            // Every edit first: a refusal leaves the upload folder untouched, and the
            // destination check sees whether an earlier run wrote this very output.
            var contents: [(asset: FileAsset, content: HostedContent, uuid: String)] = []
            for asset in chosen {
                let content: HostedContent
                if let url = asset.location == .referenced ? referencedFile(for: asset) : nil {
                    content = try HostFailure.wrap(path) { () throws(RivEditError) in try HostedContent(fileAt: url) }
                } else {
                    content = HostedContent(embeddedIn: asset)
                }
                let uuid = uuid(for: content)
                try HostFailure.wrap(path) { () throws(RivEditError) in
                    try editor.host(asset, uuid: uuid, baseURL: request.baseURL, skipChecks: request.skipChecks)
                }
                contents.append((asset, content, uuid.uuidString.lowercased()))
            }
            let destination = try HostFailure.wrap(path) { () throws(RivEditError) in try step.checkDestination(input.output, for: editor) }
            if !request.rewrite.dryRun {
                do {
                    try OutputFolder.create(uploadFolder)
                } catch {
                    throw HostFailure(InputFailure(path: path, message: error.description))
                }
                do throws(RequestError) {
                    try lockFolder()
                } catch {
                    throw HostFailure(InputFailure(path: path, message: error.message))
                }
            }
            for (asset, content, uuid) in contents {
                let uploadURL = uploadFolder.appendingPathComponent(uuid)
                let upload = try place(content, at: uploadURL, uuid: uuid, for: "\(asset.uniqueName) of \(path)", created: &created)
                let entry = HostedAssetEntry(asset: asset.uniqueName, type: asset.type, from: asset.location.rawValue, uuid: uuid,
                                             url: CDNInfo(baseURL: request.baseURL, uuid: uuid).url, file: uploadURL.path, upload: upload,
                                             bytes: content.byteCount, contentHash: XXH64.hexString(content.contentHash),
                                             format: content.format.rawValue)
                hosted.append((entry, content, asset.type))
            }
            return .ready(PreparedInput(input: input, file: file, editor: editor, destination: destination, hosted: hosted, created: created))
        } catch {
            removeUploads(created)
            var failed = InputOutcome<HostedAssets>(error.failure, input: path)
            failed.bytesBefore = file.byteCount
            return .done(failed)
        }
    }

    /// Writes the prepared input's `.riv` and records its uses for the manifest;
    /// when it cannot be written, its upload files go again.
    mutating func finish(_ prepared: PreparedInput) -> InputOutcome<HostedAssets> {
        let path = prepared.input.path
        let step = RewriteStep(request.rewrite)
        do throws(RivEditError) {
            try step.write(prepared.editor, to: prepared.destination)
        } catch {
            return abandon(prepared, because: InputFailure(path: path, error))
        }
        for (entry, content, type) in prepared.hosted {
            recorded.append((UploadManifest.Use(file: prepared.input.recordedAs, uniqueName: entry.asset), entry.uuid,
                             UploadManifest.Entry(content: content, type: type)))
        }
        var outcome = InputOutcome<HostedAssets>(input: path, output: prepared.input.output.path, status: .written,
                                                 bytesBefore: prepared.file.byteCount)
        outcome.bytesAfter = prepared.editor.outputByteCount
        outcome.detail = HostedAssets(hosted: prepared.hosted.map(\.entry))
        return outcome
    }

    /// Gives the prepared input up: its new upload files are removed, and it fails with `failure`.
    mutating func abandon(_ prepared: PreparedInput, because failure: InputFailure) -> InputOutcome<HostedAssets> {
        removeUploads(prepared.created)
        var failed = InputOutcome<HostedAssets>(failure, input: prepared.input.path)
        failed.bytesBefore = prepared.file.byteCount
        return failed
    }

    /// Removes upload files this run wrote, and forgets that it wrote them.
    private mutating func removeUploads(_ paths: [String]) {
        for uploadPath in paths {
            try? FileManager.default.removeItem(atPath: uploadPath)
            claimed.removeValue(forKey: URL(fileURLWithPath: uploadPath).lastPathComponent)
        }
    }

    /// The uuid for `content`: derived from it, or a random one shared by equal content within the run.
    private mutating func uuid(for content: HostedContent) -> UUID {
        switch request.uuids {
        case .content:
            return ContentUUID.make(contentHash: content.contentHash, byteCount: content.byteCount)
        case .random:
            let key = ContentKey(contentHash: content.contentHash, byteCount: content.byteCount)
            if let earlier = randomUUIDs[key] { return earlier }
            let made = UUID()
            randomUUIDs[key] = made
            return made
        }
    }

    /// Makes sure the upload file `url` holds `content`: written now, already
    /// written in this run, or already there from an earlier run. A file there
    /// with other bytes is never replaced.
    private mutating func place(_ content: HostedContent, at url: URL, uuid: String, for source: String,
                                created: inout [String]) throws(HostFailure) -> HostedAssetEntry.Upload {
        let key = ContentKey(contentHash: content.contentHash, byteCount: content.byteCount)
        let otherBytes = HostFailure(InputFailure(path: url.path, message: "already holds other bytes than \(source); nothing was changed"))
        if let earlier = claimed[uuid] {
            let same = request.rewrite.dryRun ? earlier == key : content.isHeld(byFileAt: url.path)
            guard same else { throw otherBytes }
            return .shared
        }
        if POSIX.entryExists(atPath: url.path) {
            // A folder, device or FIFO in the way is refused; a file is compared, never replaced.
            try HostFailure.wrap(url.path) { () throws(RivEditError) in try RivEditor.checkDestination(url, overwrite: true) }
            guard content.isHeld(byFileAt: url.path) else { throw otherBytes }
            claimed[uuid] = key
            return .present
        }
        if !request.rewrite.dryRun {
            try HostFailure.wrap(url.path) { () throws(RivEditError) in try content.write(to: url) }
            created.append(url.path)
        }
        claimed[uuid] = key
        return .written
    }
}

/// Why one input could not be hosted.
struct HostFailure: Error {
    let failure: InputFailure

    init(_ failure: InputFailure) {
        self.failure = failure
    }

    /// Runs `body`, turning an edit or write error into a failure of `path`.
    @discardableResult
    static func wrap<Result>(_ path: String, _ body: () throws(RivEditError) -> Result) throws(HostFailure) -> Result {
        do throws(RivEditError) {
            return try body()
        } catch {
            throw HostFailure(InputFailure(path: path, error))
        }
    }
}
