/// What every operation that rewrites `.riv` files shares: the files it reads,
/// where their rewritten copies go, and how it writes them.
///
/// ``StripRequest``, ``ReplaceRequest``, ``PruneRequest``, ``ShrinkRequest``,
/// ``EmbedRequest``, ``HostRequest``, ``SwapRequest`` and ``PlaceRequest`` each
/// hold one as their `rewrite`; each also has an initialiser that takes these
/// fields one by one.
public struct RewriteOptions: Sendable, Hashable {
    /// The `.riv` files to rewrite, in this order (their results follow it).
    /// ``SwapRequest`` and ``PlaceRequest`` take exactly one.
    public var inputs: [RequestInput]
    /// Where the rewritten files go.
    public var destination: OutputDestination
    /// Replace output files (and, for `strip`, asset files) that exist; in place
    /// an input is always replaced. An output that already holds exactly the
    /// bytes to write is never in the way, so a rerun needs no `overwrite`.
    public var overwrite: Bool
    /// Report what would be written, and what would fail, without writing or
    /// creating anything (`embed` still fills its fetcher's cache).
    public var dryRun: Bool
    /// How many inputs are worked on at once (`host`, `swap` and `place` work
    /// on one input at a time, whatever it says).
    public var parallelism: Parallelism

    /// Options rewriting `inputs` into `destination`.
    public init(inputs: [RequestInput], destination: OutputDestination, overwrite: Bool = false, dryRun: Bool = false,
                parallelism: Parallelism = .automatic) {
        self.inputs = inputs
        self.destination = destination
        self.overwrite = overwrite
        self.dryRun = dryRun
        self.parallelism = parallelism
    }

    /// The inputs as results name them and the per-input engine reads them (`-` for standard input).
    var inputNames: [String] { inputs.names }

    /// Throws unless there is exactly one input, for a request that takes one (`swap`, `place`).
    func requireOneInput() throws(RequestError) {
        try InputEngine.requireInputs(inputNames)
        guard inputs.count == 1 else { throw RequestError(.invalidOption, "give one .riv file, not \(inputs.count)") }
    }
}
