import RivFormat
import RivAssetRegistry

extension ReplacementPlan {
    /// What applying the plan changes that its user may not expect, one sentence
    /// each, in the order of the items: an image of another shape (stretched or
    /// letterboxed), and an asset the app supplied (referenced or hosted) that a
    /// pattern made embedded, so that the app is no longer asked for it.
    func warnings() -> [String] {
        var warnings: [String] = []
        for item in items {
            if let warning = ShapeCheck.warning(replacing: item.asset, with: item.contents) { warnings.append(warning) }
            if item.matchedPattern, item.asset.location != .embedded {
                warnings.append("\(item.asset.uniqueName) was \(item.asset.location.rawValue) and is embedded now (it matched "
                    + "'\(item.matchedName)'); an app that supplies it will no longer be asked for it")
            }
        }
        return warnings
    }
}
