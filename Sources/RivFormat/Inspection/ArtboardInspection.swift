/// One artboard as an app sees it.
public struct ArtboardInspection: Codable, Sendable, Equatable {
    /// Its position among the file's artboards (what `artboardAt(index)` takes).
    public var index: Int
    /// Its name.
    public var name: String
    /// Its width in artboard units.
    public var width: Double
    /// Its height in artboard units.
    public var height: Double
    /// True for the first artboard, the one a runtime opens by default.
    public var isDefault: Bool
    /// The number of objects it addresses by index (itself and its components).
    public var objectCount: Int
    /// The state machine the editor marked as its default, when one is.
    @NullEncoded public var defaultStateMachine: String?
    /// Its animations in file order.
    public var animations: [AnimationInspection]
    /// Its state machines in file order.
    public var stateMachines: [StateMachineInspection]
    /// Its text runs that have a name (the ones an app can set at run time).
    public var textRuns: [TextRunInspection]
    /// The artboards it shows inside itself.
    public var nestedArtboards: [NestedArtboardInspection]
    /// The events it can report.
    public var events: [EventInspection]
    /// The names of the text objects its text runs belong to, each once, in the
    /// order of their first run (what ``TextRunInspection/textObjectIndex`` points into).
    public var textObjects: [String] = []
    /// The unique names of the assets its objects use, in file order. Not in
    /// JSON: the names are the assets' at ``assetIndices``.
    public var assets: [String]
    /// The positions in ``RivInspection/assets`` of the assets its objects use, in file order.
    public var assetIndices: [Int] = []

    private enum CodingKeys: String, CodingKey {
        case index, name, width, height, isDefault, objectCount, defaultStateMachine, animations, stateMachines
        case textRuns, nestedArtboards, events, textObjects, assetIndices
    }

    /// An artboard holding the given parts; ``assets`` and ``assetIndices`` start empty.
    public init(index: Int, name: String, width: Double, height: Double, isDefault: Bool, objectCount: Int,
                defaultStateMachine: String?, animations: [AnimationInspection], stateMachines: [StateMachineInspection],
                textRuns: [TextRunInspection], nestedArtboards: [NestedArtboardInspection], events: [EventInspection]) {
        self.index = index
        self.name = name
        self.width = width
        self.height = height
        self.isDefault = isDefault
        self.objectCount = objectCount
        self.defaultStateMachine = defaultStateMachine
        self.animations = animations
        self.stateMachines = stateMachines
        self.textRuns = textRuns
        self.nestedArtboards = nestedArtboards
        self.events = events
        assets = []
    }

    /// Reads an artboard; ``assets`` is named again by ``RivInspection``'s decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decode(Int.self, forKey: .index)
        name = try container.decode(String.self, forKey: .name)
        width = try container.decode(Double.self, forKey: .width)
        height = try container.decode(Double.self, forKey: .height)
        isDefault = try container.decode(Bool.self, forKey: .isDefault)
        objectCount = try container.decode(Int.self, forKey: .objectCount)
        _defaultStateMachine = try container.decode(NullEncoded<String>.self, forKey: .defaultStateMachine)
        animations = try container.decode([AnimationInspection].self, forKey: .animations)
        stateMachines = try container.decode([StateMachineInspection].self, forKey: .stateMachines)
        textRuns = try container.decode([TextRunInspection].self, forKey: .textRuns)
        nestedArtboards = try container.decode([NestedArtboardInspection].self, forKey: .nestedArtboards)
        events = try container.decode([EventInspection].self, forKey: .events)
        textObjects = try container.decode([String].self, forKey: .textObjects)
        assetIndices = try container.decode([Int].self, forKey: .assetIndices)
        assets = []
    }
}

/// A timeline animation.
public struct AnimationInspection: Codable, Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Frames per second.
    public var fps: Int
    /// Length in frames.
    public var durationFrames: Int
    /// Length in seconds as the runtime plays it: the work area when enabled, over `fps`.
    public var durationSeconds: Double
    /// Playback speed multiplier.
    public var speed: Double
    /// `oneShot`, `loop`, `pingPong`, or `loop N` for a value the schema does not name.
    public var loop: String
    /// The frames the runtime plays when the animation's work area is enabled (what
    /// ``durationSeconds`` measures then); nil when the whole timeline plays.
    public var workArea: WorkArea? = nil

    /// The part of a timeline an animation plays: frames `start` to `end`.
    public struct WorkArea: Codable, Sendable, Equatable {
        /// The first frame played.
        public var start: Int
        /// The frame playing stops at.
        public var end: Int

        /// Frames `start` to `end`.
        public init(start: Int, end: Int) {
            self.start = start
            self.end = end
        }
    }
}

