import RivFormat

/// The images embedded in the corpus `.riv` files, for the decoders' tests.
public enum CorpusImages {
    /// Every distinct embedded image asset whose bytes are of `format`, named
    /// `file.riv:uniqueName`, sorted by name. Empty when ../shared is absent.
    public static func embedded(_ format: ContentFormat) -> [(name: String, bytes: [UInt8])] {
        var seen = Set<[UInt8]>()
        var images: [(name: String, bytes: [UInt8])] = []
        for url in SharedData.corpusFiles() {
            guard let file = try? RivFile(contentsOf: url) else { continue }
            for asset in file.assets where asset.detectedFormat == format {
                guard let data = asset.embeddedBytes, seen.insert(Array(data)).inserted else { continue }
                images.append(("\(url.lastPathComponent):\(asset.uniqueName)", Array(data)))
            }
        }
        return images.sorted { $0.name < $1.name }
    }
}
