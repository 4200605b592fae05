import Foundation
import RivTestSupport

/// The compilers that check generated Kotlin (`kotlinc`, Debian's `kotlin`
/// package) and TypeScript (`tsc`, Debian's `node-typescript`), found on `PATH`.
/// Tests that need one skip with ``skipMessage`` when it is absent.
enum GeneratedCodeCompiler: String {
    case kotlin = "kotlinc"
    case typescript = "tsc"

    /// The slow-test class its tests belong to: kotlinc starts a JVM per compile.
    var testClass: SlowTestClass { self == .kotlin ? .jvm : .tools }

    /// Whether the compiler is on `PATH` and `RIV_TESTS` selects its class.
    var isPresent: Bool {
        testClass.isSelected && (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: "\(folder)/\(rawValue)")
        }
    }

    /// Why a test that needs the compiler was skipped.
    var skipMessage: String {
        guard testClass.isSelected else { return testClass.notSelectedMessage }
        return "\(rawValue) is not installed (apt-get install \(self == .kotlin ? "kotlin" : "node-typescript")): generated \(self == .kotlin ? "Kotlin" : "TypeScript") not compiled"
    }

    /// One compile at a time: a kotlinc is a JVM of half a gigabyte.
    private static let lock = NSLock()

    /// Compiles `source` (Kotlin with warnings as errors, TypeScript with `--strict`)
    /// as `name` in `directory`; nil when it compiles, the compiler's messages otherwise.
    func check(_ source: String, named name: String = "Generated", in directory: TemporaryDirectory) throws -> String? {
        let file = try directory.write(name + (self == .kotlin ? ".kt" : ".ts"), Array(source.utf8))
        let arguments = switch self {
        case .kotlin: [rawValue, "-Werror", file, "-d", directory.path(name + "-classes")]
        case .typescript: [rawValue, "--noEmit", "--strict", "--noUnusedLocals", "--target", "es2020", "--module", "es2020", file]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        Self.lock.lock()
        defer { Self.lock.unlock() }
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : text
    }
}
