// swift-tools-version:6.0
import Foundation
import PackageDescription

// riv-assets is this repository, two folders up. A path dependency's package identity
// is its folder's name (riv-assets in a normal clone), so it is worked out here rather
// than written down. In your own package it is simply "riv-assets".
let rivAssets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "RiveAssetsDemo",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "Demo",
            // One file resource and one folder resource: the plugins find .riv files in both.
            resources: [.copy("Resources/hero.riv"), .copy("Animations")],
            plugins: [.plugin(name: "RivAssetsPlugin", package: rivAssets)]),
    ],
    swiftLanguageModes: [.v6]
)
