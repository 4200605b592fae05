/// The options one command declares, as the cases of an enum: the parser and the
/// help take every case (``allCases``, in order), and ``ParsedArguments`` reads
/// only cases of the command's own enum, so reading an option the command does
/// not declare does not compile.
///
/// ```swift
/// enum Option: CommandOption {
///     case output, json
///     var declaration: OptionDeclaration {
///         switch self {
///         case .output: ExtractCommand.output
///         case .json: SharedOptions.json
///         }
///     }
/// }
/// ```
public protocol CommandOption: CaseIterable, Hashable, Sendable {
    /// How the option is spelled, takes a value and reads in help.
    var declaration: OptionDeclaration { get }
}

extension CommandOption {
    /// Every option declared, in the order help lists them.
    public static var declarations: [OptionDeclaration] { allCases.map(\.declaration) }
}

/// The options of a command that declares none.
public enum NoOption: CommandOption {
    public var declaration: OptionDeclaration { switch self {} }
}
