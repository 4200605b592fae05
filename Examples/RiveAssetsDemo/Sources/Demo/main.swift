import Foundation

// RiveAssets is generated at build time by RivAssetsPlugin from the .riv resources.
for asset in RiveAssets.Hero.all + RiveAssets.MenuScreen.all {
    print(asset.uniqueName, asset.type, asset.fileExtension, asset.location.rawValue, asset.cdnUUID ?? "-")
}

// Find the file the names came from in the bundle, as an app would before loading it.
guard let hero = Bundle.module.url(forResource: "hero", withExtension: "riv"),
      RiveAssets.Hero.all.count == 1, RiveAssets.MenuScreen.all.first?.location == .hosted else {
    print("the generated names do not match the bundled files")
    exit(1)
}
print("hero.riv:", (try? Data(contentsOf: hero).count) ?? 0, "bytes")
