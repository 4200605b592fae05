import Foundation
import RivFormat

/// Draws the artboards of a file as Rive's runtime draws them, into a ``DisplayList``.
///
/// It draws the setup pose (the scene `none`) or a scene played on it: the components
/// updated in the runtime's dependency order, with shapes, paths, fills, strokes,
/// gradients, clipping shapes, blend modes, images and image meshes, nested artboards,
/// bones and skins, constraints (translation, rotation, scale, transform, distance, IK,
/// follow path, scrolling at rest), artboard lists (their items along a follow path), joysticks,
/// trim and dash paths and feathers. What it meets and does not draw yet (text, scroll bars,
/// layout...) is listed in the display list's
/// ``DisplayList/notes``.
public struct ArtboardRenderer: Sendable {
    /// The file read.
    public let file: RivFile
    /// What a drawing may hold before the rest is left out.
    public let limits: RenderLimits
    private let artboards: [ArtboardObjects]
    /// The view models' default instances, which scenes bind.
    private let viewModels: ViewModelValues
    /// The image assets by their index in the asset list (which leaves manifests
    /// out), with the pixel size and MIME type of those the runtime decodes.
    private let images: [Int: (width: Int, height: Int, mimeType: String)?]

    /// A renderer of `file`'s artboards within `limits`.
    public init(file: RivFile, limits: RenderLimits = .standard) {
        self.file = file
        self.limits = limits
        artboards = file.artboardObjects()
        viewModels = ViewModelValues(file)
        var images: [Int: (width: Int, height: Int, mimeType: String)?] = [:]
        for (index, asset) in file.listedAssets.enumerated() where asset.type == .image {
            guard let size = asset.pixelSize, size.width > 0, size.height > 0, let mimeType = Self.mimeTypes[asset.detectedFormat?.rawValue ?? ""] else {
                images[index] = .some(nil)
                continue
            }
            images[index] = (size.width, size.height, mimeType)
        }
        self.images = images
    }

    /// The image formats Rive's runtime decodes, by detected format.
    private static let mimeTypes = ["png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp"]

    /// The artboards' names in file order.
    public var artboardNames: [String] {
        artboards.map(name(of:))
    }

    /// The index of the artboard named `name` (the first of that name).
    public func artboardIndex(named name: String) throws(RenderError) -> Int {
        guard let index = artboards.firstIndex(where: { self.name(of: $0) == name }) else {
            throw .noArtboardNamed(name, available: artboardNames)
        }
        return index
    }

    /// The draw calls of the artboard at `index` in its setup pose (the scene `none`).
    public func setupPose(artboardIndex index: Int) throws(RenderError) -> DisplayList {
        try render(artboardIndex: index, scene: .none)
    }

