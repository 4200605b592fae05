import Foundation
import RivFormat
import RivSupport

/// A rewritten copy of a loaded file kept in step with its registry: it knows
/// which replacement bytes it was last written with, so it can tell when the
/// registry's sources or registrations have made it out of date, and rewrite
/// itself (temporary file, then rename) only then.
///
/// ```swift
/// let output = registry.addOutput(for: try registry.load(path: "hero.riv"), at: URL(fileURLWithPath: "out/hero.riv"))
/// try output.update()                         // written
/// await registry.sourceContentsChanged(id: brand.id)
/// if output.isOutOfDate { try output.update() }
/// ```
public final class RegistryOutput: Sendable {
    /// The loaded file.
    public let file: RegisteredRivFile
    /// Where its rewritten copy goes.
    public let url: URL
    /// The replacement bytes of the plan it was last written with; nil before the first write.
    private let written = Protected<[ReplacementPlan.WrittenBytes]?>(nil)

    init(file: RegisteredRivFile, url: URL) {
        self.file = file
        self.url = url
    }

    /// True when the copy has not been written yet, or the replacements it was
    /// written with are no longer the registry's.
    public var isOutOfDate: Bool {
        written.withLock { $0 } != file.plan.writtenBytes
    }

    /// Writes the copy when it is out of date (or `evenIfUpToDate` is set); returns
    /// what the write did to each asset, or nil when nothing needed writing. An
    /// asset whose replacement went away is written with its original contents.
    /// The copy is this output's own file: each write replaces what is at ``url``.
    ///
    /// - Parameters:
    ///   - evenIfUpToDate: Write the copy although its replacements have not changed.
    ///   - skipChecks: Embed bytes even when their format does not suit the asset type.
    @discardableResult
    public func update(evenIfUpToDate: Bool = false, skipChecks: Bool = false) throws(RivEditError) -> [AssetEditOutcome]? {
        try write(evenIfUpToDate: evenIfUpToDate, skipChecks: skipChecks)?.outcomes
    }

    /// ``update(evenIfUpToDate:skipChecks:)`` with the plan the write applied, for
    /// callers that say what it changed (`replace --watch`).
    package func write(evenIfUpToDate: Bool, skipChecks: Bool) throws(RivEditError) -> (outcomes: [AssetEditOutcome], plan: ReplacementPlan)? {
        let plan = file.plan
        let replacements = plan.writtenBytes
        guard evenIfUpToDate || written.withLock({ $0 }) != replacements else { return nil }
        var editor = RivEditor(file.file)
        try plan.apply(to: &editor, skipChecks: skipChecks)
        try editor.write(to: url, overwrite: true)
        written.withLock { $0 = replacements }
        return (editor.outcomes, plan)
    }
}

extension AssetRegistry {
    /// A copy of `file` at `url` that follows the registry (see ``RegistryOutput``);
    /// nothing is written until ``RegistryOutput/update(evenIfUpToDate:skipChecks:)``.
    /// The registry holds it weakly: keep it for as long as it should be updated.
    public func addOutput(for file: RegisteredRivFile, at url: URL) -> RegistryOutput {
        let output = RegistryOutput(file: file, url: url)
        state.withLock { state in
            state.outputs.removeAll { $0.output == nil }
            state.outputs.append(WeakOutput(output))
        }
        return output
    }

    /// Every output added and still held by its caller, in the order they were added.
    public var outputs: [RegistryOutput] { state.withLock { $0.outputs.compactMap(\.output) } }

    /// Brings every output that is out of date up to date, in order; the others are
    /// not touched. Each result is the output with what its write did, or the error
    /// that stopped it (it stays out of date and is tried again next time).
    public func updateOutdatedOutputs() -> [(output: RegistryOutput, result: Result<[AssetEditOutcome], RivEditError>)] {
        outputs.compactMap { output in
            do throws(RivEditError) {
                return try output.update().map { (output, .success($0)) }
            } catch {
                return (output, .failure(error))
            }
        }
    }
}

/// An output as the registry holds it: weakly, so that dropping an output frees it.
final class WeakOutput: @unchecked Sendable {
    weak var output: RegistryOutput?

    init(_ output: RegistryOutput) {
        self.output = output
    }
}
