import Foundation
import RivAssetsKit

/// The options that say which characters fonts keep besides their files'
/// text (`shrink`, and `strip --subset-fonts`), declared once, and the one
/// reader of the set they give.
enum KeepOptions {
    static let keepCharacters = OptionDeclaration.repeatable("--keep-characters", valueName: "TEXT",
                                                             help: "characters every font keeps besides its text's")
    static let keepFile = OptionDeclaration.repeatable("--keep-file", valueName: "FILE",
                                                       help: "every character of FILE (UTF-8 text) is kept too")
    static let keepRanges = OptionDeclaration.repeatable("--keep", valueName: "RANGES",
                                                         help: "named ranges kept too: \(KeptCharacterRange.allCases.map(\.rawValue).joined(separator: ","))")

    /// The declaration of each of a command's keep options.
    static func declaration(of option: some KeepOption) -> OptionDeclaration {
        switch option {
        case .keepCharacters: keepCharacters
        case .keepFile: keepFile
        default: keepRanges
        }
    }

    /// The characters the arguments keep (empty when none are given).
    static func read<Option: KeepOption>(_ arguments: ParsedArguments<Option>) throws(UsageError) -> Set<Unicode.Scalar> {
        var kept = Set(arguments.values(.keepCharacters).flatMap(\.unicodeScalars))
        for path in arguments.values(.keepFile) {
            guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("--keep-file \(path): cannot be read") }
            guard let text = String(data: data, encoding: .utf8) else { throw UsageError("--keep-file \(path): not UTF-8 text") }
            kept.formUnion(text.unicodeScalars.filter { $0 != "\n" && $0 != "\r" })
        }
        for list in arguments.values(.keepRanges) {
            do throws(RequestError) {
                kept.formUnion(try KeptCharacterRange.characters(named: list))
            } catch {
                throw UsageError(error.message)
            }
        }
        return kept
    }
}

/// The options of a command that takes `--keep`, `--keep-characters` and `--keep-file` (``KeepOptions/read(_:)``).
protocol KeepOption: CommandOption {
    static var keepCharacters: Self { get }
    static var keepFile: Self { get }
    static var keepRanges: Self { get }
}
