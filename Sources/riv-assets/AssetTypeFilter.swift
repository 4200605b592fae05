import Foundation
import RivFormat

/// The `--type` option: a comma-separated list of image, font, audio, script, other, or all.
struct AssetTypeFilter {
    enum Category: String, CaseIterable {
        case image, font, audio, script, other
    }

    let categories: Set<Category>

    static let all = AssetTypeFilter(categories: Set(Category.allCases))

    init(categories: Set<Category>) {
        self.categories = categories
    }

    /// Parses `image,font`, `all`, ...
    init(parsing text: String) throws(UsageError) {
        var chosen: Set<Category> = []
        for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            if word == "all" {
                chosen.formUnion(Category.allCases)
            } else if let category = Category(rawValue: word) {
                chosen.insert(category)
            } else {
                throw UsageError("unknown type '\(word)' in --type (use image, font, audio, script, other or all)")
            }
        }
        guard !chosen.isEmpty else { throw UsageError("--type needs at least one type") }
        categories = chosen
    }

    func includes(_ asset: FileAsset) -> Bool {
        categories.contains(Self.category(of: asset.type))
    }

    static func category(of type: AssetType) -> Category {
        switch type {
        case .image: .image
        case .font: .font
        case .audio: .audio
        case .unknown(let key) where key == Schema.TypeKey.scriptAsset || key == Schema.TypeKey.scriptModuleAsset: .script
        case .unknown: .other
        }
    }
}
