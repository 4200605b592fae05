import RivFormat

/// `Artboard::sortDrawOrder`, `clearRedundantOperations` and `drawInternal` over the
/// setup pose: the drawables in painter's order with the clipping operations between
/// them, played on a recording renderer (its transform and clip stack saved and
/// restored as the runtime asks).
struct ArtboardDrawing {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// One entry of the draw list: a drawable, or the start or end of a clipping shape.
    private enum Operation: Equatable {
        case drawable(Int)
        case clipStart(Int)
        case clipEnd(Int)
    }

    /// The renderer's state that `save` keeps and `restore` brings back.
    private struct State {
        var transform: RenderTransform
        var clips: [Int]
    }

    /// The scene of a nested artboard or of an artboard list's item: the artboard it
    /// shows (an index of the file's artboards), the host's render opacity, the host's
    /// data context, and for a list's item the instance it is a copy of and the list
    /// index that instance holds; nil when the index names no artboard.
    typealias NestedScene = (_ artboardIndex: Int, _ hostOpacity: Double,
                             _ host: (hierarchy: SceneHierarchy, index: Int, context: [ViewModelValues.InstanceID]),
                             _ item: (source: ViewModelValues.InstanceID, listIndex: Int)?) -> Instance?

    /// An artboard instance ready to draw: its pose, size, what it leaves out, the data
    /// context it binds in and its lists' items.
    typealias Instance = (pose: SetupPose, width: Double, height: Double, notes: [RenderNote], context: [ViewModelValues.InstanceID],
                          lists: [Int: DataBinds.ListSource])

    private var pose: SetupPose
    private var hierarchy: SceneHierarchy { pose.hierarchy }
    private let nestedScene: NestedScene
    private let limits: RenderLimits
    /// Every image asset by asset index, with the pixel size of the picture the
    /// runtime decodes (nil when it has none: referenced, hosted or undecodable).
    private let imageSizes: [Int: (width: Int, height: Int)?]
    /// The asset indices of the images drawn, in the order first drawn.
    private(set) var drawnImages: [Int] = []
    private(set) var commands: [RenderCommand] = []
    private(set) var notes: [RenderNote] = []
    private var state = State(transform: .identity, clips: [])
    private var saved: [State] = []
    private var drawCount = 0, clipCount = 0
    private var depth = 0, nestedInstances = 0, points = 0
    /// The data context of the artboard being drawn.
    private var context: [ViewModelValues.InstanceID]
    /// The items of the lists of the artboard being drawn.
    private var lists: [Int: DataBinds.ListSource]
    /// The first artboard bound to each view model (by the artboards' `viewModelId`s), by
    /// which a list finds the artboard of an item that no map rule sends elsewhere.
    private let firstArtboards: [UInt64: Int]
    /// How many artboards the file has: a map rule naming another index is passed over.
    private let artboardCount: Int

    init(pose: SetupPose, width: Double, height: Double, limits: RenderLimits, imageSizes: [Int: (width: Int, height: Int)?],
         context: [ViewModelValues.InstanceID], lists: [Int: DataBinds.ListSource], artboardViewModels: [UInt64?], nestedScene: @escaping NestedScene) {
        self.pose = pose
        self.context = context
        self.lists = lists
        var firstArtboards: [UInt64: Int] = [:]
        for (artboard, viewModel) in artboardViewModels.enumerated() {
            guard let viewModel, viewModel != Self.noViewModel, firstArtboards[viewModel] == nil else { continue }
            firstArtboards[viewModel] = artboard
        }
        self.firstArtboards = firstArtboards
        artboardCount = artboardViewModels.count
        self.limits = limits
        self.imageSizes = imageSizes
        self.nestedScene = nestedScene
        drawArtboard(width: width, height: height, framesOrigin: true)
    }

