import RivFormat

/// The changes between two versions of a file, in the terms an app uses: each
/// artboard's state machines and inputs, animations, text runs, events and
/// nested artboards; the view models; the assets. Every list is matched by name
/// (``NameMatch``), so the work is linear in the two files.
struct APIDiff {
    private(set) var changes: [DiffChange] = []

    init(old: DiffSide, new: DiffSide) {
        let artboards = NameMatch(old: old.inspection.artboards, new: new.inspection.artboards, name: \.name, kind: { _ in "" })
        var eventsGone: [String: [(artboard: String, event: EventInspection)]] = [:]
        var eventsCome: [String: [(artboard: String, event: EventInspection)]] = [:]
        for (before, after) in artboards.matched {
            compare(before, after, removedEvents: &eventsGone, addedEvents: &eventsCome)
        }
        for artboard in artboards.removed { record(nil, "artboard", artboard.name, .removed) }
        for (before, after) in artboards.renamed { record(nil, "artboard", before.name, .renamed, old: before.name, new: after.name) }
        for artboard in artboards.added { record(nil, "artboard", artboard.name, .added) }
        reportEvents(gone: eventsGone, come: eventsCome)
        compareViewModels(old.inspection.viewModels, new.inspection.viewModels)
        compareAssets(old.assets, new.assets)
    }

    /// Records one change. `nameable` says whether an app can name what changed: an
    /// embedded asset is never looked up by name (the file carries it), so no change
    /// to one breaks an app.
    private mutating func record(_ artboard: String?, _ subject: String, _ name: String, _ change: DiffChange.Change, owner: String? = nil,
                                 field: String? = nil, old: String? = nil, new: String? = nil, bytes: DiffChange.ByteChange? = nil,
                                 nameable: Bool = true) {
        let breaking = switch change {
        case .removed, .renamed, .moved, .kindChanged, .uniqueNameChanged: nameable
        case .added, .changed: false
        }
        changes.append(DiffChange(artboard: artboard, subject: subject, owner: owner, name: name, change: change, field: field,
                                  old: old, new: new, bytes: bytes, breaking: breaking))
    }

    /// Records `field` as changed when `old` and `new` differ.
    private mutating func compare(_ artboard: String?, _ subject: String, _ name: String, owner: String? = nil,
                                  _ field: String, _ old: String?, _ new: String?) {
        if old != new { record(artboard, subject, name, .changed, owner: owner, field: field, old: old, new: new) }
    }

    /// Records what was removed, renamed and added in `match`, and compares what matched with `matched`.
    private mutating func lists<Item>(_ artboard: String?, _ subject: String, owner: String? = nil, _ match: NameMatch<Item>,
                                      name: (Item) -> String, kind: (Item) -> String,
                                      matched: (inout APIDiff, Item, Item) -> Void = { _, _, _ in }) {
        for (before, after) in match.matched {
            if kind(before) != kind(after) {
                record(artboard, subject, name(before), .kindChanged, owner: owner, old: kind(before), new: kind(after))
            } else {
                matched(&self, before, after)
            }
        }
        for item in match.removed { record(artboard, subject, name(item), .removed, owner: owner, old: kind(item)) }
        for (before, after) in match.renamed { record(artboard, subject, name(before), .renamed, owner: owner, old: name(before), new: name(after)) }
        for item in match.added { record(artboard, subject, name(item), .added, owner: owner, new: kind(item)) }
    }

    private mutating func compare(_ old: ArtboardInspection, _ new: ArtboardInspection,
                                  removedEvents: inout [String: [(artboard: String, event: EventInspection)]],
                                  addedEvents: inout [String: [(artboard: String, event: EventInspection)]]) {
        let board = old.name
        compare(board, "artboard", board, "size", Self.size(old), Self.size(new))
        compare(board, "artboard", board, "defaultStateMachine", old.defaultStateMachine, new.defaultStateMachine)
        lists(board, "stateMachine", NameMatch(old: old.stateMachines, new: new.stateMachines, name: \.name, kind: { _ in "" }),
              name: \.name, kind: { _ in "stateMachine" }) { diff, before, after in
            diff.lists(board, "input", owner: before.name, NameMatch(old: before.inputs, new: after.inputs, name: \.name, kind: \.type),
                       name: \.name, kind: \.type) { diff, input, changed in
                diff.compare(board, "input", input.name, owner: before.name, "default", Self.value(input.defaultValue), Self.value(changed.defaultValue))
            }
        }
        lists(board, "animation", NameMatch(old: old.animations, new: new.animations, name: \.name, kind: { _ in "" }),
              name: \.name, kind: { _ in "animation" }) { diff, before, after in
            diff.compare(board, "animation", before.name, "duration", ByteCountText.number(before.durationSeconds) + " s",
                         ByteCountText.number(after.durationSeconds) + " s")
            diff.compare(board, "animation", before.name, "fps", String(before.fps), String(after.fps))
            diff.compare(board, "animation", before.name, "loop", before.loop, after.loop)
            diff.compare(board, "animation", before.name, "speed", ByteCountText.number(before.speed), ByteCountText.number(after.speed))
        }
        lists(board, "textRun", NameMatch(old: old.textRuns, new: new.textRuns, name: \.name, kind: { _ in "" }),
              name: \.name, kind: { _ in "textRun" }) { diff, before, after in
            diff.compare(board, "textRun", before.name, "text", before.text, after.text)
        }
        lists(board, "nestedArtboard", NameMatch(old: old.nestedArtboards, new: new.nestedArtboards, name: \.name, kind: { _ in "" }),
              name: \.name, kind: { _ in "nestedArtboard" }) { diff, before, after in
            diff.compare(board, "nestedArtboard", before.name, "artboard", before.artboard, after.artboard)
        }
        // Events are matched across artboards afterwards, so one that moved reads as moved.
        let events = NameMatch(old: old.events, new: new.events, name: \.name, kind: \.type, pairsRenames: false)
        for (before, after) in events.matched {
            if before.type != after.type {
                record(board, "event", before.name, .kindChanged, old: before.type, new: after.type)
            } else {
                compare(board, "event", before.name, "url", before.url, after.url)
                compare(board, "event", before.name, "asset", before.asset, after.asset)
            }
        }
        for event in events.removed { removedEvents[event.name, default: []].append((board, event)) }
        for event in events.added { addedEvents[event.name, default: []].append((board, event)) }
    }

