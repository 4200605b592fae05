/// A field of a request, as the library's messages name it when setting it
/// would help (``ShrinkRequest/keptCharacters``, in backticks with its request type).
///
/// A message spells a field as its ``description`` (the request type, a dot,
/// the field, and the value when one is meant, in backticks), so a program
/// that fills requests from controls of its own (a command line, a form) can
/// show its control instead by replacing each field of ``all`` in the text;
/// `riv-assets` shows its options this way.
public struct RequestField: Hashable, Sendable, CustomStringConvertible {
    /// The request type and field, and the value when one is meant: `StripRequest.conflicts = .merge`.
    public let name: String

    private init(_ name: String) {
        self.name = name
    }

    /// How messages spell the field: its ``name`` in backticks.
    public var description: String { "`" + name + "`" }

    /// ``ReplaceRequest/replacementFolder``.
    public static let replacementFolder = RequestField("ReplaceRequest.replacementFolder")
    /// ``ReplaceRequest/matchingByName``.
    public static let matchingByName = RequestField("ReplaceRequest.matchingByName")
    /// ``EmbedRequest/assetsFolder``.
    public static let embedAssetsFolder = RequestField("EmbedRequest.assetsFolder")
    /// ``HostRequest/assetsFolder``.
    public static let hostAssetsFolder = RequestField("HostRequest.assetsFolder")
    /// ``VerifyRequest/assetsFolder``.
    public static let verifyAssetsFolder = RequestField("VerifyRequest.assetsFolder")
    /// ``VerifyRequest/assetsFolderTypes``.
    public static let verifyAssetsFolderTypes = RequestField("VerifyRequest.assetsFolderTypes")
    /// ``VerifyRequest/hostedAssets``.
    public static let verifyHostedAssets = RequestField("VerifyRequest.hostedAssets")
    /// ``VerifyRequest/uploadFolder``.
    public static let verifyUploadFolder = RequestField("VerifyRequest.uploadFolder")
    /// ``ShrinkRequest/keptCharacters``.
    public static let shrinkKeptCharacters = RequestField("ShrinkRequest.keptCharacters")
    /// ``StripRequest/keptCharacters``.
    public static let stripKeptCharacters = RequestField("StripRequest.keptCharacters")
    /// ``StripRequest/fontSources``.
    public static let fontSources = RequestField("StripRequest.fontSources")
    /// ``StripRequest/layout`` set to ``PlatformLayout/android``.
    public static let androidLayout = RequestField("StripRequest.layout = .android")
    /// ``StripRequest/conflicts`` set to ``AssetConflictPolicy/largest``.
    public static let preferLargest = RequestField("StripRequest.conflicts = .largest")
    /// ``StripRequest/conflicts`` set to ``AssetConflictPolicy/merge``.
    public static let preferMerge = RequestField("StripRequest.conflicts = .merge")
    /// ``StripRequest/conflicts`` set to ``AssetConflictPolicy/perFile``.
    public static let preferPerFile = RequestField("StripRequest.conflicts = .perFile")
    /// ``FontSourceFile/uniqueName``: the asset a font source stands for.
    public static let fontSourceName = RequestField("FontSourceFile.uniqueName")
    /// ``RewriteOptions/destination``: an output file or folder rather than in place.
    public static let destination = RequestField("RewriteOptions.destination")
    /// ``RewriteOptions/overwrite`` of a ``StripRequest``.
    public static let stripOverwrite = RequestField("StripRequest.rewrite.overwrite")
    /// The base URL a `HostedAssetFetcher` fetches every asset from
    /// (`HostedAssetFetcher.Configuration.baseURLOverride`), which RivHostedAssets' messages spell this way too.
    public static let fetcherBaseURL = RequestField("HostedAssetFetcher.Configuration.baseURLOverride")

    /// Every field a library message may name.
    public static let all: [RequestField] = [
        replacementFolder, matchingByName, embedAssetsFolder, hostAssetsFolder, verifyAssetsFolder, verifyAssetsFolderTypes,
        verifyHostedAssets, verifyUploadFolder, shrinkKeptCharacters, stripKeptCharacters, fontSources, androidLayout,
        fontSourceName, preferLargest, preferMerge, preferPerFile, destination, stripOverwrite, fetcherBaseURL,
    ]
}