    /// `Artboard::drawInternal` of the current pose's artboard. A nested artboard does
    /// not frame its origin: its content stays where it is and its clip is its
    /// bounds about the origin.
    private mutating func drawArtboard(width: Double, height: Double, framesOrigin: Bool) {
        let artboard = hierarchy.records[0]!
        guard pose.opacity[0] != 0 else { return }
        let originX = artboard.number(PK.artboardOriginX, default: 0), originY = artboard.number(PK.artboardOriginY, default: 0)
        if artboard.number(PK.transformComponentRotation, default: 0) != 0 || artboard.number(PK.transformComponentScaleX, default: 1) != 1
            || artboard.number(PK.transformComponentScaleY, default: 1) != 1 {
            notes.append(RenderNote(feature: "artboard transform", objectIndex: 0, message: "the artboard's own rotation and scale are not applied"))
        }
        let clips = artboard.flag(PK.layoutComponentClip, default: true)
        let saves = clips || framesOrigin
        if saves { save() }
        if framesOrigin { state.transform = state.transform.concatenating(.translation(width * originX, height * originY)) }
        var background = RenderPath()
        let left = -width * originX, top = -height * originY
        background.move(RenderPoint(x: left, y: top))
        background.line(RenderPoint(x: left + width, y: top))
        background.line(RenderPoint(x: left + width, y: top + height))
        background.line(RenderPoint(x: left, y: top + height))
        background.close()
        if clips { clip(spend(background) ? background : RenderPath(), rule: .clockwise) }
        drawPaints(paints(of: 0).filter(\.laysDownColor), local: background, clockwise: background, world: background, transform: .identity, needsSave: true)
        play(operations())
        if saves { restore() }
    }

    /// `NestedArtboard::draw`: the artboard it shows, drawn under its world transform.
    private mutating func drawNested(_ index: Int, needsSave: Bool) {
        guard let shown = nestedArtboardIndex(index) else { return }
        guard hasInstanceBudget(index), let scene = nestedScene(shown, pose.opacity[index], (pose.hierarchy, index, context), nil) else {
            noteInstanceBudget(index)
            return
        }
        if needsSave { save() }
        drawInstance(scene, under: pose.world[index])
        if needsSave { restore() }
    }

    /// `ArtboardComponentList::draw` without a layout engine: under the list's world
    /// transform, each item's artboard (by the list's map rules, ``mapRules(of:)``, else ``firstArtboards``) at the
    /// list's origin (the runtime's `worldBounds` of an artboard, whose `x` and `y` it
    /// zeroes as it loads it), or where the list's follow path constraints put it. Each
    /// item counts as a nested artboard instance; past the budget the rest are noted.
    private mutating func drawList(_ index: Int, needsSave: Bool) {
        guard let source = lists[index] else { return }
        guard hasInstanceBudget(index) else { return noteInstanceBudget(index) }
        let constraints = ListFollowPathConstraint(list: index, pose: pose)
        let rules = mapRules(of: index)
        func artboard(of viewModel: UInt64) -> Int? {
            guard viewModel != Self.noViewModel else { return nil }
            return rules[viewModel] ?? firstArtboards[viewModel]
        }
        // The items with an artboard, which the constraints spread (all or none of a number's items).
        let placed: Int
        if case .defaults(let viewModel, let count) = source {
            placed = artboard(of: viewModel) == nil ? 0 : count
        } else {
            placed = (0..<source.count).count { artboard(of: source.source(at: $0).viewModel) != nil }
        }
        if needsSave { save() }
        state.transform = state.transform.concatenating(pose.world[index])
        var drawn = 0
        for position in 0..<source.count {
            guard drawn < placed else { break }
            let item = source.source(at: position)
            guard let shown = artboard(of: item.viewModel) else { continue }
            guard hasInstanceBudget(index) else {
                noteInstanceBudget(index)
                break
            }
            drawn += 1
            guard let scene = nestedScene(shown, pose.opacity[index], (pose.hierarchy, index, context), (item, source.listIndex(at: position))) else { continue }
            save()
            drawInstance(scene, under: constraints.isEmpty ? .identity : constraints.place(item: drawn - 1, of: placed))
            restore()
        }
        if needsSave { restore() }
    }

    /// The `viewModelId` that names no view model (the runtime's -1), which an item naming
    /// no instance carries: such an item shows no artboard.
    private static let noViewModel = UInt64(UInt32.max)