/// A state machine, the inputs an app drives it with, and its layers.
public struct StateMachineInspection: Codable, Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Its inputs in file order.
    public var inputs: [StateMachineInputInspection]
    /// The names of its layers.
    public var layers: [String]
    /// How many listeners (pointer and event handlers) it has.
    public var listenerCount: Int
}

/// One state machine input.
public struct StateMachineInputInspection: Codable, Sendable, Equatable {
    /// Its name.
    public var name: String
    /// `bool`, `number` or `trigger` (or the schema's name for another kind).
    public var type: String
    /// The starting value: true or false for a bool, a number for a number, nil for a trigger.
    @NullEncoded public var defaultValue: InputValue?

    /// A bool or a number.
    public enum InputValue: Codable, Sendable, Equatable {
        /// The default of a boolean input.
        case bool(Bool)
        /// The default of a number input.
        case number(Double)

        /// Writes a bare JSON boolean or number.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .bool(let value): try container.encode(value)
            case .number(let value): try container.encode(value)
            }
        }

        /// Reads a boolean or a number.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) { self = .bool(value) } else { self = .number(try container.decode(Double.self)) }
        }
    }
}

/// A text run an app can set by name.
public struct TextRunInspection: Codable, Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Its text as stored.
    public var text: String
    /// The name of the text object it belongs to. Not in JSON: the name is its
    /// artboard's ``ArtboardInspection/textObjects`` at ``textObjectIndex``.
    public var textObject: String?
    /// The position of its text object in its artboard's ``ArtboardInspection/textObjects``.
    @NullEncoded public var textObjectIndex: Int?
    /// The unique name of the font its style uses; nil when the style has no font
    /// asset. Not in JSON: the name is the asset's at ``fontAssetIndex``.
    public var font: String?
    /// The position of its font in ``RivInspection/assets``; nil when the style has no font asset.
    @NullEncoded public var fontAssetIndex: Int?

    /// A run named `name` holding `text`, with no text object or font yet.
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }

    private enum CodingKeys: String, CodingKey {
        case name, text, textObjectIndex, fontAssetIndex
    }
}

/// An artboard shown inside another.
public struct NestedArtboardInspection: Codable, Sendable, Equatable {
    /// Its name.
    public var name: String
    /// The name of the artboard it shows; nil when its index points at none. Not
    /// in JSON: the name is the artboard's at ``artboardIndex``.
    public var artboard: String?
    /// The position in ``RivInspection/artboards`` of the artboard it shows; nil when its index points at none.
    @NullEncoded public var artboardIndex: Int?

    /// A nested artboard named `name` showing the artboard at `artboardIndex`, named `artboard`.
    public init(name: String, artboard: String?, artboardIndex: Int?) {
        self.name = name
        self.artboard = artboard
        self.artboardIndex = artboardIndex
    }

    private enum CodingKeys: String, CodingKey {
        case name, artboardIndex
    }
}

/// An event an artboard can report to the app.
public struct EventInspection: Codable, Sendable, Equatable {
    /// Its name.
    public var name: String
    /// `Event`, `AudioEvent`, `OpenUrlEvent`, ...
    public var type: String
    /// The URL an `OpenUrlEvent` opens.
    @NullEncoded public var url: String?
    /// The unique name of the clip an `AudioEvent` plays. Not in JSON: the name is
    /// the asset's at ``assetIndex``.
    public var asset: String?
    /// The position in ``RivInspection/assets`` of the clip an `AudioEvent` plays.
    @NullEncoded public var assetIndex: Int?

    /// An event named `name` of type `type`, opening `url` or playing the asset at
    /// `assetIndex` named `asset`.
    public init(name: String, type: String, url: String?, asset: String?, assetIndex: Int?) {
        self.name = name
        self.type = type
        self.url = url
        self.asset = asset
        self.assetIndex = assetIndex
    }

    private enum CodingKeys: String, CodingKey {
        case name, type, url, assetIndex
    }
}

extension ArtboardInspection: PropertiesDescribed {}

extension AnimationInspection: PropertiesDescribed {}

extension AnimationInspection.WorkArea: PropertiesDescribed {}

extension StateMachineInspection: PropertiesDescribed {}

extension StateMachineInputInspection: PropertiesDescribed {}

extension TextRunInspection: PropertiesDescribed {}

extension NestedArtboardInspection: PropertiesDescribed {}

extension EventInspection: PropertiesDescribed {}

extension StateMachineInputInspection.InputValue: CustomStringConvertible {
    /// The value as JSON writes it: `true`, `3.0`.
    public var description: String {
        switch self {
        case .bool(let value): String(value)
        case .number(let value): String(value)
        }
    }
}
