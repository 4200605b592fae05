/// The text one font asset draws in a file: what a subsetter must keep.
public struct FontText: Sendable, Equatable {
    /// The font's position in ``RivFile/assets``.
    public var assetIndex: Int
    /// Every character a text run or text input whose style uses the font holds,
    /// with the characters of the string keyframes of the artboards those runs are
    /// on (an animation can set a run's text) and `…` (U+2026), which Rive draws
    /// when a text's overflow is set to ellipsis.
    public var characters: Set<Unicode.Scalar>
    /// The runs and text inputs that use the font, in file order.
    public var runs: [FontTextRun]

    /// The runs that can show characters the file does not hold: text bound to a
    /// view model, text inputs (what the user types), and runs whose style's font
    /// a data binding can change.
    public var openRuns: [FontTextRun] { runs.filter(\.isOpen) }
}

/// A text run or text input whose style uses a font.
public struct FontTextRun: Sendable, Equatable {
    /// What shows the text.
    public enum Source: Sendable, Equatable {
        /// A `TextValueRun` of a text.
        case textRun
        /// A `TextInput`, which Rive draws with its first child `TextStyle`'s font;
        /// it shows its stored text and what the user types.
        case textInput
    }

    /// The name of its artboard.
    public var artboard: String
    /// Its name; empty when the run has none (an app cannot set it by name).
    public var name: String
    /// Its text as stored (what it shows unless an app, a binding, an animation or the user sets another).
    public var text: String
    /// Whether a data bind sets its text from a view model at run time.
    public var isDataBound: Bool
    /// The variation axis values its style sets (its `TextStyleAxis` children), in file
    /// order; empty when the style sets none (the font's defaults).
    public var axisValues: [FontAxisValue] = []
    /// What shows the text: a text run or a text input.
    public var source: Source = .textRun
    /// Whether a data bind can set its style's font at run time (to any font the
    /// file's view model font values name).
    public var isFontBound = false

    /// Whether it can show characters the file does not hold (bound text, a text
    /// input, or a font a binding can change).
    public var isOpen: Bool { isDataBound || source == .textInput || isFontBound }
}

extension RivFile {
    /// For each font asset a text run or text input uses, the characters it must
    /// draw and the runs that use it, in asset order. A run's style
    /// (`TextValueRun.styleId`) is an object index in its artboard, and the
    /// style's `fontAssetId` an index in the runtime's asset list (manifests
    /// left out), as Rive's runtime resolves them; a text input uses its first
    /// child `TextStyle`. A run is data-bound when a data bind of its `text`
    /// property follows it. When a data bind of a style's `fontAssetId` follows
    /// the style, its runs are font-bound: they count for its font and for every
    /// font a view model asset value (`ViewModelInstanceAssetFont`) names or a
    /// listener can set one to (`BindablePropertyAsset`).
    public var fontText: [FontText] {
        var scan = FontTextScan(file: self)
        for placed in placedObjects { scan.add(placed.object, placed.placement) }
        return scan.finish()
    }
}

/// The walk behind ``RivFile/fontText``, one artboard at a time.
private struct FontTextScan {
    private typealias PK = Schema.PropertyKey
    private typealias TK = Schema.TypeKey

    private let file: RivFile
    /// `file.assets` index of each runtime asset-list index.
    private let assetIndexByListIndex: [Int]
    private var fonts: [Int: FontText] = [:]

    /// The name of the artboard being read.
    private var artboard = ""
    /// The style's font list index of each indexed object of the artboard (nil for other objects).
    private var fontByObject: [UInt64?] = []
    /// Runs of the artboard: their style index, text, and listed run.
    private var runs: [(styleIndex: UInt64?, text: String, run: FontTextRun)] = []
    /// Text the artboard's string keyframes can set.
    private var keyframeText = ""
    /// The axis values set on each style, by its object index.
    private var axesByStyle: [UInt64: [FontAxisValue]] = [:]
    /// The artboard's text inputs: their object index and run entry, and their first child style.
    private var inputs: [(objectIndex: UInt64, styleIndex: UInt64?, run: FontTextRun)] = []
    /// The position in `inputs` of each text input that has no style yet, by its object index.
    private var inputAwaitingStyle: [UInt64: Int] = [:]
    /// The object index of the artboard's last indexed object, and whether it is a text style.
    private var last: (index: UInt64, isStyle: Bool)?
    /// The styles of the artboard whose font a data bind sets.
    private var fontBoundStyles: Set<UInt64> = []
    /// Runs of every artboard whose style's font a data bind sets, with their text and their style's own font.
    private var fontBoundRuns: [(text: String, run: FontTextRun, ownFont: Int?)] = []
    /// The runtime asset-list indices the file's view model asset values name, and
    /// those a listener can set them to (`BindablePropertyAsset`); the fonts among them.
    private var viewModelFonts: Set<UInt64> = []

    init(file: RivFile) {
        self.file = file
        assetIndexByListIndex = file.assets.indices.filter { file.assets[$0].isListed }
    }

    private func string(_ object: RivObject, _ key: UInt16) -> String? {
        object.properties.last { $0.key == key && $0.fieldType == .bytes }.map(file.stringValue(of:))
    }

    private func uint(_ object: RivObject, _ key: UInt16) -> UInt64? {
        object.properties.last { $0.key == key && $0.fieldType == .varUInt }.map(file.uintValue(of:))
    }

