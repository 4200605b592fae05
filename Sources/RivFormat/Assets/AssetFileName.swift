/// The one rule for the names of files written for assets (and of folders named
/// after inputs), and how a reader finds such a file again.
///
/// A name is written **exactly as Rive's runtime looks for it** (``FileAsset/uniqueFilename``:
/// the unique name and the kind's extension) whenever a file system can hold it.
/// On Linux and Apple platforms that is every name but those with a `/` or a NUL,
/// those over ``byteLimit`` UTF-8 bytes, and `.`, `..` and the empty name. Only those
/// are encoded (``encodedStem(_:)``): `%`, `/` and NUL become `%25`, `%2F` and `%00`
/// (so `a/b-1.png` is `a%2Fb-1.png`), a name of dots alone gets its first dot as
/// `%2E`, the empty name is `%`, and a name still over ``stemByteLimit`` bytes keeps
/// its start and its `-<id>` ending around `~<hash>~`.
///
/// A reader of a folder knows the unique names it looks for, so it matches each
/// file's name without extension against both forms of each unique name
/// (``stem(_:names:)``): a file written under either is found, and a verbatim name
/// that happens to contain `%2F` is still found verbatim.
public enum AssetFileName {
    /// The most UTF-8 bytes a file name may have on the file systems of Linux and
    /// Apple platforms.
    public static let byteLimit = 255
    /// The most UTF-8 bytes of an encoded name without its extension, which leaves
    /// room for any extension of up to 14 bytes.
    public static let stemByteLimit = 240
    /// The most UTF-8 bytes kept from the end of a shortened name: the `-<id>`
    /// ending that tells assets apart.
    static let endingByteLimit = 48

    /// The file name for `stem` with the extension `fileExtension` (none when
    /// empty): `stem.fileExtension` itself when a file system can hold it, else
    /// the encoded stem with the extension.
    public static func written(stem: String, fileExtension: String) -> String {
        let verbatim = fileExtension.isEmpty ? stem : stem + "." + fileExtension
        guard needsEncoding(verbatim) else { return verbatim }
        let encoded = encodedStem(stem)
        return fileExtension.isEmpty ? encoded : encoded + "." + fileExtension
    }

    /// Whether a file system cannot hold `name` as one file name: it is empty,
    /// `.` or `..`, holds a `/` or a NUL, or is over ``byteLimit`` UTF-8 bytes.
    public static func needsEncoding(_ name: String) -> Bool {
        problem(ofFileName: name) != nil
    }

    /// Why `name` cannot be the name of one file in a folder ("is empty", "names a
    /// folder", "holds a path separator or NUL", "is over 255 bytes"), nil when it can:
    /// the rule the writer encodes by, and the one a reader applies to a name it is
    /// given (a manifest's entries), so every name the writer leaves verbatim is read back.
    public static func problem(ofFileName name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name == "." || name == ".." { return "names a folder" }
        if name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0 }) { return "holds a path separator or NUL" }
        if name.utf8.count > byteLimit { return "is over \(byteLimit) bytes" }
        return nil
    }

    /// `stem` in the encoded form: `%`, `/` and NUL percent-encoded, a name of dots
    /// alone led by `%2E`, the empty name `%`, and the result capped at
    /// ``stemByteLimit`` UTF-8 bytes on character boundaries (start, `~`, XXH64
    /// of the whole encoded name in hex, `~`, end).
    public static func encodedStem(_ stem: String) -> String {
        guard !stem.isEmpty else { return "%" }
        var result = ""
        for scalar in stem.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "/": result += "%2F"
            case "\0": result += "%00"
            default: result.unicodeScalars.append(scalar)
            }
        }
        if result.allSatisfy({ $0 == "." }) { result = "%2E" + result.dropFirst() }
        return capped(result)
    }

    /// The name of the file called `fileName` without its final extension: what a
    /// reader compares with unique names. A leading dot does not start an extension.
    public static func stem(ofFileNamed fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }

    /// Whether a file whose name without extension is `stem` was written for the
    /// unique name `uniqueName`: verbatim, or in the encoded form.
    public static func stem(_ stem: String, names uniqueName: String) -> Bool {
        stems(naming: uniqueName).contains(stem)
    }

    /// The names without extension a file written for `uniqueName` may have, in
    /// the order a reader prefers them: the verbatim name, then the encoded form
    /// when it differs.
    public static func stems(naming uniqueName: String) -> [String] {
        let encoded = encodedStem(uniqueName)
        return encoded == uniqueName ? [uniqueName] : [uniqueName, encoded]
    }

    /// A name over ``stemByteLimit`` bytes keeps its start and its ending (at most
    /// ``endingByteLimit`` bytes, whole characters) around `~<hash>~`, the hash being
    /// XXH64 of the whole name, so two long names never collapse into one file;
    /// when no ending fits (one character of many combining marks), it is `~<hash>`.
    private static func capped(_ name: String) -> String {
        guard name.utf8.count > stemByteLimit else { return name }
        let hash = XXH64.hexString(Array(name.utf8).withUnsafeBytes { XXH64.hash($0) })
        let ending = suffix(of: name, bytes: endingByteLimit)
        let start = prefix(of: name, bytes: stemByteLimit - ending.utf8.count - hash.utf8.count - 2)
        guard !ending.isEmpty, !start.isEmpty else { return "~" + hash }
        return start + "~" + hash + "~" + ending
    }

    /// The longest run of whole characters from the start of `name` within `limit` UTF-8 bytes.
    private static func prefix(of name: String, bytes limit: Int) -> String {
        var count = 0
        var end = name.startIndex
        for character in name {
            count += character.utf8.count
            guard count <= limit else { break }
            end = name.index(after: end)
        }
        return String(name[..<end])
    }

    /// The longest run of whole characters from the end of `name` within `limit` UTF-8 bytes.
    private static func suffix(of name: String, bytes limit: Int) -> String {
        var count = 0
        var start = name.endIndex
        for character in name.reversed() {
            count += character.utf8.count
            guard count <= limit else { break }
            start = name.index(before: start)
        }
        return String(name[start...])
    }
}