    /// `ArtboardComponentList::findArtboard`'s rules, read in one pass over the list's
    /// children: for each view model, the artboard the list's last `ArtboardListMapRule`
    /// for it names (an item of a view model without one shows the first artboard bound
    /// to it, ``firstArtboards``).
    private func mapRules(of list: Int) -> [UInt64: Int] {
        var rules: [UInt64: Int] = [:]
        for child in hierarchy.children[list] {
            guard let rule = hierarchy.records[child], rule.type == TK.artboardListMapRule else { continue }
            let viewModel = rule.integer(PK.artboardListMapRuleViewModelId, default: Self.noViewModel)
            guard viewModel != Self.noViewModel else { continue }
            if let id = rule.integer(PK.artboardListMapRuleArtboardId), id < UInt64(artboardCount) {
                rules[viewModel] = Int(id)
            } else {
                rules[viewModel] = nil
            }
        }
        return rules
    }

    /// Whether another nested artboard instance may be drawn.
    private func hasInstanceBudget(_ index: Int) -> Bool {
        depth < limits.nestingDepth && nestedInstances < limits.nestedInstances
    }

    /// Notes that the nested artboard or list at `index` has instances past the budget.
    private mutating func noteInstanceBudget(_ index: Int) {
        notes.append(RenderNote(feature: "nesting limit", objectIndex: index,
                                message: "nested artboards (and artboard list items) deeper than \(limits.nestingDepth) or more than \(limits.nestedInstances) in all are not drawn"))
    }

    /// Draws `scene`'s artboard under `transform` (after the one in effect), without framing its origin.
    private mutating func drawInstance(_ scene: Instance, under transform: RenderTransform) {
        nestedInstances += 1
        state.transform = state.transform.concatenating(transform)
        let host = (pose, context, lists)
        (pose, context, lists) = (scene.pose, scene.context, scene.lists)
        depth += 1
        notes += scene.notes
        drawArtboard(width: scene.width, height: scene.height, framesOrigin: false)
        depth -= 1
        (pose, context, lists) = host
    }

    /// The file's artboard a nested artboard shows, when its id names one (the runtime's -1, `UInt32.max`, names none).
    private func nestedArtboardIndex(_ index: Int) -> Int? {
        guard let id = hierarchy.records[index]?.integer(PK.nestedArtboardArtboardId), id < UInt64(UInt32.max) else { return nil }
        return Int(id)
    }

    /// The container's fills and strokes in object order.
    private mutating func paints(of container: Int) -> [ScenePaint] {
        hierarchy.children[container].compactMap { child in
            guard hierarchy.records[child]?.isKind(TK.shapePaint) == true else { return nil }
            return ScenePaint(index: child, container: container, pose: pose, notes: &notes)
        }
    }

    /// The drawables in painter's order with the clipping operations between them.
    private mutating func operations() -> [(operation: Operation, needsSave: Bool)] {
        var drawables: [Int] = []
        for index in hierarchy.records.indices.dropFirst() {
            guard let record = hierarchy.records[index] else { continue }
            if record.isKind(TK.drawable) {
                drawables.append(index)
                if !record.isKind(TK.shape) && ![TK.nestedArtboard, TK.image, TK.artboardComponentList].contains(record.type) {
                    notes.append(RenderNote(feature: Schema.typeName(record.type), objectIndex: index, message: "a \(Schema.typeName(record.type)) is not drawn"))
                }
            }
        }
        let rules = DrawRules(drawables: drawables, hierarchy: hierarchy)
        if rules.hasCycle {
            notes.append(RenderNote(feature: "draw rules", message: "the draw targets depend on each other in a cycle; the runtime stops sorting them there, and so does this"))
        }
        var clipping: [Int: [Int]] = [:]
        for index in hierarchy.records.indices {
            guard let record = hierarchy.records[index], record.isKind(TK.clippingShape), let parent = hierarchy.parents[index] else { continue }
            for component in hierarchy.subtree(of: parent) where hierarchy.records[component]?.isKind(TK.drawable) == true {
                clipping[component, default: []].append(index)
            }
        }
        var list: [Operation] = []
        var stack: [Int] = []
        for drawable in rules.paintersOrder {
            let clips = clipping[drawable, default: []]
            if let keep = stack.firstIndex(where: { !clips.contains($0) }) {
                for clip in stack[keep...].reversed() { list.append(.clipEnd(clip)) }
                stack.removeSubrange(keep...)
            }
            for clip in clips where !stack.contains(clip) {
                list.append(.clipStart(clip))
                stack.append(clip)
            }
            list.append(.drawable(drawable))
        }
        for clip in stack.reversed() { list.append(.clipEnd(clip)) }
        return withSaveOperations(list)
    }