    mutating func add(_ object: RivObject, _ placement: ObjectPlacement) {
        let type = object.typeKey
        if Schema.isKind(type, of: TK.viewModelInstanceAsset), let listIndex = uint(object, PK.viewModelInstanceAssetPropertyValue) {
            viewModelFonts.insert(listIndex)
        } else if Schema.isKind(type, of: TK.bindablePropertyAsset), let listIndex = uint(object, PK.bindablePropertyIdPropertyValue) {
            viewModelFonts.insert(listIndex)
        }
        if placement.role == .artboard {
            closeArtboard()
            artboard = file.artboardName(at: placement.artboardIndex)
            fontByObject = [nil]
            return
        }
        guard placement.artboardIndex != nil else { return }
        let objectIndex = UInt64(fontByObject.count)
        if placement.objectIndex != nil {
            let isStyle = placement.role == .component && Schema.isKind(type, of: TK.textStyle)
            fontByObject.append(isStyle ? uint(object, PK.textStyleFontAssetId) : nil)
            last = (objectIndex, isStyle)
            if isStyle, let parent = uint(object, PK.componentParentId),
               let input = inputAwaitingStyle.removeValue(forKey: parent) {
                inputs[input].styleIndex = objectIndex
            }
        }
        if Schema.isKind(type, of: TK.textInput) {
            inputAwaitingStyle[objectIndex] = inputs.count
            inputs.append((objectIndex, nil, FontTextRun(artboard: artboard, name: string(object, PK.componentName) ?? "",
                                                         text: string(object, PK.textInputText) ?? "", isDataBound: false,
                                                         source: .textInput)))
        } else if Schema.isKind(type, of: TK.dataBind), uint(object, PK.dataBindPropertyKey) == UInt64(PK.textStyleFontAssetId),
                  let last, last.isStyle {
            fontBoundStyles.insert(last.index)
        } else if Schema.isKind(type, of: TK.dataBind), uint(object, PK.dataBindPropertyKey) == UInt64(PK.textInputText),
                  let input = inputs.indices.last, inputs[input].objectIndex == last?.index {
            inputs[input].run.isDataBound = true
        } else if Schema.isKind(type, of: TK.textValueRun) {
            runs.append((uint(object, PK.textValueRunStyleId), string(object, PK.textValueRunText) ?? "",
                         FontTextRun(artboard: artboard, name: string(object, PK.componentName) ?? "", text: "", isDataBound: false)))
        } else if Schema.isKind(type, of: TK.dataBind), uint(object, PK.dataBindPropertyKey) == UInt64(PK.textValueRunText), !runs.isEmpty {
            runs[runs.count - 1].run.isDataBound = true
        } else if Schema.isKind(type, of: TK.keyFrameString) {
            keyframeText += string(object, PK.keyFrameStringValue) ?? ""
        } else if type == TK.textStyleAxis, let style = uint(object, PK.componentParentId) {
            let tag = uint(object, PK.textStyleAxisTag) ?? 0
            let value = object.properties.last { $0.key == PK.textStyleAxisAxisValue && $0.fieldType == .float32 }.map(file.floatValue(of:)) ?? 0
            let name = String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: tag >> (24 - 8 * UInt64($0))) }, as: UTF8.self)
            axesByStyle[style, default: []].append(FontAxisValue(tag: name, value: value))
        }
    }

    /// Gives each run's and text input's characters to its style's font.
    private mutating func closeArtboard() {
        defer {
            runs = []
            inputs = []
            inputAwaitingStyle = [:]
            keyframeText = ""
            axesByStyle = [:]
            fontByObject = []
            fontBoundStyles = []
            last = nil
        }
        var artboardFonts: Set<Int> = []
        let entries = runs + inputs.map { ($0.styleIndex, $0.run.text, $0.run) }
        for (styleIndex, text, run) in entries {
            guard let styleIndex, styleIndex < UInt64(fontByObject.count) else { continue }
            var run = run
            run.text = text
            run.axisValues = axesByStyle[styleIndex] ?? []
            run.isFontBound = fontBoundStyles.contains(styleIndex)
            let assetIndex = fontByObject[Int(styleIndex)].flatMap(fontAsset)
            if run.isFontBound { fontBoundRuns.append((text, run, assetIndex)) }
            guard let assetIndex else { continue }
            give(text, run, to: assetIndex)
            artboardFonts.insert(assetIndex)
        }
        for assetIndex in artboardFonts { fonts[assetIndex]!.characters.formUnion(keyframeText.unicodeScalars) }
    }

    /// The `file.assets` index of the font at runtime asset-list index `listIndex`; nil when that is no font.
    private func fontAsset(_ listIndex: UInt64) -> Int? {
        guard listIndex < UInt64(assetIndexByListIndex.count) else { return nil }
        let assetIndex = assetIndexByListIndex[Int(listIndex)]
        return file.assets[assetIndex].type == .font ? assetIndex : nil
    }

    private mutating func give(_ text: String, _ run: FontTextRun, to assetIndex: Int) {
        fonts[assetIndex, default: FontText(assetIndex: assetIndex, characters: ["\u{2026}"], runs: [])].characters.formUnion(text.unicodeScalars)
        fonts[assetIndex]!.runs.append(run)
    }

    mutating func finish() -> [FontText] {
        closeArtboard()
        // A font a view model font value names can replace a bound style's font: it draws those runs too.
        for listIndex in viewModelFonts.sorted() {
            guard let assetIndex = fontAsset(listIndex) else { continue }
            for (text, run, ownFont) in fontBoundRuns where ownFont != assetIndex { give(text, run, to: assetIndex) }
        }
        return fonts.values.sorted { $0.assetIndex < $1.assetIndex }
    }
}
