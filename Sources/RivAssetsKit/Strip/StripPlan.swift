import Foundation
import RivFontSubset
import RivFormat

/// Where a strip run writes each chosen asset, decided over every input before
/// anything is written: copies of one name with other bytes are refused or
/// settled (``StripRequest/conflicts``) and contents deduplicated
/// (``StripRequest/dedupe``) here, so a refused conflict fails every input that
/// holds a copy, never a later input after an earlier one was written. Inputs are read a batch at a time,
/// keeping only each asset's name, size and hash; the inputs of a conflict are
/// read again to compare their copies.
struct StripPlan {
    /// Where one asset goes.
    struct Placement {
        /// The asset file's name in the asset folder.
        var fileName: String
        /// The asset whose bytes the file holds, when it is another input's copy.
        var bytesFrom: FileAsset?
        /// Why the asset cannot be written: its input fails with this.
        var refusal: String?
        /// The bytes the file holds when no asset embeds them (a merged or subset font).
        var bytes: [UInt8]?
    }

    /// Each input's placements (by input index), by asset.
    private var placements: [Int: [FileAsset.ID: Placement]] = [:]
    /// The conflicts met, in the order first met.
    private(set) var conflicts: [AssetConflict] = []
    /// The font files merged or subset, in the order first met.
    private(set) var fonts: [ShippedFont] = []

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
        /// A font's family and style, when original fonts are given to match them.
        var names: FontNames?
        var fileName: String { AssetFileName.written(stem: uniqueName, fileExtension: fileExtension) }
    }

    /// The plan for `request`, reading its inputs `batchSize` at a time;
    /// `fontSources` are the request's original fonts, read.
    static func make(_ request: StripRequest, batchSize: Int, fontSources: [FontSourceFile.Loaded] = []) -> StripPlan {
        var copies: [Copy] = []
        for start in stride(from: 0, to: request.inputs.count, by: batchSize) {
            let batch = Array(request.inputs[start..<min(start + batchSize, request.inputs.count)])
            let found = InputEngine.map(batch, width: ParallelWork.coreCount) { offset, path -> [Copy] in
                guard case .success(let file) = InputEngine.read(path) else { return [] }
                let text = request.subsetsFonts ? Dictionary(file.fontText.map { ($0.assetIndex, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
                return file.assets.enumerated().filter { request.chooses($0.element) }.map { index, asset in
                    Copy(input: start + offset, asset: asset.id, uniqueName: asset.uniqueName, fileExtension: asset.fileExtension,
                         type: asset.type, content: AssetContent(asset), text: text[index].map { ($0.characters, !$0.openRuns.isEmpty) },
                         names: fontSources.isEmpty || asset.type != .font ? nil : asset.fontNames)
                }
            }
            copies += found.joined()
        }
        var plan = StripPlan()
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (index, copy) in copies.enumerated() {
            let key = RunWrites.key(copy.fileName)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(index)
        }
        // Each copy's file and the copy whose bytes it holds (nil: its own).
        var fileNames = copies.map(\.fileName)
        var contents = copies.map(\.content)
        var sources: [FileAsset?] = Array(repeating: nil, count: copies.count)
        var refusals: [String?] = Array(repeating: nil, count: copies.count)
        // Merged fonts' bytes, by copy.
        var merged: [[UInt8]?] = Array(repeating: nil, count: copies.count)
        var mergeNotes: [String: String] = [:]
        var takenNames = Set(copies.map { RunWrites.key($0.fileName) })
        for key in order {
            let members = groups[key]!
            let group = members.map { copies[$0] }
            var conflict = AssetConflict(asset: group[0].uniqueName, policy: request.conflicts, settled: false, reason: "",
                                         copies: group.map { AssetConflict.Copy(input: request.inputs[$0.input], bytes: $0.content.bytes) })
            if let source = FontShipping.source(for: group, among: fontSources) {
                if let problem = FontShipping.problem(with: source, for: group, inputs: request.inputs) {
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
                switch Coverage.choose(among: group, of: request.inputs) {
                case .kept(let position, let asset, let reason):
                    conflict.settled = true
                    conflict.kept = request.inputs[group[position].input]
                    conflict.reason = reason
                    for member in members {
                        sources[member] = asset
                        contents[member] = group[position].content
                    }
                case .none(let reason):
                    conflict.reason = reason
                }
            case .perFile:
                Self.writePerFile(group, members, copies, inputs: request.inputs, into: &conflict, fileNames: &fileNames, taken: &takenNames)
            case .merge:
                switch Merging.merge(group, of: request.inputs) {
                case .merged(let bytes, let reason, let notes):
                    conflict.settled = true
                    conflict.reason = reason
                    for member in members {
                        merged[member] = bytes
                        contents[member] = AssetContent(bytes)
                    }
                    if !notes.isEmpty { mergeNotes[key] = notes.joined(separator: "; ") }
                case .unmergeable(let reason):
                    Self.writePerFile(group, members, copies, inputs: request.inputs, into: &conflict, fileNames: &fileNames, taken: &takenNames)
                    conflict.reason = reason + "; " + conflict.reason
                case .none(let reason):
                    conflict.reason = reason
                }
            }
            if !conflict.settled {
                let text = conflict.reason + "; copies: " + group.map { "\(request.inputs[$0.input]) (\($0.content.bytes) bytes)" }.joined(separator: ", ")
                for member in members { refusals[member] = "\(group[0].uniqueName): \(text)" }
            }
            plan.conflicts.append(conflict)
        }
        if request.dedupe {
            // Every content's file is the first file met holding it.
            var fileOf: [AssetContent: String] = [:]
            for index in copies.indices where refusals[index] == nil {
                if let first = fileOf[contents[index]] { fileNames[index] = first } else { fileOf[contents[index]] = fileNames[index] }
            }
        }
        var written = merged
        if request.subsetsFonts || merged.contains(where: { $0 != nil }) {
            plan.fonts = FontShipping.ship(copies.indices.filter { refusals[$0] == nil && copies[$0].type == .font }, of: copies,
                                           fileNames: fileNames, sources: sources, merged: merged, mergeNotes: mergeNotes, request: request, bytes: &written)
        }
        for (index, copy) in copies.enumerated() {
            plan.placements[copy.input, default: [:]][copy.asset] = Placement(fileName: fileNames[index], bytesFrom: sources[index],
                                                                              refusal: refusals[index], bytes: written[index])
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

    /// The asset `copy` names, its input read again; nil when it cannot be.
    static func asset(of copy: Copy, inputs: [String]) -> FileAsset? {
        guard case .success(let file) = InputEngine.read(inputs[copy.input]) else { return nil }
        return file.assets.first { $0.id == copy.asset }
    }

    /// Choosing the copy that covers the others.
    private enum Coverage {
        /// What comparing the copies gave.
        enum Choice {
            /// The copy at this position of the group, its asset (its input read again), and why.
            case kept(Int, FileAsset, String)
            /// No copy covers the others, and why.
            case none(String)
        }

        /// The font copy among `group` whose character map maps every character
        /// any other copy maps, the largest when several do.
        static func choose(among group: [Copy], of inputs: [String]) -> Choice {
            guard group.allSatisfy({ $0.type == .font }) else {
                return .none("the copies are no fonts (\(group[0].type)), and --prefer largest settles fonts only (give --prefer per-file)")
            }
            // Every Unicode scalar value is what each character map is asked about
            // (built per conflict, not kept: 1.1 million values).
            let everyScalar = Set((0...0x10FFFF).compactMap(Unicode.Scalar.init))
            // One reading per content: its mapped characters and the asset holding it.
            var read: [AssetContent: (asset: FileAsset, mapped: Set<Unicode.Scalar>)] = [:]
            for copy in group where read[copy.content] == nil {
                guard let asset = StripPlan.asset(of: copy, inputs: inputs) else {
                    return .none("\(inputs[copy.input]) could not be read again to compare its copy")
                }
                do throws(FontSubsetError) {
                    let coverage = try FontCharacterCoverage(font: asset.withEmbeddedBytes { Array($0) })
                    read[copy.content] = (asset, try coverage.mapped(everyScalar))
                } catch {
                    return largestOfOneFamily(group, inputs, because: "the character map of the copy in \(inputs[copy.input]) cannot be read (\(error))")
                }
            }
            let union = read.values.reduce(into: Set<Unicode.Scalar>()) { $0.formUnion($1.mapped) }
            let covering = group.indices.filter { read[group[$0].content]!.mapped.isSuperset(of: union) }
            guard let kept = covering.max(by: { group[$0].content.bytes < group[$1].content.bytes }) else {
                let counts = group.map { "\(inputs[$0.input]) maps \(read[$0.content]!.mapped.count)" }.joined(separator: ", ")
                return .none("no copy maps every character the others map (\(union.count) together; \(counts))")
            }
            let others = read.filter { $0.key != group[kept].content }.map(\.value.mapped.count).sorted()
            return .kept(kept, read[group[kept].content]!.asset,
                         "the copy of \(inputs[group[kept].input]) (\(group[kept].content.bytes) bytes) maps all \(union.count) characters the copies map together; "
                            + (others.count == 1 ? "the other copy maps \(others[0])" : "the \(others.count) other copies map \(others.map(String.init).joined(separator: ", "))"))
        }

        /// The largest copy when every copy names one font family (the `name`
        /// table), for copies whose character maps cannot be compared.
        private static func largestOfOneFamily(_ group: [Copy], _ inputs: [String], because why: String) -> Choice {
            var assets: [FileAsset] = []
            for copy in group {
                guard let asset = StripPlan.asset(of: copy, inputs: inputs) else {
                    return .none("\(why), and \(inputs[copy.input]) could not be read again")
                }
                assets.append(asset)
            }
            let families = Set(assets.map { $0.fontNames?.family })
            guard families.count == 1, let family = families.first ?? nil else {
                return .none("\(why), and the copies do not all name one font family")
            }
            let kept = group.indices.max { group[$0].content.bytes < group[$1].content.bytes }!
            return .kept(kept, assets[kept], "\(why); kept the largest copy of the family \(family), that of \(inputs[group[kept].input]) "
                + "(\(group[kept].content.bytes) bytes)")
        }
    }
}
