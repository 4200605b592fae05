import Foundation

/// The classes of slow tests, which `swift test` runs only when asked:
/// `RIV_TESTS=all swift test` runs every class (as `.ci/run` does),
/// `RIV_TESTS=corpus,tools swift test` the ones named. Without `RIV_TESTS` the
/// suite is the inner loop: every test that needs none of these.
public enum SlowTestClass: String, CaseIterable, Sendable {
    /// Tests over the real files of `../shared/corpus`.
    case corpus
    /// Tests that run Rive's C++ runtime (`riv_oracle`, `riv_render` in `../shared/tools`),
    /// mostly over the corpus: selecting them selects ``corpus`` too.
    case oracle
    /// Tests that compare with an outside program: Pillow, rsvg-convert, tsc.
    case tools
    /// Tests of the HTML report in headless Chromium.
    case browser
    /// Tests that compile generated Kotlin with kotlinc (a JVM start per compile).
    case jvm

    /// The classes `RIV_TESTS` selects.
    public static let selected: Set<SlowTestClass> = {
        let names = (ProcessInfo.processInfo.environment["RIV_TESTS"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if names.contains("all") { return Set(allCases) }
        let named = Set(names.compactMap(SlowTestClass.init(rawValue:)))
        return named.contains(.oracle) ? named.union([.corpus]) : named
    }()

    /// Whether `RIV_TESTS` asks for this class.
    public var isSelected: Bool { Self.selected.contains(self) }

    /// What a skipped test of this class prints when the class was not asked for.
    public var notSelectedMessage: String {
        "\(rawValue) tests are opt-in: RIV_TESTS=\(rawValue) (or RIV_TESTS=all) swift test runs them"
    }
}