    /// Events no longer in their artboard: moved when another artboard gained one of
    /// that name and kind, otherwise removed; events no artboard lost are added.
    private mutating func reportEvents(gone: [String: [(artboard: String, event: EventInspection)]],
                                       come: [String: [(artboard: String, event: EventInspection)]]) {
        var arriving = come
        var added: [(artboard: String, event: EventInspection)] = []
        var removed: [(artboard: String, event: EventInspection)] = []
        for name in gone.keys.sorted() {
            for departure in gone[name]! {
                if let index = arriving[name]?.firstIndex(where: { $0.event.type == departure.event.type && $0.artboard != departure.artboard }) {
                    let arrival = arriving[name]!.remove(at: index)
                    record(departure.artboard, "event", name, .moved, old: departure.artboard, new: arrival.artboard)
                } else {
                    removed.append(departure)
                }
            }
        }
        for name in arriving.keys.sorted() { added += arriving[name]! }
        for departure in removed { record(departure.artboard, "event", departure.event.name, .removed, old: departure.event.type) }
        for arrival in added { record(arrival.artboard, "event", arrival.event.name, .added, new: arrival.event.type) }
    }

    private mutating func compareViewModels(_ old: [ViewModelInspection], _ new: [ViewModelInspection]) {
        lists(nil, "viewModel", NameMatch(old: old, new: new, name: \.name, kind: { _ in "" }), name: \.name, kind: { _ in "viewModel" }) { diff, before, after in
            diff.lists(nil, "viewModelProperty", owner: before.name, NameMatch(old: before.properties, new: after.properties, name: \.name, kind: \.type),
                       name: \.name, kind: \.type)
            diff.lists(nil, "viewModelInstance", owner: before.name, NameMatch(old: before.instances, new: after.instances, name: { $0 }, kind: { _ in "" }),
                       name: { $0 }, kind: { _ in "instance" })
        }
    }

    /// Assets by unique name; then an old and a new asset of the same name and type
    /// (an image imported again gets a new id) as one asset whose unique name changed.
    private mutating func compareAssets(_ old: [DiffSide.Asset], _ new: [DiffSide.Asset]) {
        let byUniqueName = NameMatch(old: old, new: new, name: \.uniqueName, kind: { _ in "" })
        let leftOld = byUniqueName.removed + byUniqueName.renamed.map(\.old)
        let leftNew = byUniqueName.added + byUniqueName.renamed.map(\.new)
        let byName = NameMatch(old: leftOld, new: leftNew, name: { $0.name + "\u{0}" + $0.type }, kind: { _ in "" })
        for (before, after) in byUniqueName.matched {
            if before.type != after.type {
                record(nil, "asset", before.uniqueName, .kindChanged, old: before.type, new: after.type, nameable: before.isNameable)
            } else {
                compare(before, after)
            }
        }
        for (before, after) in byName.matched {
            record(nil, "asset", before.uniqueName, .uniqueNameChanged, old: before.uniqueName, new: after.uniqueName, nameable: before.isNameable)
            compare(before, after)
        }
        for asset in byName.removed + byName.renamed.map(\.old) {
            record(nil, "asset", asset.uniqueName, .removed, old: asset.type, nameable: asset.isNameable)
        }
        for asset in byName.added + byName.renamed.map(\.new) { record(nil, "asset", asset.uniqueName, .added, new: asset.type) }
    }

    private mutating func compare(_ before: DiffSide.Asset, _ after: DiffSide.Asset) {
        compare(nil, "asset", before.uniqueName, "location", before.location, after.location)
        compare(nil, "asset", before.uniqueName, "cdn", before.cdn, after.cdn)
        if before.byteCount != after.byteCount || before.hash != after.hash {
            record(nil, "asset", before.uniqueName, .changed, field: "bytes",
                   old: ByteCountText.binary(before.byteCount), new: ByteCountText.binary(after.byteCount),
                   bytes: DiffChange.ByteChange(oldByteCount: before.byteCount, newByteCount: after.byteCount,
                                                oldHash: XXH64.hexString(before.hash), newHash: XXH64.hexString(after.hash)))
        }
    }

    private static func size(_ artboard: ArtboardInspection) -> String {
        ByteCountText.number(artboard.width) + "×" + ByteCountText.number(artboard.height)
    }

    private static func value(_ value: StateMachineInputInspection.InputValue?) -> String? {
        switch value {
        case .bool(let flag)?: String(flag)
        case .number(let number)?: ByteCountText.number(number)
        case nil: nil
        }
    }
}
