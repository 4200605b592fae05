import Foundation

/// A host and an optional port: the one parser for what a user writes
/// (`--header-host`, ``HostedAssetFetcher/Configuration/headerHosts``) and what
/// a URL holds. A name is `cdn.example.com` or `cdn.example.com:8443`; an IPv6
/// address goes in brackets, `[::1]` or `[::1]:8080`, as in a URL. Without
/// brackets, `::1:8080` could be the address `::1:8080` or `::1` and a port, so
/// any unbracketed text with more than one colon is refused.
package struct HostPort: Hashable, Sendable, CustomStringConvertible {
    /// The host in lower case; an IPv6 address without its brackets.
    package let host: String
    /// The port, nil when none is written.
    package let port: Int?

    /// A host (lower-cased, one pair of brackets removed) and port.
    package init(host: String, port: Int?) {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        self.port = port
    }

    /// The host and port of `url` (the port only when the URL writes one); nil when it has no host.
    package init?(url: URL) {
        guard let host = url.host, !host.isEmpty else { return nil }
        self.init(host: host, port: url.port)
    }

    /// Parses `HOST`, `HOST:PORT`, `[IPV6]` or `[IPV6]:PORT`.
    package init(parsing text: String) throws(HostPortError) {
        func refuse(_ reason: String) -> HostPortError { HostPortError(text: text, reason: reason) }
        var rest = Substring(text)
        let host: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw refuse("the bracket of the IPv6 address is not closed") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            guard Self.isIPv6Address(host) else { throw refuse("\(HTTPRequestHead.shown(String(host))) in brackets is no IPv6 address") }
            rest = rest[rest.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { throw refuse("only ':PORT' may follow the brackets") }
        } else {
            let colons = rest.filter { $0 == ":" }.count
            guard colons <= 1 else {
                throw refuse("an IPv6 address goes in brackets, '[ADDRESS]' for any port or '[ADDRESS]:PORT' for one "
                             + "(without them, the last group could be the address's or a port)")
            }
            host = rest.prefix { $0 != ":" }
            rest = rest[host.endIndex...]
            guard !host.isEmpty else { throw refuse("there is no host") }
            guard host.unicodeScalars.allSatisfy({ Self.isNameCharacter($0) }) else {
                throw refuse("a host name holds letters, digits, '-', '.', '_' and '~' only")
            }
        }
        var port: Int?
        if rest.hasPrefix(":") {
            let digits = rest.dropFirst()
            guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let number = Int(digits), (1...65535).contains(number) else {
                throw refuse("the port must be a number from 1 to 65535")
            }
            port = number
        }
        self.init(host: String(host), port: port)
    }

    /// As a URL writes it: `cdn.example.com:8443`, `[::1]:8080`, `[::1]`.
    package var description: String {
        (host.contains(":") ? "[\(host)]" : host) + (port.map { ":\($0)" } ?? "")
    }

    /// Whether a request to `url` goes to this host: the same host and, when
    /// this names a port, the same port (the URL's, or its scheme's default: 80
    /// for http, 443 for https).
    package func matches(_ url: URL) -> Bool {
        guard let target = HostPort(url: url), target.host == host else { return false }
        guard let port else { return true }
        return port == Self.effectivePort(of: url)
    }

    /// The port a request to `url` goes to: the one it writes, else 443 for https and 80 otherwise.
    package static func effectivePort(of url: URL) -> Int {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
    }

    /// An IPv6 address as a URL holds it: hex digits and colons (at least two),
    /// dots for an embedded IPv4 address, then an optional zone (`%eth0`).
    private static func isIPv6Address(_ text: Substring) -> Bool {
        let address = text.prefix { $0 != "%" }
        let zone = text[address.endIndex...].dropFirst()
        guard address.filter({ $0 == ":" }).count >= 2,
              address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
        return text.count == address.count || (!zone.isEmpty && zone.unicodeScalars.allSatisfy { isNameCharacter($0) })
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar)
    }
}

/// Text that is no `HOST`, `HOST:PORT`, `[IPV6]` or `[IPV6]:PORT`, and why.
package struct HostPortError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text as given.
    package let text: String
    /// What is wrong with it.
    package let reason: String

    /// `'::1:8080' is no HOST or HOST:PORT: an IPv6 address goes in brackets ...`.
    package var description: String { "\(HTTPRequestHead.shown(text)) is no HOST or HOST:PORT: \(reason)" }
}
