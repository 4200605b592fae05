import Foundation

/// The request line and header fields of a GET, and the rule each of them keeps
/// before anything is sent: the request target is the URL's path as it is
/// percent-encoded in the URL (never the decoded `url.path`, in which `%0d%0a`
/// becomes a line break), then its query, and holds visible ASCII only; a header
/// name is an HTTP token; a header value holds no control character but a tab
/// (no CR, no LF, no NUL). The fetcher checks every request with it, and the
/// IPv6 client again when it writes the bytes.
package enum HTTPRequestHead {
    /// The request target of `url`: its percent-encoded path (`/` when empty),
    /// then `?` and its percent-encoded query when it has one.
    package static func target(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        var target = components?.percentEncodedPath ?? ""
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        return target
    }

    /// Why a GET of `url` with `headers` cannot be sent as it is (a sentence
    /// naming the part and the character), nil when it can.
    package static func problem(url: URL, headers: [String: String]) -> String? {
        let target = target(of: url)
        if let bad = target.unicodeScalars.first(where: { !(0x21...0x7E).contains($0.value) }) {
            return "the request target \(shown(target)) holds \(shown(bad)), which a request line cannot carry"
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            if let problem = problem(headerName: name, value: value) { return problem }
        }
        return nil
    }

    /// Why the header `name: value` cannot be sent, nil when it can: the name
    /// must be a token (letters, digits and ``tokenSymbols``), the value free of
    /// control characters but a tab.
    package static func problem(headerName name: String, value: String) -> String? {
        if name.isEmpty { return "a header has no name" }
        if let bad = name.unicodeScalars.first(where: { !isTokenCharacter($0) }) {
            return "the header name \(shown(name)) holds \(shown(bad)), which a header name cannot carry"
        }
        if let bad = value.unicodeScalars.first(where: { isControl($0) }) {
            return "the value of the header \(name) holds \(shown(bad)), which a header cannot carry"
        }
        return nil
    }

    /// The head of a GET of `url` sent to `authority` (the `Host` header) with
    /// `headers` and the client's own fixed ones, ending with the empty line;
    /// throws ``HostedAssetTransportError/unsafeRequest(_:)`` when any part breaks the rule.
    package static func get(_ url: URL, authority: String, headers: [String: String]) throws(HostedAssetTransportError) -> String {
        if let problem = problem(url: url, headers: headers.merging(["Host": authority]) { $1 }) {
            throw .unsafeRequest(problem)
        }
        var head = "GET \(target(of: url)) HTTP/1.1\r\nHost: \(authority)\r\n"
        head += "Connection: close\r\nAccept-Encoding: identity\r\nUser-Agent: riv-assets\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        return head + "\r\n"
    }

    /// The symbols a token may hold besides letters and digits (RFC 9110 `tchar`).
    package static let tokenSymbols = "!#$%&'*+-.^_`|~"

    /// Whether `scalar` may be part of a token: an ASCII letter, digit or one of ``tokenSymbols``.
    package static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || tokenSymbols.unicodeScalars.contains(scalar))
    }

    /// A control character a field value may not hold: C0 but the tab, and DEL.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }

    /// `text` quoted with its control characters escaped, at most 80 characters of it.
    static func shown(_ text: String) -> String {
        let escaped = text.unicodeScalars.map { $0.isASCII && !isControl($0) && $0 != "\t" ? String($0) : $0.escaped(asASCII: true) }.joined()
        return "'" + (escaped.count > 80 ? escaped.prefix(80) + "..." : escaped) + "'"
    }

    private static func shown(_ scalar: Unicode.Scalar) -> String {
        scalar == " " ? "a space" : "'" + scalar.escaped(asASCII: true) + "'"
    }
}
