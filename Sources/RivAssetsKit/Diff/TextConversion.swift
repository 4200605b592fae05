import RivFormat

/// A file's names as stable text (`riv-assets inspect --text`), for git's
/// `textconv`: what ``AssetOperations/diff(_:)`` compares, one line each, every
/// list sorted by name and nothing that moves when an unrelated part of the file
/// is edited (no object counts, indices or offsets), so that a line-based diff of
/// two versions shows only what changed. Every name is escaped for the terminal,
/// and cut where a line refers to it rather than names it (the artboard a nested
/// one shows, the clip an event plays).
public enum TextConversion {
    /// The lines for `file` (without line breaks).
    public static func lines(for file: RivFile) -> [String] {
        let side = DiffSide(file)
        var lines: [String] = []
        for artboard in side.inspection.artboards.sorted(by: { $0.name < $1.name }) {
            lines.append("artboard \(TerminalText.quoted(artboard.name)) \(ByteCountText.number(artboard.width))×\(ByteCountText.number(artboard.height))"
                + (artboard.isDefault ? ", default" : ""))
            for machine in artboard.stateMachines.sorted(by: { $0.name < $1.name }) {
                lines.append("  state machine \(TerminalText.quoted(machine.name))" + (machine.name == artboard.defaultStateMachine ? ", default" : ""))
                for input in machine.inputs.sorted(by: { $0.name < $1.name }) {
                    let value = switch input.defaultValue {
                    case .bool(let flag)?: " = \(flag)"
                    case .number(let number)?: " = \(ByteCountText.number(number))"
                    case nil: ""
                    }
                    lines.append("    input \(TerminalText.quoted(input.name)) (\(input.type))\(value)")
                }
            }
            for animation in artboard.animations.sorted(by: { $0.name < $1.name }) {
                lines.append("  animation \(TerminalText.quoted(animation.name)): \(ByteCountText.number(animation.durationSeconds)) s at \(animation.fps) fps, "
                    + animation.loop + (animation.speed != 1 ? ", speed \(ByteCountText.number(animation.speed))" : ""))
            }
            for run in artboard.textRuns.sorted(by: { $0.name < $1.name }) {
                lines.append("  text run \(TerminalText.quoted(run.name)): \(TerminalText.quoted(run.text))")
            }
            for event in artboard.events.sorted(by: { $0.name < $1.name }) {
                let detail = event.url.map { ", opens \(TerminalText.escaped($0))" } ?? event.asset.map { ", plays \(InspectionText.reference($0))" } ?? ""
                lines.append("  event \(TerminalText.quoted(event.name)) (\(event.type))\(detail)")
            }
            for nested in artboard.nestedArtboards.sorted(by: { $0.name < $1.name }) {
                lines.append("  nested artboard \(TerminalText.quoted(nested.name)) shows \(nested.artboard.map(InspectionText.quotedReference) ?? "no artboard")")
            }
        }
        for model in side.inspection.viewModels.sorted(by: { $0.name < $1.name }) {
            lines.append("view model \(TerminalText.quoted(model.name))")
            for property in model.properties.sorted(by: { $0.name < $1.name }) { lines.append("  property \(TerminalText.quoted(property.name)) (\(property.type))") }
            for instance in model.instances.sorted() { lines.append("  instance \(TerminalText.quoted(instance))") }
        }
        for asset in side.assets.sorted(by: { $0.uniqueName < $1.uniqueName }) {
            let bytes = asset.byteCount > 0 ? ", \(asset.byteCount) bytes, xxh64 \(XXH64.hexString(asset.hash))" : ""
            lines.append("asset \(TerminalText.escaped(asset.uniqueName)) (\(asset.type), \(asset.location)\(bytes))"
                + (asset.cdn.map { ", \(TerminalText.escaped($0))" } ?? ""))
        }
        return lines
    }

    /// The one line that stands for a file that cannot be read, `unreadable: MESSAGE`
    /// (escaped for the terminal): as git's textconv the tool says what it could not
    /// read and exits 0, so that git goes on to the next file instead of stopping.
    public static func unreadableLine(_ message: String) -> String {
        "unreadable: " + TerminalText.escaped(message)
    }
}