    /// `clearRedundantOperations`: which entries save and restore.
    private func withSaveOperations(_ list: [Operation]) -> [(operation: Operation, needsSave: Bool)] {
        var result: [(operation: Operation, needsSave: Bool)] = []
        var previousAppliedSave = false
        var applied: [Bool] = []
        for (position, operation) in list.enumerated() {
            var needsSave = true
            switch operation {
            case .clipStart:
                if previousAppliedSave { needsSave = false }
                applied.append(needsSave)
            case .clipEnd:
                needsSave = applied.popLast() ?? true
            case .drawable:
                if previousAppliedSave, position + 1 < list.count, case .clipEnd = list[position + 1] { needsSave = false }
            }
            result.append((operation, needsSave))
            if case .clipStart(let clip) = operation {
                previousAppliedSave = isVisible(clip: clip) || previousAppliedSave
            } else {
                previousAppliedSave = false
            }
        }
        return result
    }

    /// `drawInternal`'s loop: hidden drawables and clips around nothing are skipped.
    private mutating func play(_ list: [(operation: Operation, needsSave: Bool)]) {
        var emptyClips = 0
        var pending: [(clip: Int, needsSave: Bool)] = []
        for (operation, needsSave) in list {
            let before = emptyClips
            switch operation {
            case .clipStart(let clip): if isVisible(clip: clip), clipPath(of: clip) == nil { emptyClips += 1 }
            case .clipEnd(let clip): if isVisible(clip: clip), clipPath(of: clip) == nil { emptyClips -= 1 }
            case .drawable: break
            }
            guard willDraw(operation), emptyClips == before, emptyClips <= 0 else { continue }
            switch operation {
            case .clipStart(let clip):
                // Held until something is drawn inside it.
                pending.append((clip, needsSave))
            case .clipEnd(let clip):
                if pending.isEmpty {
                    if isVisible(clip: clip) && needsSave { restore() }
                } else {
                    // The clip just held wraps nothing: both are skipped.
                    pending.removeLast()
                }
            case .drawable(let index):
                for (clip, save) in pending { startClip(clip, needsSave: save) }
                pending.removeAll()
                if hierarchy.records[index]?.type == TK.nestedArtboard {
                    drawNested(index, needsSave: needsSave)
                } else if hierarchy.records[index]?.type == TK.artboardComponentList {
                    drawList(index, needsSave: needsSave)
                } else if hierarchy.records[index]?.type == TK.image {
                    drawImage(index, needsSave: needsSave)
                } else {
                    drawShape(index, needsSave: needsSave)
                }
            }
        }
    }

    private func willDraw(_ operation: Operation) -> Bool {
        guard case .drawable(let index) = operation, let record = hierarchy.records[index] else { return true }
        let hidden = record.integer(PK.drawableDrawableFlags, default: 0) & 1 == 1 || pose.collapsed[index]
        if record.type == TK.image { return !hidden && pose.opacity[index] != 0 && imageAsset(of: index) != nil }
        // `ArtboardComponentList::willDraw`: a list draws when it has items.
        if record.type == TK.artboardComponentList { return !hidden && (lists[index]?.count ?? 0) > 0 }
        return !hidden && (!record.isKind(TK.shape) || pose.opacity[index] != 0)
    }

