import Foundation

/// The rule for a base URL of hosted assets, the one `host` stores on every hosted
/// asset (which every copy of the files then carries and every runtime fetches
/// from) and the one `--cdn-base-url` fetches from instead: an http or https URL with a host, in ASCII with only the characters a URL
/// may hold unencoded, at most 2048 bytes; no user info, query or fragment; a
/// port, when given, from 1 to 65535.
package enum HostBaseURL {
    /// The longest base URL accepted, in bytes.
    package static let byteLimit = 2048

    /// Why `text` cannot be a base URL of hosted assets, naming the part that is
    /// wrong (never echoing user info or a query, which may hold secrets); nil when it can.
    package static func problem(with text: String) -> String? {
        guard !text.isEmpty else { return "it is empty" }
        guard text.utf8.count <= byteLimit else { return "it is \(text.utf8.count) bytes, more than the \(byteLimit) a base URL may hold" }
        let scalars = Array(text.unicodeScalars)
        if let index = scalars.firstIndex(where: { !isAllowed($0) }) {
            return "it holds \(describe(scalars[index])) at character \(index + 1), which a URL must percent-encode"
        }
        if let problem = escapeProblem(scalars) { return problem }
        if let authority = hostAndPort(of: text), !authority.isEmpty {
            do {
                _ = try HostPort(parsing: String(authority))
            } catch {
                return "its host and port: \(error)"
            }
        }
        guard let components = URLComponents(string: text) else { return "it is not a URL" }
        guard let scheme = components.scheme, ["http", "https"].contains(scheme.lowercased()) else {
            return "its scheme must be http or https, not \((components.scheme ?? "none").debugDescription)"
        }
        guard components.user == nil, components.password == nil else {
            return "it holds user info (user:password@ before the host), which every hosted file would carry and every result print"
        }
        guard let host = components.host, !host.isEmpty else { return "it names no host" }
        guard components.query == nil else {
            return "it holds a query ('?'): runtimes append /<uuid> to the base URL, so every asset would be fetched from one URL"
        }
        guard components.fragment == nil else {
            return "it holds a fragment ('#'): runtimes append /<uuid> to the base URL, so every asset would be fetched from one URL"
        }
        return nil
    }

    /// Whether `scalar` may stand unencoded in a URL: a letter or digit of ASCII,
    /// one of `-._~`, a delimiter (`:/?#[]@!$&'()*+,;=`) or `%`.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        default: "-._~:/?#[]@!$&'()*+,;=%".unicodeScalars.contains(scalar)
        }
    }

    /// A character named for a message: `a space`, `a line feed (U+000A)`, `'<'`.
    private static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        switch scalar {
        case " ": return "a space"
        case "\t": return "a tab (\(code))"
        case "\n": return "a line feed (\(code))"
        case "\r": return "a carriage return (\(code))"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: return "the control character \(code)"
        case _ where scalar.value > 0x7F: return "the non-ASCII character \(code) (percent-encode it; an international host name in its xn-- form)"
        default: return "'\(scalar)'"
        }
    }

    /// Why the percent escapes of `scalars` are refused: a `%` not followed by two
    /// hex digits, or one that encodes a control character (a client that decodes
    /// the path would send it raw); nil when they are fine.
    private static func escapeProblem(_ scalars: [Unicode.Scalar]) -> String? {
        for index in scalars.indices where scalars[index] == "%" {
            let digits = scalars[(index + 1)..<min(index + 3, scalars.count)].compactMap { UInt8(String($0), radix: 16) }
            guard digits.count == 2 else { return "it holds a '%' at character \(index + 1) that is not followed by two hex digits" }
            let value = digits[0] << 4 | digits[1]
            if value < 0x20 || value == 0x7F {
                return "it percent-encodes the control character \(describe(Unicode.Scalar(value))) at character \(index + 1), which a client that decodes the path would send raw"
            }
        }
        return nil
    }

    /// The host and port of the authority of `text`, after any user info
    /// (`[::1]:8080` of `https://user@[::1]:8080/rive`); nil when `text` has no
    /// `//` authority. ``HostPort`` is the one rule for what it may hold.
    private static func hostAndPort(of text: String) -> Substring? {
        guard let start = text.range(of: "://")?.upperBound else { return nil }
        let authority = text[start...].prefix { !"/?#".contains($0) }
        guard let at = authority.lastIndex(of: "@") else { return authority }
        return authority[authority.index(after: at)...]
    }
}
