// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "riv-assets",
    products: [
        .library(name: "RivFormat", targets: ["RivFormat"]),
        .executable(name: "riv-assets", targets: ["riv-assets"]),
    ],
    targets: [
        .target(name: "RivFormat"),
        .target(name: "RivFixtures", dependencies: ["RivFormat"]),
        .executableTarget(name: "riv-assets", dependencies: ["RivFormat"]),
        .executableTarget(name: "generate-fixtures", dependencies: ["RivFixtures"]),
        .executableTarget(name: "riv-bench", dependencies: ["RivFormat"]),
        .testTarget(name: "RivFormatTests", dependencies: ["RivFormat", "RivFixtures"]),
        .testTarget(name: "RivAssetsCLITests", dependencies: ["RivFormat"]),
    ],
    swiftLanguageModes: [.v6]
)
