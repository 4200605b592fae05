import Foundation
import RivFormat
import RivAssetRegistry

extension AssetOperations {
    /// Writes the input with two assets' contents exchanged (see
    /// `RivEditor.swapContents(of:and:skipChecks:)`), or with the assets two
    /// objects use exchanged (`RivEditor.swapAssets(of:and:)`); every
    /// other byte stays. A name that matches nothing, or several things, fails the
    /// input with the candidates; the output is written to a temporary file and renamed.
    public static func swap(_ request: SwapRequest) throws(RequestError) -> SwapResult {
        try request.rewrite.requireOneInput()
        let outcomes = try RewriteStep.map(request.rewrite) { _, _, file, editor throws(RivEditError) -> RewriteStep.Decision<SwappedItems> in
            switch request.subject {
            case .assets:
                let first: FileAsset, second: FileAsset
                do throws(SwapFailure) {
                    first = try asset(named: request.first, in: file)
                    second = try asset(named: request.second, in: file)
                } catch {
                    return .refuse(error.message)
                }
                let outcomes = try editor.swapContents(of: first, and: second, skipChecks: request.skipChecks)
                // Each asset now holds what the other held, wherever that was.
                let locations = [first.uniqueName: second.location, second.uniqueName: first.location]
                return .write(SwappedItems(assets: outcomes.map { AssetChange($0, location: locations[$0.uniqueName] ?? .embedded) }, objects: []))
            case .objects:
                let usage = zip(file.assets, file.referencersByAsset).flatMap { asset, users in users.map { (asset, $0) } }
                let (firstAsset, first): (FileAsset, AssetReferencer), (secondAsset, second): (FileAsset, AssetReferencer)
                do throws(SwapFailure) {
                    (firstAsset, first) = try object(named: request.first, in: usage)
                    (secondAsset, second) = try object(named: request.second, in: usage)
                } catch {
                    return .refuse(error.message)
                }
                try editor.swapAssets(of: first, and: second)
                return .write(SwappedItems(assets: [], objects: [
                    SwappedObject(artboard: first.artboard, type: first.type, name: first.name, before: firstAsset.uniqueName, after: secondAsset.uniqueName),
                    SwappedObject(artboard: second.artboard, type: second.type, name: second.name, before: secondAsset.uniqueName, after: firstAsset.uniqueName),
                ]))
            }
        }
        return SwapResult(files: outcomes, dryRun: request.rewrite.dryRun)
    }

    /// Why a swap failed, as a sentence.
    private struct SwapFailure: Error {
        let message: String
    }

    /// The asset with unique name `name`, or the one asset whose name (with or without extension) is `name`.
    private static func asset(named name: String, in file: RivFile) throws(SwapFailure) -> FileAsset {
        if let exact = file.asset(named: name) { return exact }
        let byName = file.assets.filter { $0.name == name || AssetMatchKey.withoutExtension($0.name) == name }
        if byName.count == 1 { return byName[0] }
        let candidates = (byName.isEmpty ? file.assets : byName).map(\.uniqueName)
        throw SwapFailure(message: "\(byName.isEmpty ? "no asset is named" : "several assets are named") '\(name)'; "
            + (candidates.isEmpty ? "the file has no assets" : "give one of: " + candidates.joined(separator: ", ")))
    }

    /// The object named `name` (or `artboard/name`) among the objects that use assets, with the asset it uses.
    private static func object(named name: String, in usage: [(FileAsset, AssetReferencer)]) throws(SwapFailure) -> (FileAsset, AssetReferencer) {
        let qualified = { (user: AssetReferencer) in "\(user.artboard ?? "")/\(user.name)" }
        var found = usage.filter { qualified($0.1) == name }
        if found.isEmpty { found = usage.filter { $0.1.name == name } }
        if found.count == 1 { return found[0] }
        let candidates = (found.isEmpty ? usage : found).map { qualified($0.1) }
        throw SwapFailure(message: "\(found.isEmpty ? "no object that uses an asset is named" : "several objects are named") '\(name)'; "
            + (candidates.isEmpty ? "no object in the file uses an asset" : "give one of: " + candidates.joined(separator: ", ")))
    }
}
