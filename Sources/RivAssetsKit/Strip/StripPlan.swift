import Foundation
import RivFontSubset
import RivFormat

/// Where a strip run writes each chosen asset, decided over every input before
/// anything is written: copies of one name with other bytes are refused or
/// settled (``StripRequest/conflicts``) and contents deduplicated
/// (``StripRequest/dedupe``) here, so a refused conflict fails every input that
/// holds a copy, never a later input after an earlier one was written. Inputs are read a batch at a time,
/// keeping each asset's name, size and hash, and, when the run compares, merges
/// or subsets fonts, each distinct font content's bytes, so that no input is read
/// again to settle a conflict or ship a font. A run of one batch keeps the files
/// it read for the writer, which then reads no input a second time.
struct StripPlan {
    /// Where one asset goes.
    struct Placement {
        /// The asset file's name in the asset folder.
        var fileName: String
        /// Why the asset cannot be written: its input fails with this.
        var refusal: String?
        /// The bytes the file holds when they are not the input's own copy:
        /// another input's copy (kept by `--prefer largest`), a merged or a subset font.
        var bytes: [UInt8]?
    }

    /// Each input's placements (by input index), by asset.
    private var placements: [Int: [FileAsset.ID: Placement]] = [:]
    /// The conflicts met, in the order first met.
    private(set) var conflicts: [AssetConflict] = []
    /// The font files merged or subset, in the order first met.
    private(set) var fonts: [ShippedFont] = []
    /// The inputs as the plan read them, by input index, for the writer to take
    /// instead of reading them again: every input when the run is one batch,
    /// else standard input alone (which can be read only once).
    private var readFiles: [Int: Result<RivFile, RivError>] = [:]

    /// The input at `index` as the plan read it, handed over once; nil when the
    /// plan did not keep it (the writer reads it again).
    mutating func takeFile(input index: Int) -> Result<RivFile, RivError>? {
        readFiles.removeValue(forKey: index)
    }

    /// Where `asset` of the input at `index` goes; nil when the plan has no say (the input could not be read).
    func placement(input index: Int, asset: FileAsset) -> Placement? {
        placements[index]?[asset.id]
    }

    /// One chosen asset of one input, as the first reading saw it.
    struct Copy {
        var input: Int
        var asset: FileAsset.ID
        var uniqueName: String
        var fileExtension: String
        var type: AssetType
        var content: AssetContent
        /// For a font when fonts are subset: the characters its text runs hold and
        /// whether some run may show any character; nil when no run uses it.
        var text: (characters: Set<Unicode.Scalar>, open: Bool)?
        /// A font's family and style, when original fonts are given to match
        /// them or `--prefer largest` may compare families.
        var names: FontNames?
        var fileName: String { AssetFileName.written(stem: uniqueName, fileExtension: fileExtension) }
    }

