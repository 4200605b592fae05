import RivSupport

/// How `riv-assets diff` shows a file's changes to a person: a summary line, then
/// the changes grouped by artboard, view model and assets, each breaking change
/// marked `!`, then what `pictures` found per artboard. Every name from the files
/// is escaped for the terminal.
public enum DiffText {
    /// The lines for one compared file (without line breaks).
    public static func lines(for file: FileDiff) -> [String] {
        changeLines(for: file) + file.pictures.map(pictureLine)
    }

    /// The summary line and the changes, grouped.
    private static func changeLines(for file: FileDiff) -> [String] {
        let old = file.old.map(TerminalText.escaped) ?? "(none)"
        let new = file.new.map(TerminalText.escaped) ?? "(none)"
        let title = file.old == file.new || file.new == nil ? old : file.old == nil ? new : "\(old) → \(new)"
        if let error = file.error { return ["\(title): \(TerminalText.escaped(error))"] }
        if let skipped = file.skipped { return ["\(title): \(TerminalText.escaped(skipped))"] }
        guard !file.changes.isEmpty else { return ["\(title): no changes"] }
        var lines = ["\(title): \(CountedNoun.text(file.changes.count, "change")), \(file.breakingCount) breaking"]
        var groups: [String] = []
        var members: [String: [String]] = [:]
        for change in file.changes {
            let group = switch change.subject {
            case "file": ""
            case "artboard" where change.field == nil: "artboards"
            case "viewModel": "view models"
            case "viewModelProperty", "viewModelInstance": "view model \(TerminalText.quoted(change.owner ?? ""))"
            case "asset": "assets"
            default: "artboard \(TerminalText.quoted(change.artboard ?? change.name))"
            }
            if members[group] == nil { groups.append(group) }
            members[group, default: []].append((change.breaking ? "! " : "  ") + describe(change))
        }
        for group in groups {
            if group.isEmpty {
                lines += members[group]!.map { "  " + $0 }
            } else {
                lines.append("  " + group)
                lines += members[group]!.map { "    " + $0 }
            }
        }
        return lines
    }

    /// One change in words, e.g. `input "level" of state machine "flow": number → bool`.
    private static func describe(_ change: DiffChange) -> String {
        let noun = switch change.subject {
        case "stateMachine": "state machine"
        case "textRun": "text run"
        case "nestedArtboard": "nested artboard"
        case "viewModel": "view model"
        case "viewModelProperty": "property"
        case "viewModelInstance": "instance"
        default: change.subject
        }
        let owner = switch change.subject {
        case "input": change.owner.map { " of state machine \(TerminalText.quoted($0))" } ?? ""
        default: ""
        }
        let name = change.subject == "asset" || change.subject == "file" ? TerminalText.escaped(change.name) : TerminalText.quoted(change.name)
        let what = "\(noun) \(name)\(owner)"
        let old = change.old.map(TerminalText.escaped) ?? "none"
        let new = change.new.map(TerminalText.escaped) ?? "none"
        switch change.change {
        case .added: return what + (change.new.map { " (\(TerminalText.escaped($0)))" } ?? "") + " added"
        case .removed: return what + (change.old.map { " (\(TerminalText.escaped($0)))" } ?? "") + " removed"
        case .renamed: return "\(what) renamed to \(TerminalText.quoted(change.new ?? ""))"
        case .moved: return "\(what) moved from artboard \(TerminalText.quoted(change.old ?? "")) to \(TerminalText.quoted(change.new ?? ""))"
        case .kindChanged: return "\(what): \(old) → \(new)"
        case .uniqueNameChanged: return "\(what): unique name \(old) → \(new) (same name and type, imported again?)"
        case .changed:
            if let bytes = change.bytes {
                return "\(what): bytes \(old) (\(bytes.oldHash)) → \(new) (\(bytes.newHash))"
            }
            return "\(what): \(change.field ?? "value") \(old) → \(new)"
        }
    }

    /// What `pictures` found for one artboard, in a line.
    private static func pictureLine(_ pictures: ArtboardPictures) -> String {
        let name = "artboard \(TerminalText.quoted(pictures.artboard))"
        if let error = pictures.error { return "  picture of \(name): \(TerminalText.escaped(error))" }
        let verdict = !pictures.differs ? "draws the same" : pictures.pixels == 0 ? "draws at another size"
            : "draws differently (\(pictures.differingPixels) of \(pictures.pixels) pixels)"
        return "  picture of \(name) \(verdict): \(pictures.files.map(TerminalText.escaped).joined(separator: ", "))"
    }
}
