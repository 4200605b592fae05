import RivFontSubset
import RivFormat

extension StripPlan {
    /// Merging cut-down copies of one font (``AssetConflictPolicy/merge``).
    enum Merging {
        /// What merging the copies gave.
        enum Outcome {
            /// One font mapping every character of every copy, why, and what was left out.
            case merged([UInt8], String, [String])
            /// The copies cannot be merged (not one font, or a copy the merger does not read), and why: each is written per file.
            case unmergeable(String)
            /// Nothing can be written for them, and why.
            case none(String)
        }

        /// The copies in `group` merged into one font, each distinct copy once, in
        /// input order; `fontBytes` holds each copy's bytes by content.
        static func merge(_ group: [Copy], of inputs: [String], fontBytes: [AssetContent: [UInt8]]) -> Outcome {
            guard group.allSatisfy({ $0.type == .font }) else {
                return .none("the copies are no fonts (\(group[0].type)), and \(RequestField.preferMerge) settles fonts only (give \(RequestField.preferPerFile))")
            }
            var distinct: [Copy] = []
            for copy in group where !distinct.contains(where: { $0.content == copy.content }) { distinct.append(copy) }
            var fonts: [[UInt8]] = []
            for copy in distinct {
                guard let bytes = fontBytes[copy.content] else { return .none("the copy of \(inputs[copy.input]) was not kept to merge") }
                fonts.append(bytes)
            }
            // The merger numbers the copies; the inputs name them.
            func named(_ text: String) -> String {
                distinct.indices.reversed().reduce(text) { text, index in text.replacing("copy \(index + 1)", with: "the copy of \(inputs[distinct[index].input])") }
            }
            do throws(FontMergeError) {
                let merge = try FontMerger().merge(fonts)
                let added = distinct.indices.filter { merge.addedCharacters[$0] > 0 }
                    .map { "\(inputs[distinct[$0].input]) added \(merge.addedCharacters[$0])" }
                return .merged(merge.bytes, "merged the \(distinct.count) copies into one font mapping all \(merge.mappedCharacterCount) characters they map "
                    + "(\(merge.bytes.count) bytes; from the copy of \(inputs[distinct[merge.base].input])"
                    + (added.isEmpty ? "" : "; " + added.joined(separator: ", ")) + ")", merge.notes.map(named))
            } catch {
                switch error {
                case .unreadable(let copy, let reason):
                    return .unmergeable("the copy of \(inputs[distinct[copy].input]) cannot be merged (\(reason))")
                case .differentFonts(let why):
                    return .unmergeable("the copies are not one font (\(named(why)))")
                }
            }
        }
    }
}
