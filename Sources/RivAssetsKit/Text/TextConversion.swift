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
            lines.append(InspectionText.artboardTitle(artboard))
            for machine in artboard.stateMachines.sorted(by: { $0.name < $1.name }) {
                lines.append("  " + InspectionText.stateMachineTitle(machine, of: artboard))
                lines += machine.inputs.sorted(by: { $0.name < $1.name }).map { "    " + InspectionText.inputLine($0) }
            }
            for animation in artboard.animations.sorted(by: { $0.name < $1.name }) {
                lines.append("  animation \(TerminalText.quoted(animation.name)): \(ByteCountText.number(animation.durationSeconds)) s at \(animation.fps) fps, "
                    + InspectionText.playback(animation))
            }
            for run in artboard.textRuns.sorted(by: { $0.name < $1.name }) {
                lines.append("  text run \(TerminalText.quoted(run.name)): \(TerminalText.quoted(run.text))")
            }
            lines += artboard.events.sorted(by: { $0.name < $1.name }).map { "  " + InspectionText.eventLine($0) }
            lines += artboard.nestedArtboards.sorted(by: { $0.name < $1.name }).map { "  " + InspectionText.nestedArtboardLine($0) }
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
