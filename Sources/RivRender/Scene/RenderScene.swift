/// Which scene of an artboard is drawn: what the runtime applies before it draws.
public enum RenderScene: Sendable, Hashable {
    /// The runtime's own choice (`ArtboardInstance::defaultScene`): the artboard's
    /// default state machine, else its first state machine, else its first animation
    /// (an artboard with neither gets the runtime's empty "Auto Generated State Machine").
    case `default`
    /// The setup pose: nothing applied.
    case none
    /// The state machine with this name (the first of that name).
    case stateMachine(String)
    /// The linear animation with this name (the first of that name).
    case animation(String)
}

/// How a scene is played before it is drawn.
public struct SceneOptions: Sendable, Hashable {
    /// A value given to a state machine input.
    public enum InputValue: Sendable, Hashable {
        /// A bool input's value.
        case bool(Bool)
        /// A number input's value.
        case number(Double)
        /// Fires a trigger input.
        case fire
    }

    /// The most steps a scene is played for.
    public static let stepLimit = 10_000
    /// The most property writes a scene makes in all (each application of an animation
    /// writes each property it keys); past it, the rest is skipped with a note.
    public static let writeLimit = 20_000_000

    /// Each step is one `advanceAndApply(seconds)` of the scene, in order; none means
    /// one step of 0 seconds, as the runtime's first frame (and the oracle) does.
    public var steps: [Double]
    /// Values set on the state machine's inputs, by input name, before the first step.
    public var inputs: [SceneInput]
    /// The instance of the artboard's view model the scene binds, by name (the first of
    /// that name); nil binds the default instance, as the runtime does. The setup pose
    /// binds none: naming an instance for it is ``RenderError/viewModelInstanceAtSetupPose(_:)``.
    public var viewModelInstance: String?

    /// Options with `steps`, `inputs` and the view model instance bound.
    public init(steps: [Double] = [], inputs: [SceneInput] = [], viewModelInstance: String? = nil) {
        self.steps = steps
        self.inputs = inputs
        self.viewModelInstance = viewModelInstance
    }

    /// The sum of the steps: the time the drawing shows.
    public var time: Double { steps.reduce(0, +) }
}

/// A value set on a state machine's input by name.
public struct SceneInput: Sendable, Hashable {
    /// The input's name.
    public var name: String
    /// Its value.
    public var value: SceneOptions.InputValue

    /// `name` set to `value`.
    public init(name: String, value: SceneOptions.InputValue) {
        self.name = name
        self.value = value
    }
}