    /// The draw calls of the artboard at `index` at `scene`, played as `options` ask
    /// (by default the runtime's default scene after one `advanceAndApply(0)`).
    public func render(artboardIndex index: Int, scene: RenderScene = .default, options: SceneOptions = SceneOptions()) throws(RenderError) -> DisplayList {
        guard artboards.indices.contains(index) else { throw .noArtboardAtIndex(index, count: artboards.count) }
        let objects = artboards[index]
        var hierarchy = SceneHierarchy(objects, in: file)
        let player = try ScenePlayer(scene, options: options, artboard: objects, hierarchy: &hierarchy, viewModels: viewModels, in: file)
        let pose = SetupPose(hierarchy)
        let artboard = pose.hierarchy.records[0]!
        let width = artboard.number(Schema.PropertyKey.layoutComponentWidth, default: 0)
        let height = artboard.number(Schema.PropertyKey.layoutComponentHeight, default: 0)
        // Each artboard's hierarchy is read once, however many times it is nested.
        var hierarchies: [Int: SceneHierarchy] = [:]
        var nestedScenes = NestedScenes(steps: options.steps)
        // The view models' instances, with those nested artboards hold added as they are drawn.
        var values = viewModels
        let drawing = ArtboardDrawing(pose: pose, width: width, height: height, limits: limits,
                                      imageSizes: images.mapValues { $0.map { ($0.width, $0.height) } }, context: player.context, lists: player.lists,
                                      artboardViewModels: artboards.map { $0.artboard.property(Schema.PropertyKey.artboardViewModelId).map(file.uintValue(of:)) }) { shown, hostOpacity, host, item in
            guard artboards.indices.contains(shown) else { return nil }
            var hierarchy = hierarchies[shown] ?? SceneHierarchy(artboards[shown], in: file)
            hierarchies[shown] = hierarchy
            // The nested artboard binds in its host's data context, in front of which comes
            // its own (stateful) view model instance when it holds one, else the nested view
            // model instance its id path names, when it names one.
            var context = host.context
            var stateful: ViewModelValues.InstanceID?
            // A list's item binds its own copy of the item's instance.
            if let item { stateful = values.item(item.source, at: item.listIndex) }
            // The runtime binds it when the nested artboard first advances, which the setup
            // pose and a host without a view model do too.
            for held in host.hierarchy.children[host.index] where item == nil && stateful == nil {
                guard let record = host.hierarchy.records[held], record.type == Schema.TypeKey.viewModelInstance else { continue }
                stateful = values.add(record, values: host.hierarchy.children[held].compactMap { host.hierarchy.records[$0] })
            }
            if let stateful {
                context.insert(stateful, at: 0)
            } else if let path = host.hierarchy.records[host.index]?.idList(Schema.PropertyKey.nestedArtboardDataBindPathIds),
                      let instance = values.instance(at: path, in: host.context) {
                context.insert(instance, at: 0)
            }
            // Bound in a scene, else (at the host's setup pose) when it has a data context: one
            // an instance it holds gives, or an outer nested artboard's, which binds its nested
            // artboards with it. Its binds, their notes and its lists go together.
            let bound = player.sceneName != "none" || !context.isEmpty
            let binds = DataBinds(artboards[shown], records: hierarchy.records, values: values, context: context, in: file)
            // A nested artboard instance plays its own animations and state machines, with the host's steps
            // (at the host's setup pose too: the runtime's first advance by 0 advances its nested artboards).
            var sceneNotes: [RenderNote]?
            var joystickNotes: [RenderNote] = []
            if item != nil {
                sceneNotes = nestedScenes.playItem(&hierarchy, shown: shown, artboard: artboards[shown], binds: binds, context: context,
                                                   bound: { [values, context] in values.location(at: $0, in: context) }, in: file)
            } else if NestedScenes.runs(host.hierarchy, host.index) {
                sceneNotes = nestedScenes.play(&hierarchy, shown: shown, artboard: artboards[shown], host: host.hierarchy, index: host.index, binds: binds,
                                                primed: player.playsStateMachine, context: context,
                                                bound: { [values, context] in values.location(at: $0, in: context) }, in: file)
            } else {
                if bound { binds.apply(to: &hierarchy.records) }
                joystickNotes = nestedScenes.applyJoysticks(&hierarchy, shown: shown, artboard: artboards[shown], in: file)
            }
            let nested = SetupPose(hierarchy, hostOpacity: hostOpacity)
            let record = nested.hierarchy.records[0]!
            let notes = Self.notes(on: artboards[shown], pose: nested).filter { (sceneNotes == nil || $0.feature != "scene") && (!bound || $0.feature != "data binding") }
            return (nested, record.number(Schema.PropertyKey.layoutComponentWidth, default: 0), record.number(Schema.PropertyKey.layoutComponentHeight, default: 0),
                    notes + (sceneNotes ?? []) + joystickNotes + (bound ? binds.notes : []), context, bound ? binds.lists : [:])
        }
        let assets = file.listedAssets
        let drawn = drawing.drawnImages.compactMap { asset -> RenderImage? in
            guard let image = images[asset] ?? nil else { return nil }
            return RenderImage(asset: asset, width: image.width, height: image.height, mimeType: image.mimeType, bytes: Array(assets[asset].embeddedBytes ?? Data()))
        }
        var notes = Self.notes(on: objects, pose: pose)
        if player.sceneName != "none" { notes = notes.filter { $0.feature != "scene" && $0.feature != "data binding" } }
        notes += player.notes
        var list = DisplayList(artboardName: name(of: objects), artboardIndex: index, width: width, height: height, scene: player.sceneName,
                               commands: drawing.commands, notes: Self.grouped(notes + drawing.notes), images: drawn)
        list.time = player.sceneName == "none" ? 0 : options.time
        return list
    }

    /// What the setup pose of `artboard` leaves out, before it is drawn.
    private static func notes(on artboard: ArtboardObjects, pose: SetupPose) -> [RenderNote] {
        var notes = pose.hierarchy.notes + pose.notes + unsupported(in: pose.hierarchy)
        if artboard.otherRecords.contains(where: { Schema.isKind($0.typeKey, of: Schema.TypeKey.animation) || Schema.isKind($0.typeKey, of: Schema.TypeKey.stateMachine) }) {
            notes.append(RenderNote(feature: "scene", message: "the artboard has animations or state machines; this is its setup pose, with none applied"))
        }
        if artboard.otherRecords.contains(where: { Schema.isKind($0.typeKey, of: Schema.TypeKey.dataBind) }) {
            notes.append(RenderNote(feature: "data binding", message: "the artboard's data binds are not applied (the runtime binds the default view model instance)"))
        }
        return notes
    }

    private func name(of artboard: ArtboardObjects) -> String {
        artboard.artboard.property(Schema.PropertyKey.componentName).map(file.stringValue(of:)) ?? ""
    }

    /// The kinds of component the setup pose leaves out, wherever they sit.
    private static let unsupportedKinds: [UInt16] = [
        Schema.TypeKey.constraint,
    ]

    private static func unsupported(in hierarchy: SceneHierarchy) -> [RenderNote] {
        hierarchy.records.indices.compactMap { index in
            guard let record = hierarchy.records[index], unsupportedKinds.contains(where: record.isKind),
                  !TransformConstraints.kinds.contains(record.type),
                  ![Schema.TypeKey.scrollConstraint, Schema.TypeKey.listFollowPathConstraint].contains(record.type) else { return nil }
            let name = Schema.typeName(record.type)
            return RenderNote(feature: name, objectIndex: index, message: "a \(name) is not applied")
        }
    }

    /// One note per feature: the first object it names and how many there were.
    static func grouped(_ notes: [RenderNote]) -> [RenderNote] {
        var order: [String] = []
        var first: [String: RenderNote] = [:]
        var counts: [String: Int] = [:]
        for note in notes {
            if first[note.feature] == nil {
                order.append(note.feature)
                first[note.feature] = note
            }
            counts[note.feature, default: 0] += 1
        }
        return order.map { feature in
            var note = first[feature]!
            if counts[feature]! > 1 { note.message += " (\(counts[feature]!) times)" }
            return note
        }
    }
}
