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

    /// The JVM options of kotlinc's short run: the heap of Debian's kotlinc script, the
    /// first-tier JIT only and one garbage-collector thread. A compile of a few thousand
    /// lines then takes 4 s of CPU instead of 10 (the optimising JIT's and the parallel
    /// collector's threads cost more than they win in a run of seconds).
    static let kotlinJVMOptions = "-Xmx256M -Xms32M -XX:TieredStopAtLevel=1 -XX:+UseSerialGC"

    /// One compile at a time: a kotlinc is a JVM of half a gigabyte.
    private static let lock = NSLock()

    /// Compiles `source` (Kotlin with warnings as errors, TypeScript with `--strict`)
    /// as `name` in `directory`; nil when it compiles, the compiler's messages otherwise.
    func check(_ source: String, named name: String = "Generated", in directory: TemporaryDirectory) throws -> String? {
        let file = try directory.write(name + (self == .kotlin ? ".kt" : ".ts"), Array(source.utf8))
        let arguments = switch self {
        case .kotlin: ["-Werror", file, "-d", directory.path(name + "-classes")]
        case .typescript: ["--noEmit", "--strict", "--noUnusedLocals", "--target", "es2020", "--module", "es2020", file]
        }
        return try run(arguments, in: directory.url.path)
    }

    /// Runs the compiler with `arguments` in `folder`, one compile at a time (kotlinc with
    /// ``kotlinJVMOptions``); nil when it succeeds, the compiler's messages otherwise.
    func run(_ arguments: [String], in folder: String) throws -> String? {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        return try Self.output(of: [rawValue] + arguments, in: folder,
                               environment: self == .kotlin ? ["JAVA_OPTS": Self.kotlinJVMOptions] : [:])
    }

    /// Runs `arguments` (through `env`) in `folder` with `environment` added to this
    /// process's; nil when it exits 0, its output otherwise.
    static func output(of arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : text
    }
}
