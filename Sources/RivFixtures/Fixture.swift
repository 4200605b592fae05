/// One of the project's own test files: a small `.riv` file built with
/// `RivFileBuilder`, committed as `Fixtures/<name>.riv` beside its expected
/// listing `Fixtures/<name>.json`.
public struct Fixture: Sendable {
    /// The file name without `.riv`, e.g. `embedded-png`.
    public let name: String
    /// What the fixture covers, in a sentence.
    public let summary: String
    private let make: @Sendable () -> [UInt8]

    /// A fixture whose bytes `make` produces; `make` must give the same bytes every time.
    public init(name: String, summary: String, make: @escaping @Sendable () -> [UInt8]) {
        self.name = name
        self.summary = summary
        self.make = make
    }

    /// The bytes of the `.riv` file, built afresh.
    public func bytes() -> [UInt8] { make() }

    /// `<name>.riv`.
    public var fileName: String { name + ".riv" }
}
