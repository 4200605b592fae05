/// Every fixture of the project, in a fixed order.
///
/// `generate-fixtures` writes each one to `Fixtures/<name>.riv`; the tests check
/// that the committed files still match what the catalog builds and what the
/// reader lists for them.
public enum FixtureCatalog {
    /// All fixtures.
    public static let all: [Fixture] = [
        Fixture(name: "embedded-png", summary: "an 8x8 PNG (valid, stored deflate) embedded in an ImageAsset with width and height",
                make: EmbeddedFixtures.png),
        Fixture(name: "embedded-jpeg", summary: "a JPEG-signature blob embedded in an ImageAsset named photo.jpg",
                make: EmbeddedFixtures.jpeg),
        Fixture(name: "embedded-font", summary: "a TrueType skeleton (head, maxp and a name table for Inter Regular) embedded in a FontAsset",
                make: EmbeddedFixtures.font),
        Fixture(name: "embedded-audio", summary: "a WAV and a FLAC header embedded in two AudioAssets",
                make: EmbeddedFixtures.audio),
        Fixture(name: "referenced-assets", summary: "an image and a font with no contents record (referenced)",
                make: OutOfBandFixtures.referenced),
        Fixture(name: "hosted-custom-base-url", summary: "a hosted image with a 16-byte CDN uuid and its own base URL",
                make: OutOfBandFixtures.hostedWithBaseURL),
        Fixture(name: "hosted-default-base-url", summary: "a hosted font with a CDN uuid and no base URL (the default applies)",
                make: OutOfBandFixtures.hostedWithDefaultBaseURL),
        Fixture(name: "dotted-names", summary: "asset names with several dots, no dot and a trailing dot",
                make: NamingFixtures.dottedNames),
        Fixture(name: "repeated-ids", summary: "stored asset ids 5, 5, 5, 2, 6, renumbered by the runtime rule",
                make: NamingFixtures.repeatedIDs),
        Fixture(name: "unknown-asset-kinds", summary: "two ScriptAssets (one signed, 64-byte signature) and a BlobAsset, all id 0",
                make: UnusualRecordFixtures.unknownAssetKinds),
        Fixture(name: "toc-only-properties", summary: "properties 4000 and 4001 known only from the ToC, in the artboard, an asset and an object of unknown type 4090",
                make: UnusualRecordFixtures.tocOnlyProperties),
        Fixture(name: "orphan-contents", summary: "a contents record after the artboard, reported as a file problem",
                make: UnusualRecordFixtures.orphanContents),
        Fixture(name: "separated-contents", summary: "an image's contents after a Shape object: bound as the runtime binds it, and reported",
                make: UnusualRecordFixtures.separatedContents),
        Fixture(name: "repeated-contents", summary: "two contents records after one image, reported; the last one wins",
                make: UnusualRecordFixtures.repeatedContents),
        Fixture(name: "artboards-and-usage", summary: "two artboards whose images, text style and audio event use four of five assets, with an animation, a state machine, a nested artboard and a view model",
                make: ArtboardFixtures.artboardsAndUsage),
        Fixture(name: "minor-version", summary: "minor version 3 and a three-byte file id",
                make: UnusualRecordFixtures.minorVersion),
        Fixture(name: "drawn-shapes", summary: "one artboard of shapes to draw: a rounded rectangle with a linear gradient, an ellipse with a radial gradient and a stroke, a star, a clipped hexagon",
                make: DrawingFixtures.shapes),
    ]

    /// The fixture called `name`, if there is one.
    public static func fixture(named name: String) -> Fixture? {
        all.first { $0.name == name }
    }
}
