import RivFormat
import RivSupport

/// How `riv-assets inspect` shows a file to a person: one line per artboard,
/// animation, state machine, text run, nested artboard, event and view model,
/// indented under what it belongs to. Every name from the file is escaped for
/// the terminal. A name is whole on the line of what it names; where another
/// line refers to it (a user's artboard, a run's text object and font, the
/// artboard a nested one shows, the clip an event plays, an artboard's assets)
/// it is cut to ``referenceLimit`` characters, so one long name used by many
/// objects is not repeated whole on each of their lines.
public enum InspectionText {
    /// The most characters a name shows where a line refers to it.
    public static let referenceLimit = 64

    /// `name` escaped and cut to ``referenceLimit`` characters: a reference to something shown whole elsewhere.
    static func reference(_ name: String) -> String {
        TerminalText.cut(name, limit: referenceLimit)
    }

    /// ``reference(_:)`` between double quotes.
    static func quotedReference(_ name: String) -> String {
        TerminalText.quoted(name, limit: referenceLimit)
    }

    /// `artboard "Main" 400×300, default`: how both printers (this one and
    /// ``TextConversion``) name an artboard, the default one marked.
    static func artboardTitle(_ artboard: ArtboardInspection) -> String {
        "artboard \(TerminalText.quoted(artboard.name)) \(ByteCountText.number(artboard.width))×\(ByteCountText.number(artboard.height))"
            + (artboard.isDefault ? defaultMarker : "")
    }

    /// `state machine "flow", default`: a state machine, marked as the artboard's
    /// default the way the default artboard is.
    static func stateMachineTitle(_ machine: StateMachineInspection, of artboard: ArtboardInspection) -> String {
        "state machine \(TerminalText.quoted(machine.name))" + (machine.name == artboard.defaultStateMachine ? defaultMarker : "")
    }

    /// What marks the default artboard and the default state machine.
    private static let defaultMarker = ", default"

    /// `input "level" (number) = 3`: a state machine input, its default value when it has one.
    static func inputLine(_ input: StateMachineInputInspection) -> String {
        let value = switch input.defaultValue {
        case .bool(let flag)?: " = \(flag)"
        case .number(let number)?: " = \(ByteCountText.number(number))"
        case nil: ""
        }
        return "input \(TerminalText.quoted(input.name)) (\(input.type))\(value)"
    }

    /// `loop, speed 2`: how an animation plays, its speed when it is not 1.
    static func playback(_ animation: AnimationInspection) -> String {
        animation.loop + (animation.speed != 1 ? ", speed \(ByteCountText.number(animation.speed))" : "")
    }

    /// `event "click" (AudioEvent), plays click-5`: an event and the URL it opens or the clip it plays.
    static func eventLine(_ event: EventInspection) -> String {
        let detail = event.url.map { ", opens \(TerminalText.escaped($0))" } ?? event.asset.map { ", plays \(reference($0))" } ?? ""
        return "event \(TerminalText.quoted(event.name)) (\(event.type))\(detail)"
    }

    /// `nested artboard "card" shows "Card"`.
    static func nestedArtboardLine(_ nested: NestedArtboardInspection) -> String {
        "nested artboard \(TerminalText.quoted(nested.name)) shows \(nested.artboard.map(quotedReference) ?? "no artboard")"
    }

    /// The lines for one input (without line breaks).
    public static func lines(for file: InspectedFile) -> [String] {
        let path = TerminalText.escaped(file.input)
        guard let inspection = file.inspection else { return ["\(path): \(TerminalText.escaped(file.error ?? "unreadable"))"] }
        let unused = inspection.unusedAssets.count
        var lines = ["\(path): \(CountedNoun.text(inspection.artboards.count, "artboard")), \(CountedNoun.text(inspection.viewModels.count, "view model")), "
            + "\(CountedNoun.text(inspection.assets.count, "asset"))" + (unused > 0 ? " (\(unused) not used by any object (data binding may))" : "")
            + (file.manifestCount > 0 ? "; \(CountedNoun.text(file.manifestCount, "manifest")) left out (list shows it)" : "")]
        for artboard in inspection.artboards {
            lines.append("  \(artboardTitle(artboard)), \(CountedNoun.text(artboard.objectCount, "object"))")
            for animation in artboard.animations {
                let frames = animation.workArea.map { "work area, frames \($0.start)-\($0.end) of \(animation.durationFrames)" }
                    ?? "\(animation.durationFrames) frames"
                lines.append("    animation \(TerminalText.quoted(animation.name)): \(ByteCountText.duration(animation.durationSeconds)) "
                    + "(\(frames) at \(animation.fps) fps), \(playback(animation))")
            }
            for machine in artboard.stateMachines {
                lines.append("    \(stateMachineTitle(machine, of: artboard)): \(CountedNoun.text(machine.layers.count, "layer")), \(CountedNoun.text(machine.listenerCount, "listener"))")
                lines += machine.inputs.map { "      " + inputLine($0) }
            }
            for run in artboard.textRuns {
                let place = run.textObject.map { " in " + quotedReference($0) } ?? ""
                lines.append("    text run \(TerminalText.quoted(run.name))\(place): \(TerminalText.quoted(run.text)), font \(run.font.map(reference) ?? "none")")
            }
            lines += artboard.nestedArtboards.map { "    " + nestedArtboardLine($0) }
            lines += artboard.events.map { "    " + eventLine($0) }
            lines.append("    assets: " + (artboard.assets.isEmpty ? "none" : summarized(artboard.assets.map(reference))))
        }
        for model in inspection.viewModels {
            // A few properties fit the model's line; more get a line each, as an artboard's parts do.
            let properties = model.properties.map { "\(TerminalText.escaped($0.name)) (\($0.type))" }
            let listed = properties.isEmpty ? "no properties" : properties.count <= 6 ? properties.joined(separator: ", ")
                : "\(properties.count) properties"
            lines.append("  view model \(TerminalText.quoted(model.name)): \(listed)"
                + (model.instances.isEmpty ? "" : "; instances " + summarized(model.instances.map { TerminalText.quoted($0) })))
            if properties.count > 6 { lines += properties.map { "    property " + $0 } }
        }
        for asset in inspection.assets {
            let users = asset.usedBy.map { use in (use.artboard.map { reference($0) + "/" } ?? "") + (use.name.isEmpty ? use.type : TerminalText.escaped(use.name)) }
            lines.append("  \(asset.type) \(TerminalText.escaped(asset.uniqueName)) (\(asset.location)): "
                + (users.isEmpty ? "not used by any object" : "used by " + summarized(users)))
        }
        return lines
    }

    /// `items` joined by commas for one readable line: repeats grouped with their
    /// count (`Main/TextStylePaint ×18`), in order of first appearance, and no more
    /// than `limit` groups (`and 230 more`).
    public static func summarized(_ items: [String], limit: Int = 12) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for item in items {
            if counts[item] == nil { order.append(item) }
            counts[item, default: 0] += 1
        }
        let shown = order.prefix(limit).map { item in counts[item]! > 1 ? "\(item) ×\(counts[item]!)" : item }
        let rest = order.dropFirst(limit).reduce(0) { $0 + counts[$1]! }
        return ShortList.text(shown, more: rest)
    }
}