    /// The asset index of an image's picture, when it names an image asset (which
    /// makes it drawable, as `Image::willDraw` has it, whether or not it is decoded).
    private func imageAsset(of index: Int) -> Int? {
        guard let id = hierarchy.records[index]?.integer(PK.imageAssetId), id < UInt64(Int.max), imageSizes[Int(id)] != nil else { return nil }
        return Int(id)
    }

    /// `Image::draw`: the picture under the image's world transform, moved by its origin;
    /// nothing when the runtime has no picture for it (it is not embedded, or not decodable).
    private mutating func drawImage(_ index: Int, needsSave: Bool) {
        guard let asset = imageAsset(of: index), let record = hierarchy.records[index] else { return }
        guard let size = imageSizes[asset] ?? nil else {
            notes.append(RenderNote(feature: "image", objectIndex: index, message: "an image whose picture the file does not embed (or that cannot be read) is not drawn, as the runtime without it"))
            return
        }
        // The image's mesh: the last mesh or N-slicer under it (each one the runtime adds replaces the one before).
        if let mesh = hierarchy.children[index].last(where: { [TK.mesh, TK.nSlicer].contains(hierarchy.records[$0]?.type ?? 0) }) {
            if hierarchy.records[mesh]?.type == TK.nSlicer {
                drawSlices(mesh, image: index, asset: asset, size: size, needsSave: needsSave)
            } else if let built = ImageMesh(mesh, pose: pose) {
                drawMesh((built.vertices, built.uvs, built.indices), under: built.isSkinned ? nil : pose.world[index],
                         image: index, asset: asset, size: size, needsSave: needsSave)
            } else {
                notes.append(RenderNote(feature: "mesh", objectIndex: mesh, message: "a mesh whose triangles name vertices it lacks is rejected by the runtime; it is not drawn"))
            }
            return
        }
        if needsSave { save() }
        state.transform = state.transform.concatenating(pose.world[index])
            .concatenating(.translation(-Double(size.width) * record.number(PK.imageOriginX, default: 0.5),
                                        -Double(size.height) * record.number(PK.imageOriginY, default: 0.5)))
        let blend = BlendMode(code: record.integer(PK.drawableBlendModeValue, default: 3)) ?? .srcOver
        if isFinite(RenderPath(), state.transform, opacity: pose.opacity[index]) {
            commands.append(.drawImage(DrawImageCommand(index: drawCount, asset: asset, width: size.width, height: size.height, transform: state.transform,
                                                        opacity: pose.opacity[index], blend: blend, clips: state.clips)))
            drawCount += 1
            if !drawnImages.contains(asset) { drawnImages.append(asset) }
        }
        if needsSave { restore() }
    }

    /// `SliceMesh::draw`: the image through its N-slicer's mesh, under the image's world
    /// transform moved by its origin; nothing when the mesh is empty.
    private mutating func drawSlices(_ slicer: Int, image: Int, asset: Int, size: (width: Int, height: Int), needsSave: Bool) {
        guard let record = hierarchy.records[image] else { return }
        let slices = SliceMesh(slicer, image: image, width: size.width, height: size.height, hierarchy: hierarchy, budget: max(limits.points - points, 0))
        guard !slices.isCut else {
            _ = spend(RenderPath(), limits.points + 1)
            return
        }
        guard !slices.vertices.isEmpty else { return }
        let transform = pose.world[image].concatenating(.translation(-Double(size.width) * record.number(PK.imageOriginX, default: 0.5),
                                                                    -Double(size.height) * record.number(PK.imageOriginY, default: 0.5)))
        drawMesh((slices.vertices, slices.uvs, slices.indices), under: transform, image: image, asset: asset, size: size, needsSave: needsSave)
    }

