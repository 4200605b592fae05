import RivFormat

extension AssetOperations {
    /// Reads every input and describes what an app wires up: artboards, animations,
    /// state machines and their inputs, text runs, nested artboards, events, view
    /// models, and which objects use which asset (`RivFile.inspect()`).
    /// An unreadable input gets its error in place of an inspection.
    public static func inspect(_ request: InspectRequest) throws(RequestError) -> InspectResult {
        try InputEngine.requireInputs(request.inputs.names)
        let files = InputEngine.map(request.inputs.names, width: request.parallelism.width(automatic: ParallelWork.coreCount)) { _, path in
            switch InputEngine.read(path) {
            case .success(let file):
                InspectedFile(input: path, error: nil, inspection: file.inspect(),
                              manifestCount: file.assets.count { !$0.isListed })
            case .failure(let error): InspectedFile(input: path, error: error.message, inspection: nil)
            }
        }
        return InspectResult(schemaVersion: InspectResult.currentSchemaVersion, files: files)
    }
}
