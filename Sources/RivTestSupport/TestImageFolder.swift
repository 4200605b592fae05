import Foundation

/// A folder of small image files checked in beside a test target's sources, made for its tests.
public struct TestImageFolder: Sendable {
    /// The folder.
    public let directory: URL

    /// The `Images` folder beside the source file at `filePath` (pass `#filePath`).
    public init(besides filePath: String) {
        directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Images")
    }

    /// The bytes of the file `name`.
    public func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// FNV-1a 64 of decoded samples, as 16 hex digits: what the tests record of Pillow's pixels.
    public static func hash(_ samples: [UInt8]) -> String {
        samples.withUnsafeBytes { FNV1a64.hexString($0) }
    }

    /// The first offset where `bytes` holds the marker or chunk type `pattern`.
    public static func offset(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        bytes.indices.first { bytes[$0...].starts(with: pattern) }
    }
}
