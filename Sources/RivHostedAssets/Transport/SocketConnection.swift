#if canImport(FoundationNetworking)
import Foundation

/// A TCP connection to an IPv6 address, with non-blocking I/O bounded by a
/// silence timeout and a cancellation check (looked at every 200 ms), for
/// ``IPv6LiteralHTTP``.
final class SocketConnection {
    private var descriptor: Int32
    private let timeout: TimeInterval
    private let cancelled: @Sendable () -> Bool

    /// Connects to `address` (an IPv6 address, a zone allowed) on `port`.
    init(ipv6 address: String, port: Int, timeout: TimeInterval, cancelled: @escaping @Sendable () -> Bool) throws {
        self.timeout = timeout
        self.cancelled = cancelled
        var hints = addrinfo()
        hints.ai_family = AF_INET6
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(address, String(port), &hints, &found) == 0, let info = found else {
            throw HostedAssetTransportError.connectionFailed("\(address) is no IPv6 address")
        }
        defer { freeaddrinfo(found) }
        descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard descriptor >= 0 else { throw HostedAssetTransportError.connectionFailed("no socket: " + String(cString: strerror(errno))) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        if connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 {
            guard errno == EINPROGRESS else { throw failure("cannot connect to [\(address)]:\(port)") }
            try wait(for: Int16(POLLOUT))
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length)
            guard code == 0 else {
                throw HostedAssetTransportError.connectionFailed("cannot connect to [\(address)]:\(port): " + String(cString: strerror(code)))
            }
        }
    }

    deinit { close() }

    /// Sends every byte.
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            if count > 0 {
                offset += count
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try wait(for: Int16(POLLOUT))
            } else {
                throw failure("the connection was lost while sending")
            }
        }
    }

    /// The next bytes received; nil when the server closed the connection.
    func receive() throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count > 0 { return Array(buffer[..<count]) }
            if count == 0 { return nil }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { throw failure("the connection was lost") }
            try wait(for: Int16(POLLIN))
        }
    }

    func close() {
        if descriptor >= 0 { _ = Foundation.close(descriptor) }
        descriptor = -1
    }

    /// Waits until the socket is ready for `events`, throwing on silence past the
    /// timeout, or cancellation.
    private func wait(for events: Int16) throws {
        let silentSince = Date()
        while true {
            if cancelled() { throw CancellationError() }
            if Date().timeIntervalSince(silentSince) >= timeout { throw HostedAssetTransportError.timedOut }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, 200)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw failure("waiting on the connection failed") }
        }
    }

    private func failure(_ what: String) -> HostedAssetTransportError {
        .connectionFailed(what + ": " + String(cString: strerror(errno)))
    }
}
#endif
