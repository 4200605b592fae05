import Foundation

/// Where the Rive CDN hosts an asset that the file does not embed.
public struct CDNInfo: Sendable, Hashable {
    /// The base URL, `https://public.rive.app/cdn/uuid` when the file does not set one.
    public let baseURL: String
    /// The asset's uuid in Rive's string form (lower-case hex, `8-4-4-4-12`).
    public let uuid: String

    /// The base URL used when a file asset does not store one.
    public static let defaultBaseURL = "https://public.rive.app/cdn/uuid"

    /// The URL a Rive runtime fetches the asset from: the base URL, a `/` when it
    /// does not end with one, and the uuid.
    public var url: String { baseURL + (baseURL.hasSuffix("/") ? "" : "/") + uuid }

    /// ``url`` as a `URL`; nil when the base URL stored in the file does not make one.
    public var fetchURL: URL? { URL(string: url) }

    /// Creates the info from a base URL and a uuid already in string form.
    public init(baseURL: String, uuid: String) {
        self.baseURL = baseURL
        self.uuid = uuid
    }

    /// Formats the 16 stored uuid bytes the way Rive's runtimes print them: bytes
    /// 3 2 1 0 - 5 4 - 7 6 - 9 8 - 15 14 13 12 11 10. Nil unless there are exactly 16 bytes.
    public static func uuidString<Bytes: Collection>(fromStoredBytes bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        let stored = Array(bytes)
        guard stored.count == 16 else { return nil }
        let groups: [[Int]] = [[3, 2, 1, 0], [5, 4], [7, 6], [9, 8], [15, 14, 13, 12, 11, 10]]
        return groups.map { group in
            group.map { index in
                let hex = String(stored[index], radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
        }.joined(separator: "-")
    }

    /// The 16 bytes to store for `uuid` so that Rive's runtimes print (and request)
    /// it as `uuid.uuidString.lowercased()`: the inverse of ``uuidString(fromStoredBytes:)``.
    public static func storedBytes(of uuid: UUID) -> [UInt8] {
        let text = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        let storedOrder = [3, 2, 1, 0, 5, 4, 7, 6, 9, 8, 15, 14, 13, 12, 11, 10]
        var stored = [UInt8](repeating: 0, count: 16)
        for (textIndex, storedIndex) in storedOrder.enumerated() { stored[storedIndex] = text[textIndex] }
        return stored
    }
}
