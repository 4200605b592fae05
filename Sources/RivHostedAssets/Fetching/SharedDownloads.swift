/// One download per uuid at a time: a request for a uuid already being fetched
/// waits for that download's outcome instead of starting another.
actor SharedDownloads {
    typealias Outcome = Result<HostedAssetFetch, HostedAssetError>
    private var running: [String: Task<Outcome, Never>] = [:]

    /// The outcome of the download of `uuid`, started with `download` unless one is running.
    func outcome(for uuid: String, _ download: @escaping @Sendable () async -> Outcome) async -> Outcome {
        if let task = running[uuid] { return await task.value }
        let task = Task { await download() }
        running[uuid] = task
        let outcome = await task.value
        running[uuid] = nil
        return outcome
    }
}
