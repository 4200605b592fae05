// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "riv-assets",
    // The minimums the code needs (Foundation's Data, URL and locks, Swift concurrency);
    // nothing uses the Synchronization module, which would need macOS 15 / iOS 18.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "RivFormat", targets: ["RivFormat"]),
        .library(name: "RivAssetRegistry", targets: ["RivAssetRegistry"]),
        .library(name: "RivHostedAssets", targets: ["RivHostedAssets"]),
        .library(name: "RivAssetsKit", targets: ["RivAssetsKit"]),
        .library(name: "RivFontSubset", targets: ["RivFontSubset"]),
        .library(name: "RivPNG", targets: ["RivPNG"]),
        .library(name: "RivJPEG", targets: ["RivJPEG"]),
        .library(name: "RivWebP", targets: ["RivWebP"]),
        .library(name: "RivRaster", targets: ["RivRaster"]),
        .library(name: "RivRender", targets: ["RivRender"]),
        .executable(name: "riv-assets", targets: ["riv-assets"]),
        .plugin(name: "RivAssetsPlugin", targets: ["RivAssetsPlugin"]),
        .plugin(name: "RivAssetsCommand", targets: ["RivAssetsCommand"]),
    ],
    targets: [
        // What the libraries share and is not the format: the one POSIX layer, the lock,
        // the atomic writer, the temporary-file list, the wildcard rule. Not a product.
        .target(name: "RivSupport"),
        .target(name: "RivFormat", dependencies: ["RivSupport"]),
        .target(name: "RivAssetRegistry", dependencies: ["RivFormat", "RivSupport"]),
        .target(name: "RivHostedAssets", dependencies: ["RivFormat", "RivSupport"]),
        .target(name: "RivAssetsKit", dependencies: ["RivFormat", "RivAssetRegistry", "RivHostedAssets", "RivSupport", "RivFontSubset", "RivPNG", "RivRender", "RivRaster"]),
        // The command line as a library: the option parser, every command and its text; the
        // `riv-assets` executable is its main.swift.
        .target(name: "RivCommandLine", dependencies: ["RivAssetsKit", "RivFormat", "RivAssetRegistry", "RivHostedAssets", "RivSupport",
                                                       .target(name: "LazyLibcurl", condition: .when(platforms: [.linux]))]),
        // libcurl's entry points, loaded on first use (see SPEC.md §11): linked into the tool only.
        .target(name: "LazyLibcurl"),
        .target(name: "RivFontSubset", dependencies: ["RivSupport"]),
        // Lossless PNG optimisation: its own inflate and deflate, no zlib.
        .target(name: "RivPNG", dependencies: ["RivImage", "RivSupport"]),
        // What the image decoders share: the decoded-image type the renderer samples, the error, the limits.
        .target(name: "RivImage", dependencies: ["RivSupport"]),
        // Baseline and progressive JPEG decoding to libjpeg's pixels (its integer transform and upsampling).
        .target(name: "RivJPEG", dependencies: ["RivImage", "RivSupport"]),
        // WebP decoding (lossless VP8L; the ALPH chunk), its prefix codes decoded by RivPNG's Huffman tables.
        .target(name: "RivWebP", dependencies: ["RivImage", "RivPNG", "RivSupport"]),
        // Draw calls to pixels: an exact-area anti-aliased rasterizer, written as PNG by RivPNG.
        .target(name: "RivRaster", dependencies: ["RivPNG"]),
        // The artboards' draw calls as Rive's runtime makes them, and their SVG, JSON and PNG
        // (drawn by RivRaster, the embedded images decoded by RivPNG, RivJPEG and RivWebP).
        .target(name: "RivRender", dependencies: ["RivFormat", "RivRaster", "RivImage", "RivPNG", "RivJPEG", "RivWebP", "RivSupport"]),
        .target(name: "RivFixtures", dependencies: ["RivFormat", "RivPNG"]),
        .target(name: "RivTestSupport", dependencies: ["RivFormat", "RivFixtures", "RivHostedAssets", "RivSupport", "RivPNG"]),
        // The slow test classes' Swift Testing tags, for the test targets only.
        .target(name: "RivTestTags"),
        .executableTarget(name: "riv-assets", dependencies: ["RivCommandLine", "RivSupport"]),
        .executableTarget(name: "generate-fixtures", dependencies: ["RivFixtures", "RivFormat", "RivSupport"]),
        .executableTarget(name: "riv-bench", dependencies: ["RivAssetsKit", "RivFormat", "RivHostedAssets", "RivCommandLine", "RivFixtures", "RivTestSupport", "RivSupport", "RivFontSubset", "RivPNG", "RivRaster", "RivRender"]),
        // Typed asset names at build time for targets with .riv resources.
        .plugin(name: "RivAssetsPlugin", capability: .buildTool(), dependencies: ["riv-assets"]),
        // `swift package riv-assets verify|list` over the package's .riv files.
        .plugin(name: "RivAssetsCommand",
                capability: .command(intent: .custom(verb: "riv-assets", description: "verify or list the package's .riv files with riv-assets")),
                dependencies: ["riv-assets"]),
        .testTarget(name: "RivSupportTests", dependencies: ["RivSupport"]),
        .testTarget(name: "RivFormatTests", dependencies: ["RivTestTags", "RivFormat", "RivFixtures", "RivTestSupport", "RivSupport"]),
        .testTarget(name: "RivAssetRegistryTests", dependencies: ["RivAssetRegistry", "RivFormat", "RivTestSupport", "RivSupport"]),
        .testTarget(name: "RivAssetsKitTests", dependencies: ["RivTestTags", "RivAssetsKit", "RivFormat", "RivAssetRegistry", "RivHostedAssets", "RivTestSupport", "RivFixtures", "RivSupport"]),
        .testTarget(name: "RivCommandLineTests", dependencies: ["RivTestTags", "RivCommandLine", "RivAssetsKit", "RivFormat", "RivAssetRegistry", "RivHostedAssets", "RivTestSupport", "RivSupport", "RivFontSubset"]),
        .testTarget(name: "RivPNGTests", dependencies: ["RivTestTags", "RivPNG", "RivImage", "RivFormat", "RivTestSupport", "RivSupport"]),
        .testTarget(name: "RivJPEGTests", dependencies: ["RivTestTags", "RivJPEG", "RivImage", "RivFormat", "RivTestSupport", "RivSupport"], exclude: ["Images"]),
        .testTarget(name: "RivWebPTests", dependencies: ["RivTestTags", "RivWebP", "RivImage", "RivFormat", "RivTestSupport", "RivSupport"], exclude: ["Images"]),
        .testTarget(name: "RivRasterTests", dependencies: ["RivTestTags", "RivRaster", "RivPNG", "RivTestSupport"]),
        .testTarget(name: "RivHostedAssetsTests", dependencies: ["RivHostedAssets", "RivFormat", "RivTestSupport", "RivSupport"]),
        .testTarget(name: "RivRenderTests", dependencies: ["RivTestTags", "RivRender", "RivFormat", "RivTestSupport", "RivPNG"]),
        .testTarget(name: "RivFontSubsetTests", dependencies: ["RivTestTags", "RivFontSubset", "RivFormat", "RivTestSupport"]),
        // The code the DocC articles show, compiled and run (Scripts/check-doc-listings.py matches them).
        .testTarget(name: "DocumentationListingsTests", dependencies: ["RivFormat", "RivAssetRegistry", "RivHostedAssets", "RivAssetsKit", "RivTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer target, built only by `Fuzz/run.sh` (which sets RIV_FUZZ=1 and adds
// `-sanitize=fuzzer,address`): its `main` is libFuzzer's, so no other build may link it.
if Context.environment["RIV_FUZZ"] == "1" {
    package.products.append(.executable(name: "riv-fuzz", targets: ["riv-fuzz"]))
    package.targets.append(.executableTarget(
        name: "riv-fuzz", dependencies: ["RivFormat", "RivAssetRegistry", "RivHostedAssets", "RivAssetsKit", "RivFontSubset", "RivPNG", "RivImage", "RivJPEG", "RivWebP", "RivRender", "RivSupport"], path: "Fuzz",
        exclude: ["README.md", "differential.py", "lsan-suppressions.txt", "regressions", "riv.dict", "rivmap.py", "run.sh", "work"]))
}

// Only the test targets RIV_TEST_TARGETS names (comma-separated) and the targets they
// need: `.ci/run`'s address-sanitizer step sets it, so that its sanitized build compiles
// none of the layers above the suites it runs (the kit, the command line, the tools).
if let names = Context.environment["RIV_TEST_TARGETS"] {
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var needed = Set<String>()
    var pending = names.split(separator: ",").map(String.init)
    while let name = pending.popLast() {
        guard let target = byName[name], needed.insert(name).inserted else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            default: continue
            }
        }
    }
    package.targets.removeAll { !needed.contains($0.name) }
    package.products.removeAll()
}
