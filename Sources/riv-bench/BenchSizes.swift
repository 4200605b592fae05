/// The sizes of the generated inputs: the real ones, or scaled down for `--quick`.
struct BenchSizes: Sendable {
    /// Case 1: the single large embedded asset.
    let largeAssetBytes: Int
    /// Case 1: the small asset it is swapped with.
    let smallAssetBytes: Int
    /// Case 2: how many small objects the file holds.
    let objectCount: Int
    /// Case 2: the size of each of its embedded assets.
    let objectFileAssetBytes: Int
    /// Case 3: how many files.
    let fileCount: Int
    /// Case 3: the embedded font in each file.
    let fontBytes: Int
    /// Case 4: how many hosted assets, and the size of each.
    let hostedCount = 200
    let hostedBytes = 64 << 10
    /// Case 4: how long the server waits before each answer, in milliseconds.
    let hostedDelayMilliseconds = 20
    /// Case 4: the one large hosted asset (as large as case 1's).
    var hostedLargeBytes: Int { largeAssetBytes }

    static let full = BenchSizes(largeAssetBytes: 1 << 30, smallAssetBytes: 1 << 10, objectCount: 2_000_000,
                                 objectFileAssetBytes: 200_000, fileCount: 1000, fontBytes: 2_000_000)
    static let quick = BenchSizes(largeAssetBytes: 64 << 20, smallAssetBytes: 1 << 10, objectCount: 200_000,
                                  objectFileAssetBytes: 20_000, fileCount: 100, fontBytes: 2_000_000)

    static func of(quick: Bool) -> BenchSizes { quick ? .quick : .full }

    /// The most disk space one case needs at a time (inputs plus the largest output), with a margin.
    var diskBytesNeeded: Int {
        let case1 = 3 * largeAssetBytes + (1 << 20)
        let case2 = 2 * (objectCount * 32 + 3 * objectFileAssetBytes)
        let case3 = 2 * fileCount * (fontBytes + 4096)
        let case4 = hostedLargeBytes + 2 * hostedCount * hostedBytes
        return max(case1, case2, case3, case4) + (256 << 20)
    }
}