    /// `Renderer::drawImageMesh` of `mesh`, its vertices under `transform` (nil: the
    /// transform in effect, for a skinned mesh whose vertices are in the artboard's space).
    private mutating func drawMesh(_ mesh: (vertices: [RenderPoint], uvs: [RenderPoint], indices: [Int]), under transform: RenderTransform?,
                                   image: Int, asset: Int, size: (width: Int, height: Int), needsSave: Bool) {
        guard let record = hierarchy.records[image], spend(RenderPath(), mesh.vertices.count + mesh.indices.count) else { return }
        if needsSave { save() }
        if let transform { state.transform = state.transform.concatenating(transform) }
        let blend = BlendMode(code: record.integer(PK.drawableBlendModeValue, default: 3)) ?? .srcOver
        // The vertices as a path, for the finiteness check.
        var outline = RenderPath()
        for vertex in mesh.vertices { outline.line(vertex) }
        if isFinite(outline, state.transform, opacity: pose.opacity[image]) {
            commands.append(.drawImageMesh(DrawImageMeshCommand(index: drawCount, asset: asset, width: size.width, height: size.height, vertices: mesh.vertices,
                                                                uvs: mesh.uvs, indices: mesh.indices, transform: state.transform,
                                                                opacity: pose.opacity[image], blend: blend, clips: state.clips)))
            drawCount += 1
            if !drawnImages.contains(asset) { drawnImages.append(asset) }
        }
        if needsSave { restore() }
    }

    private func isVisible(clip: Int) -> Bool {
        hierarchy.records[clip]?.flag(PK.clippingShapeIsVisible, default: true) ?? false
    }

    /// The clipping shape's outline: the world paths of the non-empty shapes under its source.
    private func clipPath(of clip: Int) -> RenderPath? {
        guard let record = hierarchy.records[clip], let source = record.integer(PK.clippingShapeSourceId),
              source < UInt64(hierarchy.records.count), hierarchy.records[Int(source)]?.isKind(TK.node) == true else { return nil }
        var path: RenderPath?
        for shape in hierarchy.subtree(of: Int(source)) where hierarchy.records[shape]?.isKind(TK.shape) == true && !pose.isEmpty(shape: shape) {
            path = (path ?? RenderPath())
            path!.append(pose.worldPath(ofShape: shape), transformedBy: .identity)
        }
        return path
    }

    private mutating func startClip(_ clip: Int, needsSave: Bool) {
        guard isVisible(clip: clip) else { return }
        if needsSave { save() }
        guard let path = clipPath(of: clip) else { return }
        self.clip(spend(path) ? path : RenderPath(), rule: FillRule(code: hierarchy.records[clip]?.integer(PK.clippingShapeFillRule, default: 0) ?? 0))
    }

    /// `Shape::draw`: each visible paint with the path it picks.
    private mutating func drawShape(_ shape: Int, needsSave: Bool) {
        guard hierarchy.records[shape]?.isKind(TK.shape) == true else { return }
        let shapePaints = paints(of: shape)
        let clockwise = shapePaints.contains { $0.isFill && $0.fillRule == .clockwise } ? pose.localClockwisePath(ofShape: shape) : RenderPath()
        drawPaints(shapePaints, local: pose.localPath(ofShape: shape), clockwise: clockwise, world: pose.worldPath(ofShape: shape),
                   transform: pose.world[shape], needsSave: needsSave || shapePaints.count > 1)
    }

    /// The container's visible paints, each with the path it picks.
    private mutating func drawPaints(_ paints: [ScenePaint], local: RenderPath, clockwise: RenderPath, world: RenderPath,
                                     transform: RenderTransform, needsSave: Bool) {
        // A fill sets its rule on the render path it draws, which the shape's strokes
        // of the same path then draw with: the local and world paths start clockwise
        // (no fill draws the world path).
        var localRule = FillRule.clockwise
        for paint in paints where paint.isVisible {
            var rule = paint.usesWorldPath ? .clockwise : localRule
            // The rule the picked path carries before this paint draws (an inner feather clips with it).
            var carried = rule
            if paint.isFill {
                rule = paint.fillRule
                if rule == .clockwise { carried = .clockwise }
                if rule != .clockwise && !paint.effects.contains(where: \.makesPath) && paint.innerFeather == nil { localRule = rule }
            }
            var path = paint.usesWorldPath ? world : paint.isFill && rule == .clockwise ? clockwise : local
            // Effects are measured only on a path the point budget can still draw (measuring costs up to 100 pieces a curve).
            if points + path.pointCount <= limits.points, let effected = PathEffect.apply(paint.effects, to: path, isFill: paint.isFill) {
                // An effect's path is a path of its own: a stroke draws it with the
                // rule of the path it came from, which is clockwise.
                path = effected.path
                carried = .clockwise
                if !paint.isFill { rule = .clockwise }
                if effected.isCut {
                    notes.append(RenderNote(feature: "effect limit", objectIndex: paint.index,
                                            message: "a trim path wrapping more than \(TrimPath.wrapLimit) times, or a dash path of more than \(DashPath.dashLimit) dashes and gaps, is cut there"))
                }
            }
            draw(paint, rule: rule, path: path, clipRule: carried, transform: transform, needsSave: needsSave)
        }
    }

