import RivAssetsKit

/// The one table from the request fields the library's messages name
/// (``RivAssetsKit/RequestField``) to the options that set them, so that every
/// message the tool prints names an option: `give --keep-characters`, not the field.
enum FieldFlags {
    /// The option (or options) that set each field, as messages show them.
    static let table: [RequestField: String] = [
        .replacementFolder: "--assets",
        .matchingByName: "--by-name",
        .embedAssetsFolder: "--assets",
        .hostAssetsFolder: "--assets",
        .verifyAssetsFolder: "--assets",
        .verifyAssetsFolderTypes: "--type",
        .verifyHostedAssets: "--offline",
        .verifyUploadFolder: "--upload-dir",
        .shrinkKeptCharacters: "--keep-characters, --keep-file or --keep",
        .stripKeptCharacters: "--keep, --keep-characters or --keep-file",
        .fontSources: "--font-source",
        .fontSourceName: "NAME=FILE",
        .androidLayout: "--layout android",
        .preferLargest: "--prefer largest",
        .preferMerge: "--prefer merge",
        .preferPerFile: "--prefer per-file",
        .destination: "-o",
        .stripOverwrite: "--force",
        .fetcherBaseURL: "--cdn-base-url",
    ]

    /// `text` with every field a library message names replaced by its option.
    static func spelled(_ text: String) -> String {
        guard text.contains("`") else { return text }
        var spelled = text
        for (field, option) in table where spelled.contains(field.description) {
            spelled = spelled.replacing(field.description, with: option)
        }
        return spelled
    }
}
