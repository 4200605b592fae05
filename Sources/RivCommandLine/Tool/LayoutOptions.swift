import RivAssetsKit

/// The options of `strip` and `extract` that say which app the asset folder is
/// for (``PlatformLayout``), declared once, and the layout they describe.
enum LayoutOptions {
    static let layout = OptionDeclaration.value("--layout", valueName: "APP", words: PlatformLayout.allCases.map(\.rawValue), help: """
        name the files for one app: `ios`, `web` and `flutter` as the runtime
        looks them up (uniqueName.png/.ttf/.wav); `android` as valid res/raw resource names
        (lowercase letters, digits, _; the stripped .riv files too), with the
        folder's manifest as riv_assets_manifest.json and, with --kotlin-map, a
        Kotlin map. Default: flat, the names without --layout
        """)
    static let kotlinMap = OptionDeclaration.value("--kotlin-map", valueName: "FILE", help: """
        with --layout android: where the Kotlin object RiveAssetNames goes,
        mapping each unique name to its resource name (a Java app reads the
        same from riv_assets_manifest.json)
        """)
    static let kotlinPackage = OptionDeclaration.value("--kotlin-package", valueName: "NAME", help: "the package of the Kotlin map (e.g. com.example.app)")

    /// The declaration of each of a command's layout options.
    static func declaration(of option: some LayoutOption) -> OptionDeclaration {
        switch option {
        case .layout: layout
        case .kotlinMap: kotlinMap
        default: kotlinPackage
        }
    }

    /// The layout the arguments ask for, with the Kotlin map's path and package.
    static func read<Option: LayoutOption>(_ arguments: ParsedArguments<Option>) throws(UsageError) -> (layout: PlatformLayout, kotlinMap: String?, kotlinPackage: String?) {
        let chosen = try arguments.choice(.layout, among: PlatformLayout.allCases) ?? .flat
        let map = arguments.value(.kotlinMap), package = arguments.value(.kotlinPackage)
        if chosen != .android, map != nil || package != nil {
            throw UsageError("--kotlin-map and --kotlin-package apply to --layout android only")
        }
        return (chosen, map, package)
    }
}

/// The options of a command that takes `--layout`, `--kotlin-map` and `--kotlin-package`
/// (``LayoutOptions/read(_:)``).
protocol LayoutOption: CommandOption {
    static var layout: Self { get }
    static var kotlinMap: Self { get }
    static var kotlinPackage: Self { get }
}