    /// `ShapePaint::draw`.
    private mutating func draw(_ paint: ScenePaint, rule: FillRule, path: RenderPath, clipRule: FillRule, transform: RenderTransform, needsSave: Bool) {
        // An inner feather clips with the path and draws a ring around it: both count.
        let ring = paint.innerFeather.map { $0.ring(around: path, shapeWorld: transform) }
        guard spend(path, ring.map { $0.pointCount + path.pointCount } ?? 0) else { return }
        var path = path
        var didSave = !needsSave
        if let offset = paint.featherOffset, paint.featherOffsetInArtboard {
            if !didSave {
                didSave = true
                save()
            }
            state.transform = state.transform.concatenating(.translation(offset.x, offset.y))
        }
        if !paint.usesWorldPath {
            if !didSave {
                didSave = true
                save()
            }
            state.transform = state.transform.concatenating(transform)
        }
        if let ring {
            if !didSave {
                didSave = true
                save()
            }
            clip(path, rule: clipRule)
            path = ring
        }
        if let offset = paint.featherOffset, !paint.featherOffsetInArtboard {
            if !didSave {
                didSave = true
                save()
            }
            state.transform = state.transform.concatenating(.translation(offset.x, offset.y))
        }
        if isFinite(path, state.transform) {
            commands.append(.drawPath(DrawPathCommand(index: drawCount, path: path, fillRule: rule,
                                                      transform: state.transform, opacity: 1, clips: state.clips, paint: paint.paint)))
            drawCount += 1
        }
        if didSave && needsSave { restore() }
    }

    /// False, with a note (once), when a call's points, transform or opacity are not
    /// finite (an infinite or NaN value in the file, or one that overflows): the runtime
    /// draws nothing sensible there, so the call is left out (a clip is pushed empty).
    private mutating func isFinite(_ path: RenderPath, _ transform: RenderTransform, opacity: Double = 1) -> Bool {
        guard !path.isFinite || !transform.isFinite || !opacity.isFinite else { return true }
        if !notes.contains(where: { $0.feature == "non-finite" }) {
            notes.append(RenderNote(feature: "non-finite", message: "calls whose points, transform or opacity are infinite or not a number are left out"))
        }
        return false
    }

    /// Takes the path's points (and `extra` more) from the budget; false (with a note,
    /// once) when it is spent. Every call's path counts, clips included: a clip past
    /// the budget is pushed empty, leaving out what it clips.
    private mutating func spend(_ path: RenderPath, _ extra: Int = 0) -> Bool {
        points += path.pointCount + extra
        guard points > limits.points else { return true }
        if !notes.contains(where: { $0.feature == "point budget" }) {
            notes.append(RenderNote(feature: "point budget", message: "the calls past \(limits.points) path points in all are left out"))
        }
        return false
    }

    private mutating func clip(_ path: RenderPath, rule: FillRule) {
        let finite = isFinite(path, state.transform)
        commands.append(.clipPath(ClipPathCommand(index: clipCount, path: finite ? path : RenderPath(), fillRule: rule,
                                                  transform: finite ? state.transform : .identity, clips: state.clips)))
        state.clips.append(clipCount)
        clipCount += 1
    }

    private mutating func save() { saved.append(state) }

    private mutating func restore() {
        if let last = saved.popLast() { state = last }
    }
}
