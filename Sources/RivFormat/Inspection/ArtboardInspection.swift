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
    /// The unique names of the assets its objects use, in file order.
    public var assets: [String]
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
    /// The name of the text object it belongs to.
    @NullEncoded public var textObject: String?
    /// The unique name of the font its style uses; nil when the style has no font asset.
    @NullEncoded public var font: String?
}

/// An artboard shown inside another.
public struct NestedArtboardInspection: Codable, Sendable, Equatable {
    /// Its name.
    public var name: String
    /// The artboard it shows; nil when its index points at none.
    @NullEncoded public var artboard: String?
}

/// An event an artboard can report to the app.
public struct EventInspection: Codable, Sendable, Equatable {
    /// Its name.
    public var name: String
    /// `Event`, `AudioEvent`, `OpenUrlEvent`, ...
    public var type: String
    /// The URL an `OpenUrlEvent` opens.
    @NullEncoded public var url: String?
    /// The unique name of the clip an `AudioEvent` plays.
    @NullEncoded public var asset: String?
}
