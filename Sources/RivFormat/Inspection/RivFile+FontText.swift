/// The text one font asset draws in a file: what a subsetter must keep.
public struct FontText: Sendable, Equatable {
    /// The font's position in ``RivFile/assets``.
    public var assetIndex: Int
    /// Every character a text run whose style uses the font holds, with the
    /// characters of the string keyframes of the artboards those runs are on
    /// (an animation can set a run's text) and `…` (U+2026), which Rive draws
    /// when a text's overflow is set to ellipsis.
    public var characters: Set<Unicode.Scalar>
    /// The runs that use the font, in file order.
    public var runs: [FontTextRun]

    /// The runs whose text is bound to a view model property: they can show
    /// characters the file does not hold.
    public var dataBoundRuns: [FontTextRun] { runs.filter(\.isDataBound) }
}

/// A text run whose style uses a font.
public struct FontTextRun: Sendable, Equatable {
    /// The name of its artboard.
    public var artboard: String
    /// Its name; empty when the run has none (an app cannot set it by name).
    public var name: String
    /// Its text as stored (what it shows unless an app, a binding or an animation sets another).
    public var text: String
    /// Whether a data bind sets its text from a view model at run time.
    public var isDataBound: Bool
    /// The variation axis values its style sets (its `TextStyleAxis` children), in file
    /// order; empty when the style sets none (the font's defaults).
    public var axisValues: [FontAxisValue] = []
}

extension RivFile {
    /// For each font asset a text run uses, the characters it must draw and the
    /// runs that use it, in asset order. A run's style (`TextValueRun.styleId`)
    /// is an object index in its artboard, and the style's `fontAssetId` an
    /// index in the runtime's asset list (manifests left out), as Rive's
    /// runtime resolves them; a run is data-bound when a data bind of its
    /// `text` property follows it.
    public var fontText: [FontText] {
        var scan = FontTextScan(file: self)
        for object in objects { scan.add(object) }
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

    /// The artboard being read.
    private var artboard = ""
    private var animationsBegan = false
    /// The style's font list index of each indexed object (nil for other objects).
    private var fontByObject: [UInt64?] = []
    /// Runs of the artboard: their style index, text, and report entry.
    private var runs: [(styleIndex: UInt64?, text: String, run: FontTextRun)] = []
    /// Text the artboard's string keyframes can set.
    private var keyframeText = ""
    /// The axis values set on each style, by its object index.
    private var axesByStyle: [UInt64: [FontAxisValue]] = [:]

    init(file: RivFile) {
        self.file = file
        assetIndexByListIndex = file.assets.indices.filter { file.assets[$0].type.typeKey != Schema.TypeKey.manifestAsset }
    }

    private func string(_ object: RivObject, _ key: UInt16) -> String? {
        object.properties.last { $0.key == key && $0.fieldType == .bytes }.map(file.stringValue(of:))
    }

    private func uint(_ object: RivObject, _ key: UInt16) -> UInt64? {
        object.properties.last { $0.key == key && $0.fieldType == .varUInt }.map(file.uintValue(of:))
    }

    mutating func add(_ object: RivObject) {
        let type = object.typeKey
        if UsageKeys.artboardTypes.indices.contains(Int(type)) && UsageKeys.artboardTypes[Int(type)] {
            closeArtboard()
            artboard = string(object, PK.componentName) ?? ""
            fontByObject = [nil]
            return
        }
        guard !fontByObject.isEmpty else { return }
        switch Int(type) < UsageKeys.indexing.count ? UsageKeys.indexing[Int(type)] : .null {
        case .component:
            fontByObject.append(Schema.isKind(type, of: TK.textStyle) ? uint(object, PK.textStyleFontAssetId) : nil)
        case .animation: animationsBegan = true
        case .none: break
        case .null: if !animationsBegan { fontByObject.append(nil) }
        }
        if Schema.isKind(type, of: TK.textValueRun) {
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

    /// Gives each run's characters to its style's font.
    private mutating func closeArtboard() {
        defer {
            runs = []
            keyframeText = ""
            axesByStyle = [:]
            fontByObject = []
            animationsBegan = false
        }
        var artboardFonts: Set<Int> = []
        for (styleIndex, text, run) in runs {
            guard let styleIndex, styleIndex < UInt64(fontByObject.count), let listIndex = fontByObject[Int(styleIndex)],
                  listIndex < UInt64(assetIndexByListIndex.count) else { continue }
            let assetIndex = assetIndexByListIndex[Int(listIndex)]
            guard file.assets[assetIndex].type == .font else { continue }
            fonts[assetIndex, default: FontText(assetIndex: assetIndex, characters: ["\u{2026}"], runs: [])].characters.formUnion(text.unicodeScalars)
            var run = run
            run.text = text
            run.axisValues = axesByStyle[styleIndex] ?? []
            fonts[assetIndex]!.runs.append(run)
            artboardFonts.insert(assetIndex)
        }
        for assetIndex in artboardFonts { fonts[assetIndex]!.characters.formUnion(keyframeText.unicodeScalars) }
    }

    mutating func finish() -> [FontText] {
        closeArtboard()
        return fonts.values.sorted { $0.assetIndex < $1.assetIndex }
    }
}
