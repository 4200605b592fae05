import Foundation
import RivFontSubset
import RivFormat

extension StripPlan {
    /// The fonts a strip run ships: each font file subset (``StripRequest/subsetsFonts``)
    /// to every character of every input whose asset it serves, plus the kept
    /// characters, by the rule `shrink` follows for one file.
    enum FontShipping {
        /// The font files among `indices` (copies not refused), one result entry
        /// each, in the order first met; `bytes` gets each copy's file bytes when
        /// no asset embeds them (a merged or subset font). `sources` are the bytes
        /// of the copy each copy's file holds instead of its own (nil: its own,
        /// in `fontBytes` by content).
        static func ship(_ indices: [Int], of copies: [Copy], fileNames: [String], sources: [[UInt8]?], fontBytes: [AssetContent: [UInt8]], merged: [[UInt8]?],
                         mergeNotes: [String: String], request: StripRequest, bytes: inout [[UInt8]?]) -> [ShippedFont] {
            var order: [String] = []
            var files: [String: [Int]] = [:]
            for index in indices {
                let key = RunWrites.key(fileNames[index])
                if files[key] == nil { order.append(key) }
                files[key, default: []].append(index)
            }
            var fonts: [ShippedFont] = []
            for key in order {
                let members = files[key]!
                let first = members[0]
                let source: [UInt8]
                if let mergedFont = merged[first] {
                    source = mergedFont
                } else {
                    guard request.subsetsFonts, let kept = sources[first] ?? fontBytes[copies[first].content] else { continue }
                    source = kept
                }
                var inputs: [String] = [], assets: [String] = []
                for member in members {
                    if !inputs.contains(request.rewrite.inputNames[copies[member].input]) { inputs.append(request.rewrite.inputNames[copies[member].input]) }
                    if !assets.contains(copies[member].uniqueName) { assets.append(copies[member].uniqueName) }
                }
                var font = ShippedFont(file: fileNames[first], assets: assets, inputs: inputs,
                                       bytesBefore: Set(members.map { copies[$0].content }).reduce(0) { $0 + $1.bytes },
                                       bytesAfter: source.count, characterCount: nil, keptNotMapped: "", note: mergeNotes[key])
                var shipped = merged[first]
                if request.subsetsFonts, let subset = subset(source, for: members.map { copies[$0] }, request, note: &font.note) {
                    font.characterCount = subset.mappedCharacterCount
                    if subset.bytes.count < source.count {
                        shipped = subset.bytes
                        font.bytesAfter = subset.bytes.count
                    }
                }
                if request.subsetsFonts, !request.keptCharacters.isEmpty,
                   let missing = try? FontCharacterCoverage(font: source).missing(from: request.keptCharacters.sorted { $0.value < $1.value }) {
                    font.keptNotMapped = String(String.UnicodeScalarView(missing))
                }
                for member in members { bytes[member] = shipped }
                fonts.append(font)
            }
            return fonts
        }

        /// The original font standing for the copies in `group`: the one given
        /// for their unique name, else the one whose family and style are theirs.
        static func source(for group: [Copy], among sources: [FontSourceFile.Loaded]) -> FontSourceFile.Loaded? {
            guard group[0].type == .font else { return nil }
            if let named = sources.first(where: { $0.uniqueName == group[0].uniqueName }) { return named }
            guard let names = group.lazy.compactMap(\.names).first else { return nil }
            return sources.first { $0.uniqueName == nil && $0.names == names }
        }

        /// Why `source` cannot stand for the copies in `group`: a character some
        /// input's text draws with its copy that the source has no glyph for;
        /// nil when it can. (Without text, when fonts are not subset, nothing is
        /// compared.) `fontBytes` holds each copy's bytes by content.
        static func problem(with source: FontSourceFile.Loaded, for group: [Copy], inputs: [String], fontBytes: [AssetContent: [UInt8]]) -> String? {
            let coverage: FontCharacterCoverage
            do throws(FontSubsetError) {
                coverage = try FontCharacterCoverage(font: source.bytes)
            } catch {
                return "the original font \(source.path) cannot be read (\(error))"
            }
            var compared = Set<AssetContent>()
            for copy in group where compared.insert(copy.content).inserted {
                guard let text = copy.text, let missing = try? coverage.missing(from: text.characters), !missing.isEmpty else { continue }
                guard let bytes = fontBytes[copy.content] else { return "the copy of \(inputs[copy.input]) was not kept to compare" }
                let drawn = Set(missing).subtracting((try? FontCharacterCoverage(font: bytes).missing(from: text.characters)) ?? [])
                if !drawn.isEmpty {
                    return "the original font \(source.path) has no glyph for characters the copy of \(inputs[copy.input]) draws ("
                        + String(String.UnicodeScalarView(drawn.sorted { $0.value < $1.value }.prefix(20))) + "): give the font the files were made with"
                }
            }
            return nil
        }

        /// `font` subset to the characters of every copy's text and the kept ones;
        /// nil, with a note, when it is written whole: while no characters are
        /// kept, an input uses it with no text run (data binding or a script may)
        /// or a run may show any character; or the subsetter cannot rewrite it.
        private static func subset(_ font: [UInt8], for users: [Copy], _ request: StripRequest, note: inout String?) -> FontSubset? {
            func say(_ text: String) { note = note.map { $0 + "; " + text } ?? text }
            var characters = request.keptCharacters
            for user in users {
                guard let text = user.text else {
                    // Data binding or a script may show it: like a data-bound run, what the app sets is the kept set.
                    guard !request.keptCharacters.isEmpty else {
                        say("no text run of \(request.rewrite.inputNames[user.input]) uses it (data binding or a script may): written whole "
                            + "(give \(RequestField.stripKeptCharacters) to subset it)")
                        return nil
                    }
                    continue
                }
                if text.open && request.keptCharacters.isEmpty {
                    say("a text run of \(request.rewrite.inputNames[user.input]) may show any character (text bound to view model data, a text input "
                        + "or a font data binding): written whole (give \(RequestField.stripKeptCharacters) to subset it)")
                    return nil
                }
                characters.formUnion(text.characters)
            }
            do throws(FontSubsetError) {
                return try TrueTypeSubsetter().subset(font, keeping: characters)
            } catch {
                say("written whole: \(error)")
                return nil
            }
        }
    }
}
