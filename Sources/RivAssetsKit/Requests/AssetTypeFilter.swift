import Foundation
import RivFormat
import RivSupport

/// Which kinds of asset an operation touches, by category.
public struct AssetTypeFilter: Sendable, Hashable {
    /// A category of file asset.
    public enum Category: String, CaseIterable, Sendable {
        /// Image assets.
        case image
        /// Font assets.
        case font
        /// Audio assets.
        case audio
        /// Script and script module assets.
        case script
        /// Every other kind (shaders, blobs, manifests, kinds newer than this reader).
        case other
    }

    /// The categories included.
    public let categories: Set<Category>

    /// Every asset.
    public static let all = AssetTypeFilter(categories: Set(Category.allCases))
    /// The kinds an app can supply itself: images, fonts and audio (the categories
    /// of the kinds Rive's runtimes let an app replace, `AssetType.replaceable`).
    public static let appSupplied = AssetTypeFilter(categories: Set(AssetType.replaceable.map(category(of:))))

    /// A filter including `categories`.
    public init(categories: Set<Category>) {
        self.categories = categories
    }

    /// Parses a comma-separated list: `image,font`, `audio`, `all`, ...
    public init(parsing text: String) throws(RequestError) {
        var chosen: Set<Category> = []
        for word in CommaList.items(text) {
            if word == "all" {
                chosen.formUnion(Category.allCases)
            } else if let category = Category(rawValue: word) {
                chosen.insert(category)
            } else {
                throw RequestError(.invalidOption, "unknown type '\(word)' (use image, font, audio, script, other or all)")
            }
        }
        guard !chosen.isEmpty else { throw RequestError(.invalidOption, "give at least one asset type") }
        categories = chosen
    }

    /// Whether the filter includes `asset`.
    public func includes(_ asset: FileAsset) -> Bool {
        categories.contains(Self.category(of: asset))
    }

    /// The category of `asset`.
    public static func category(of asset: FileAsset) -> Category {
        category(of: asset.type)
    }

    /// The category of assets of `type`.
    public static func category(of type: AssetType) -> Category {
        switch type.kind {
        case .image: .image
        case .font: .font
        case .audio: .audio
        case .script, .scriptModule: .script
        case .shader, .blob, .manifest, nil: .other
        }
    }
}
