import Foundation

/// A loopback HTTP server playing a CDN (`Scripts/hosted-asset-server.py`, run
/// with python3), for the hosted-asset tests and the benchmark. It stops when the
/// value goes away.
public final class HostedAssetServer {
    /// What the server answers; see the script for the meaning of each field.
    public struct Routes: Encodable {
        /// Wait before every answer, in milliseconds.
        public var delayMilliseconds: Int
        /// `GET /NAME` answers 200 with `folder/NAME` when it exists.
        public var folder: String?
        /// The replies for each path, in order; the last repeats.
        public var paths: [String: [Reply]]

        public init(delayMilliseconds: Int = 0, folder: String? = nil, paths: [String: [Reply]] = [:]) {
            self.delayMilliseconds = delayMilliseconds
            self.folder = folder
            self.paths = paths
        }

        enum CodingKeys: String, CodingKey {
            case delayMilliseconds = "delay_ms", folder, paths
        }
    }

    /// One answer.
    public struct Reply: Encodable {
        public var status: Int
        public var headers: [String: String]
        public var delayMilliseconds: Int
        public var bodyText: String?
        public var bodyFile: String?
        public var pngBytes: Int?
        public var contentLength: Int?
        public var omitLength: Bool?
        public var chunkBytes: Int?
        public var chunkDelayMilliseconds: Int?
        /// The whole head as it is sent (status line, headers, blank line), for answers no well-behaved server gives.
        public var rawHead: String?

        public init(status: Int = 200, headers: [String: String] = [:], delayMilliseconds: Int = 0, bodyText: String? = nil,
                    bodyFile: String? = nil, pngBytes: Int? = nil, contentLength: Int? = nil, omitLength: Bool? = nil,
                    chunkBytes: Int? = nil, chunkDelayMilliseconds: Int? = nil, rawHead: String? = nil) {
            self.status = status
            self.headers = headers
            self.delayMilliseconds = delayMilliseconds
            self.bodyText = bodyText
            self.bodyFile = bodyFile
            self.pngBytes = pngBytes
            self.contentLength = contentLength
            self.omitLength = omitLength
            self.chunkBytes = chunkBytes
            self.chunkDelayMilliseconds = chunkDelayMilliseconds
            self.rawHead = rawHead
        }

        /// `head` sent as it is, then the bytes of the file at `bodyFile` (none when nil).
        public static func raw(_ head: String, bodyFile: String? = nil) -> Reply {
            Reply(bodyFile: bodyFile, rawHead: head)
        }

        /// A redirect (`status`, 302 by default) to `location`.
        public static func redirect(to location: String, status: Int = 302) -> Reply {
            Reply(status: status, headers: ["Location": location], bodyText: "moved")
        }

        /// 200 with the bytes of the file at `path`.
        public static func file(_ path: String, delayMilliseconds: Int = 0) -> Reply {
            Reply(delayMilliseconds: delayMilliseconds, bodyFile: path)
        }

        /// `status` with a short text body.
        public static func status(_ status: Int, headers: [String: String] = [:]) -> Reply {
            Reply(status: status, headers: headers, bodyText: "status \(status)")
        }

        enum CodingKeys: String, CodingKey {
            case status, headers, delayMilliseconds = "delay_ms", bodyText = "body_text", bodyFile = "body_file",
                 pngBytes = "png_bytes", contentLength = "content_length", omitLength = "omit_length",
                 chunkBytes = "chunk_bytes", chunkDelayMilliseconds = "chunk_delay_ms", rawHead = "raw_head"
        }
    }

    /// One request the server received.
    public struct Received: Decodable {
        /// The request line as received (`GET /path HTTP/1.1`).
        public let line: String?
        public let path: String
        public let headers: [String: String]

        /// The value of header `name`, whatever its case.
        public func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// Whether this machine has the IPv6 loopback address (`::1`) to listen on.
    public static var hasIPv6Loopback: Bool {
        #if os(Linux)
        let streamKind = Int32(SOCK_STREAM.rawValue)
        #else
        let streamKind = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET6, streamKind, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
        }
    }

    /// The script, in the package's `Scripts` folder.
    public static let script = SharedData.packageRoot.appendingPathComponent("Scripts/hosted-asset-server.py")

    private let process = Process()
    /// The server's standard input: it exits when this is closed.
    private let lifeline = Pipe()
    /// Where the files live when no folder was given.
    private let temporary: TemporaryDirectory?
    /// The routes file the server reads.
    public let routesURL: URL
    /// The log of requests, one JSON line each.
    public let logURL: URL
    /// The port it listens on, on 127.0.0.1 (or ::1).
    public let port: Int
    /// Whether it listens on the IPv6 loopback address `::1`.
    public let isIPv6: Bool

    /// `http://127.0.0.1:PORT` (or `http://[::1]:PORT`): a base URL for hosted assets.
    public var baseURL: String { isIPv6 ? "http://[::1]:\(port)" : "http://127.0.0.1:\(port)" }

    /// Starts the server with `routes` and waits until it listens. Its routes file
    /// and request log go in `folder` (a temporary folder when nil).
    public init(_ routes: Routes, filesIn folder: URL? = nil, ipv6: Bool = false) throws {
        isIPv6 = ipv6
        temporary = folder == nil ? try TemporaryDirectory() : nil
        let files = folder ?? temporary!.url
        routesURL = files.appendingPathComponent("routes.json")
        logURL = files.appendingPathComponent("requests.log")
        try Self.write(routes, to: routesURL)
        FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, routesURL.path, logURL.path] + (ipv6 ? ["--ipv6"] : [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = lifeline
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([0x0A]) { line += byte }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            try? lifeline.fileHandleForWriting.close()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the hosted asset server did not start (is python3 installed?)"])
        }
        self.port = port
    }

    deinit {
        // Stopped, not only told by closing its input: another child this process
        // started meanwhile may hold a copy of the lifeline (a pipe stays open in a
        // child started while it was being made), and the server would then live,
        // and this wait hold a thread of the task pool, until that child exits.
        // Signalled while the lifeline is still open, so it cannot have exited yet.
        if process.isRunning { process.terminate() }
        try? lifeline.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Replaces the routes; later requests get the new answers.
    public func update(_ routes: Routes) throws {
        // The server notices a change by modification time; make sure it moves.
        Thread.sleep(forTimeInterval: 0.01)
        try Self.write(routes, to: routesURL)
    }

    /// Every request received so far, in order.
    public func received() -> [Received] {
        Self.received(inLog: logURL)
    }

    /// How many requests the log at `url` holds (one line each), counted without
    /// parsing them (for a process other than the one running the server).
    /// The benchmark counts inside its timed fetches, so this walks the bytes
    /// directly rather than through `Data`'s iterator.
    public static func requestCount(inLog url: URL) -> Int {
        ((try? Data(contentsOf: url)) ?? Data()).withUnsafeBytes { bytes in
            bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        }
    }

    /// Every request in the log at `url`, in order (for a process other than the one running the server).
    public static func received(inLog url: URL) -> [Received] {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Received.self, from: Data($0.utf8)) }
    }

    /// How many requests reached the server (for `path` only, when given).
    public func requestCount(path: String? = nil) -> Int {
        received().filter { path == nil || $0.path == path }.count
    }

    private static func write(_ routes: Routes, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".routes-\(UUID().uuidString)")
        try JSONEncoder().encode(routes).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