    /// The plan for `request`, reading its inputs `batchSize` at a time;
    /// `fontSources` are the request's original fonts, read.
    static func make(_ request: StripRequest, batchSize: Int, fontSources: [FontSourceFile.Loaded] = []) -> StripPlan {
        var plan = StripPlan()
        var copies: [Copy] = []
        // The fonts compared (`largest`, an original font), merged or subset later, one per content.
        let keepsFonts = request.subsetsFonts || !fontSources.isEmpty || request.conflicts == .largest || request.conflicts == .merge
        let keepsNames = !fontSources.isEmpty || request.conflicts == .largest
        var fontBytes: [AssetContent: [UInt8]] = [:]
        for start in stride(from: 0, to: request.rewrite.inputNames.count, by: batchSize) {
            let batch = Array(request.rewrite.inputNames[start..<min(start + batchSize, request.rewrite.inputNames.count)])
            let found = InputEngine.map(batch, width: request.rewrite.parallelism.width(automatic: ParallelWork.coreCount)) { offset, path in
                let read = InputEngine.read(path)
                guard case .success(let file) = read else { return (read: read, copies: [Copy](), fonts: [AssetContent: [UInt8]]()) }
                let text = request.subsetsFonts ? Dictionary(file.fontText.map { ($0.assetIndex, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
                var fonts: [AssetContent: [UInt8]] = [:]
                let copies = file.assets.enumerated().filter { request.chooses($0.element) }.map { index, asset in
                    let copy = Copy(input: start + offset, asset: asset.id, uniqueName: asset.uniqueName, fileExtension: asset.fileExtension,
                                    type: asset.type, content: AssetContent(asset), text: text[index].map { ($0.characters, !$0.openRuns.isEmpty) },
                                    names: keepsNames && asset.type == .font ? asset.fontNames : nil)
                    if keepsFonts, asset.type == .font, fonts[copy.content] == nil { fonts[copy.content] = asset.withEmbeddedBytes { Array($0) } }
                    return copy
                }
                return (read: read, copies: copies, fonts: fonts)
            }
            for (offset, input) in found.enumerated() {
                copies += input.copies
                fontBytes.merge(input.fonts) { first, _ in first }
                if request.rewrite.inputNames.count <= batchSize || batch[offset] == InputEngine.standardInputName { plan.readFiles[start + offset] = input.read }
            }
        }
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (index, copy) in copies.enumerated() {
            let key = RunWrites.key(copy.fileName)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(index)
        }
        // Each copy's file and the bytes of the copy it holds (nil: its own).
        var fileNames = copies.map(\.fileName)
        var contents = copies.map(\.content)
        var sources: [[UInt8]?] = Array(repeating: nil, count: copies.count)
        var refusals: [String?] = Array(repeating: nil, count: copies.count)
        // Merged fonts' bytes, by copy.
        var merged: [[UInt8]?] = Array(repeating: nil, count: copies.count)
        var mergeNotes: [String: String] = [:]
        var takenNames = Set(copies.map { RunWrites.key($0.fileName) })
        for key in order {
            let members = groups[key]!
            let group = members.map { copies[$0] }
            var conflict = AssetConflict(asset: group[0].uniqueName, policy: request.conflicts, settled: false, reason: "",
                                         copies: group.map { AssetConflict.Copy(input: request.rewrite.inputNames[$0.input], bytes: $0.content.bytes) })
            if let source = FontShipping.source(for: group, among: fontSources) {
                if let problem = FontShipping.problem(with: source, for: group, inputs: request.rewrite.inputNames, fontBytes: fontBytes) {
                    conflict.reason = problem
                } else {
                    for member in members {
                        merged[member] = source.bytes
                        contents[member] = AssetContent(source.bytes)
                    }
                    mergeNotes[key] = "from the original font \(source.path)"
                    conflict.settled = true
                    conflict.reason = "the original font \(source.path) is written for every copy"
                }
                if !conflict.settled {
                    for member in members { refusals[member] = "\(group[0].uniqueName): \(conflict.reason)" }
                }
                if !conflict.settled || Set(group.map(\.content)).count > 1 { plan.conflicts.append(conflict) }
                continue
            }
            guard Set(members.map { copies[$0].content }).count > 1 else { continue }
            switch request.conflicts {
            case .refuse:
                conflict.reason = "the copies have other bytes"
            case .largest:
                switch Coverage.choose(among: group, of: request.rewrite.inputNames, fontBytes: fontBytes) {
                case .kept(let position, let bytes, let reason):
                    conflict.settled = true
                    conflict.kept = request.rewrite.inputNames[group[position].input]
                    conflict.reason = reason
                    for member in members {
                        sources[member] = bytes
                        contents[member] = group[position].content
                    }
                case .none(let reason):
                    conflict.reason = reason
                }
            case .perFile:
                Self.writePerFile(group, members, copies, inputs: request.rewrite.inputNames, into: &conflict, fileNames: &fileNames, taken: &takenNames)
            case .merge:
                switch Merging.merge(group, of: request.rewrite.inputNames, fontBytes: fontBytes) {
                case .merged(let bytes, let reason, let notes):
                    conflict.settled = true
                    conflict.reason = reason
                    for member in members {
                        merged[member] = bytes
                        contents[member] = AssetContent(bytes)
                    }
                    if !notes.isEmpty { mergeNotes[key] = notes.joined(separator: "; ") }
                case .unmergeable(let reason):
                    Self.writePerFile(group, members, copies, inputs: request.rewrite.inputNames, into: &conflict, fileNames: &fileNames, taken: &takenNames)
                    conflict.reason = reason + "; " + conflict.reason
                case .none(let reason):
                    conflict.reason = reason
                }
            }
            if !conflict.settled {
                let text = conflict.reason + "; copies: " + group.map { "\(request.rewrite.inputNames[$0.input]) (\($0.content.bytes) bytes)" }.joined(separator: ", ")
                for member in members { refusals[member] = "\(group[0].uniqueName): \(text)" }
            }
            plan.conflicts.append(conflict)
        }
        if request.dedupe {
            // Over every input of the run.
            var files = ContentFiles()
            for index in copies.indices where refusals[index] == nil { fileNames[index] = files.file(for: contents[index], named: fileNames[index]) }
        }
        var written = merged
        if request.subsetsFonts || merged.contains(where: { $0 != nil }) {
            plan.fonts = FontShipping.ship(copies.indices.filter { refusals[$0] == nil && copies[$0].type == .font }, of: copies,
                                           fileNames: fileNames, sources: sources, fontBytes: fontBytes, merged: merged, mergeNotes: mergeNotes,
                                           request: request, bytes: &written)
        }
        for (index, copy) in copies.enumerated() {
            plan.placements[copy.input, default: [:]][copy.asset] = Placement(fileName: fileNames[index], refusal: refusals[index],
                                                                              bytes: written[index] ?? sources[index])
        }
        return plan
    }

    /// Settles `group` (the copies at `members`) by writing each input's copy
    /// under `uniqueName@input.ext`; refused when one input holds two copies.
    private static func writePerFile(_ group: [Copy], _ members: [Int], _ copies: [Copy], inputs: [String], into conflict: inout AssetConflict,
                                     fileNames: inout [String], taken: inout Set<String>) {
        let byInput = Dictionary(grouping: group, by: \.input).mapValues { Set($0.map(\.content)) }
        if let twice = byInput.first(where: { $0.value.count > 1 }) {
            conflict.reason = "\(inputs[twice.key]) holds two copies with other bytes itself, which names after the input cannot tell apart"
            return
        }
        conflict.settled = true
        conflict.reason = "each copy is written under a name carrying its input"
        var named: [Int: String] = [:]
        for member in members {
            let input = copies[member].input
            if named[input] == nil { named[input] = perFileName(copies[member], input: inputs[input], taken: &taken) }
            fileNames[member] = named[input]!
        }
    }

    /// Records which file each copy of a conflict was written to, from the outcomes of the run.
    mutating func record(_ outcomes: [InputOutcome<StrippedAssets>]) {
        guard !conflicts.isEmpty else { return }
        // Each stripped input's files by asset (its first outcome, each asset's first file),
        // so that recording stays linear in inputs and copies.
        var filesByInput: [String: [String: String]] = [:]
        for outcome in outcomes where outcome.status != .failed && filesByInput[outcome.input] == nil {
            var files: [String: String] = [:]
            for stripped in outcome.detail?.stripped ?? [] where files[stripped.asset] == nil { files[stripped.asset] = stripped.file }
            filesByInput[outcome.input] = files
        }
        for index in conflicts.indices {
            for position in conflicts[index].copies.indices {
                conflicts[index].copies[position].file = filesByInput[conflicts[index].copies[position].input]?[conflicts[index].asset]
            }
        }
    }

    /// `uniqueName@input.ext`, with `-2`, `-3`, ... after the input's name when that is taken.
    private static func perFileName(_ copy: Copy, input: String, taken: inout Set<String>) -> String {
        let stem = copy.uniqueName + "@" + LiteralPath.url(InputFolders.fileName(of: input)).deletingPathExtension().lastPathComponent
        var name = AssetFileName.written(stem: stem, fileExtension: copy.fileExtension)
        var counter = 2
        while taken.contains(RunWrites.key(name)) {
            name = AssetFileName.written(stem: "\(stem)-\(counter)", fileExtension: copy.fileExtension)
            counter += 1
        }
        taken.insert(RunWrites.key(name))
        return name
    }

    /// Choosing the copy that covers the others.
    private enum Coverage {
        /// What comparing the copies gave.
        enum Choice {
            /// The copy at this position of the group, its bytes, and why.
            case kept(Int, [UInt8], String)
            /// No copy covers the others, and why.
            case none(String)
        }

        /// The font copy among `group` whose character map maps every character
        /// any other copy maps, the largest when several do; `fontBytes` holds
        /// each copy's bytes by content.
        static func choose(among group: [Copy], of inputs: [String], fontBytes: [AssetContent: [UInt8]]) -> Choice {
            guard group.allSatisfy({ $0.type == .font }) else {
                return .none("the copies are no fonts (\(group[0].type)), and \(RequestField.preferLargest) settles fonts only (give \(RequestField.preferPerFile))")
            }
            // Every Unicode scalar value is what each character map is asked about
            // (built per conflict, not kept: 1.1 million values).
            let everyScalar = Set((0...0x10FFFF).compactMap(Unicode.Scalar.init))
            // One reading per content: its mapped characters and its bytes.
            var read: [AssetContent: (bytes: [UInt8], mapped: Set<Unicode.Scalar>)] = [:]
            for copy in group where read[copy.content] == nil {
                guard let bytes = fontBytes[copy.content] else { return .none("the copy of \(inputs[copy.input]) was not kept to compare") }
                do throws(FontSubsetError) {
                    let coverage = try FontCharacterCoverage(font: bytes)
                    read[copy.content] = (bytes, try coverage.mapped(everyScalar))
                } catch {
                    return largestOfOneFamily(group, inputs, fontBytes: fontBytes,
                                              because: "the character map of the copy in \(inputs[copy.input]) cannot be read (\(error))")
                }
            }
            let union = read.values.reduce(into: Set<Unicode.Scalar>()) { $0.formUnion($1.mapped) }
            let covering = group.indices.filter { read[group[$0].content]!.mapped.isSuperset(of: union) }
            guard let kept = covering.max(by: { group[$0].content.bytes < group[$1].content.bytes }) else {
                let counts = group.map { "\(inputs[$0.input]) maps \(read[$0.content]!.mapped.count)" }.joined(separator: ", ")
                return .none("no copy maps every character the others map (\(union.count) together; \(counts))")
            }
            let others = read.filter { $0.key != group[kept].content }.map(\.value.mapped.count).sorted()
            return .kept(kept, read[group[kept].content]!.bytes,
                         "the copy of \(inputs[group[kept].input]) (\(group[kept].content.bytes) bytes) maps all \(union.count) characters the copies map together; "
                            + (others.count == 1 ? "the other copy maps \(others[0])" : "the \(others.count) other copies map \(others.map(String.init).joined(separator: ", "))"))
        }

        /// The largest copy when every copy names one font family (the `name`
        /// table), for copies whose character maps cannot be compared.
        private static func largestOfOneFamily(_ group: [Copy], _ inputs: [String], fontBytes: [AssetContent: [UInt8]], because why: String) -> Choice {
            let families = Set(group.map { $0.names?.family })
            guard families.count == 1, let family = families.first ?? nil else {
                return .none("\(why), and the copies do not all name one font family")
            }
            let kept = group.indices.max { group[$0].content.bytes < group[$1].content.bytes }!
            guard let bytes = fontBytes[group[kept].content] else { return .none("\(why), and the copy of \(inputs[group[kept].input]) was not kept") }
            return .kept(kept, bytes, "\(why); kept the largest copy of the family \(family), that of \(inputs[group[kept].input]) "
                + "(\(group[kept].content.bytes) bytes)")
        }
    }
}
