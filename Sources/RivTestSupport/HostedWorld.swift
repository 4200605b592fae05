import Foundation
import RivFormat

/// A hosted asset world: a temporary folder with the assets' bytes, a
/// loopback server serving them, and `.riv` files that host them on it.
public struct HostedWorld {
    public let sandbox: TemporaryDirectory
    public let server: HostedAssetServer

    /// Starts a server on `routes` (by default serving the folder `served`), on
    /// the IPv6 loopback address when `ipv6` is set.
    public init(routes: HostedAssetServer.Routes? = nil, ipv6: Bool = false) throws {
        sandbox = try TemporaryDirectory()
        try sandbox.folder("served")
        server = try HostedAssetServer(routes ?? HostedAssetServer.Routes(folder: sandbox.path("served")), ipv6: ipv6)
    }

    /// The stored uuid bytes for asset number `index` and their string form.
    public static func uuid(_ index: Int) -> (bytes: [UInt8], text: String) {
        let bytes = (0..<16).map { UInt8(truncatingIfNeeded: $0 &* 17 &+ index &* 29 &+ 1) }
        return (bytes, CDNInfo.uuidString(fromStoredBytes: bytes)!)
    }

    /// Puts `bytes` on the server as asset `index` and returns its uuid.
    @discardableResult
    public func serve(_ index: Int, _ bytes: [UInt8]) throws -> String {
        let uuid = Self.uuid(index).text
        _ = try sandbox.write("served/" + uuid, bytes)
        return uuid
    }

    /// A `.riv` file (written as `name`) hosting images `image-<index>` for each index, on this server.
    public func rivFile(_ name: String = "hosted.riv", images indices: [Int]) throws -> (path: String, file: RivFile) {
        let assets = indices.map { TestAsset.image("image-\($0).png", UInt64(100 + $0), cdnUUID: Self.uuid($0).bytes, cdnBaseURL: server.baseURL) }
        let path = try sandbox.write(name, Inputs.file(assets))
        return (path, try RivFile(path: path))
    }
}
