import Foundation
import RivAssetsKit

/// The arguments as strings. An argument that is not valid UTF-8 (a file name
/// from another system, say) cannot be a Swift string; when it names a file, the
/// file is opened and its descriptor's path stands for it, with a note saying so,
/// so such a file can still be listed and extracted.
package enum CommandLineText {
    package static func arguments(_ raw: [[UInt8]], console: Console) -> [String] {
        raw.map { bytes in
            if let text = String(bytes: bytes, encoding: .utf8) { return text }
            let shown = TerminalText.escapedBytes(bytes)
            guard let path = Platform.descriptorPath(openingRawPath: bytes) else {
                console.note("\(shown) is not valid UTF-8 and names no file that can be opened")
                return String(decoding: bytes, as: UTF8.self)
            }
            console.note("\(shown) is not valid UTF-8: it is read as \(path)")
            return path
        }
    }
}
