import RivRaster
import RivSupport

/// Why an artboard cannot be rendered.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file has no artboard at this index.
    case noArtboardAtIndex(Int, count: Int)
    /// The file has no artboard with this name.
    case noArtboardNamed(String, available: [String])
    /// The artboard has no area to draw in pixels (a side of zero, negative or not finite).
    case emptyArtboard(width: Double, height: Double)
    /// A picture of this many pixels is past the rasterizer's bounds (16 384 a side, 2^25 in all).
    case pictureTooLarge(width: Int, height: Int)
    /// The PNG encoder refused the picture.
    case encoding(String)

    /// The artboard has no state machine with this name.
    case noStateMachineNamed(String, available: [String])
    /// The artboard has no linear animation with this name.
    case noAnimationNamed(String, available: [String])
    /// The scene's state machine has no input with this name (or the scene is no state machine).
    case noInputNamed(String, stateMachine: String?, available: [String])
    /// An input was given a value of another kind (`bool`, `number` or `trigger` is what it takes).
    case inputKindMismatch(String, expected: String)
    /// A step is not a finite number of seconds, or there are too many.
    case invalidSteps(String)
    /// The artboard's view model has no instance with this name (or the artboard has no view model).
    case noViewModelInstanceNamed(String, available: [String])
    /// A view model instance was named for the setup pose, which binds none: binding is
    /// part of playing a scene.
    case viewModelInstanceAtSetupPose(String)

    /// The error in a sentence.
    public var description: String {
        switch self {
        case .noArtboardAtIndex(let index, let count):
            "the file has no artboard at index \(index) (it has \(count): 0 to \(max(count - 1, 0)))"
        case .noArtboardNamed(let name, let available):
            "the file has no artboard named \(Self.quoted(name)) (it has: \(Self.list(available)))"
        case .noStateMachineNamed(let name, let available):
            "the artboard has no state machine named \(Self.quoted(name)) (it has: \(Self.list(available)))"
        case .noAnimationNamed(let name, let available):
            "the artboard has no animation named \(Self.quoted(name)) (it has: \(Self.list(available)))"
        case .noInputNamed(let name, let machine?, let available):
            "the state machine \(Self.quoted(machine)) has no input named \(Self.quoted(name)) (it has: \(Self.list(available)))"
        case .noInputNamed(let name, nil, _):
            "input \(Self.quoted(name)): the scene drawn is no state machine, so it has no inputs"
        case .inputKindMismatch(let name, let expected):
            "input \(Self.quoted(name)) is a \(expected) input: give it \(expected == "trigger" ? "fire" : expected == "bool" ? "true or false" : "a number")"
        case .invalidSteps(let reason):
            "the scene's steps: \(reason)"
        case .noViewModelInstanceNamed(let name, let available):
            "the artboard's view model has no instance named \(Self.quoted(name)) (it has: \(Self.list(available)))"
        case .viewModelInstanceAtSetupPose(let name):
            "view model instance \(Self.quoted(name)): the setup pose binds no view model instance; choose a scene to bind one"
        case .emptyArtboard(let width, let height):
            "the artboard is \(width) by \(height): it has no area to draw in pixels"
        case .pictureTooLarge(let width, let height):
            "a picture of \(width)x\(height) pixels is larger than the rasterizer draws (\(Canvas.maximumSide) a side, \(Canvas.maximumPixels) pixels in all): ask for a narrower one"
        case .encoding(let detail):
            "the picture could not be encoded: \(detail)"
        }
    }

    /// A name from the file, escaped for a terminal and cut to a readable length.
    private static func quoted(_ name: String) -> String { TerminalText.quoted(name, limit: 60) }

    /// The names a file offers, each quoted, at most a dozen of them.
    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : ShortList.text(names, limit: 12, quoted)
    }
}
