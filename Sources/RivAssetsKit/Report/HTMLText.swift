import Foundation

/// Links in HTML made from a file's text (its escaping is `MarkupText`'s, in RivSupport).
enum HTMLText {
    /// An `http:` or `https:` URL from a file, for a link; nil for any other scheme
    /// (`javascript:` above all), for what is no URL, and for a URL holding a
    /// control or bidirectional character (shown as escaped text instead).
    static func linkableURL(_ text: String) -> String? {
        guard !text.unicodeScalars.contains(where: TerminalText.isControl),
              let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              url.host != nil else { return nil }
        return text
    }
}
