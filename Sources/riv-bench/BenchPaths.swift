/// Where the generated inputs and the outputs of one run live under its temporary folder.
/// The driver and every child compute the same paths from the folder and the sizes.
struct BenchPaths: Sendable {
    let root: String
    let sizes: BenchSizes

    // Case 1
    var largeFolder: String { root + "/case1" }
    /// A file whose one image asset embeds `largeAssetBytes`.
    var largeRiv: String { largeFolder + "/large.riv" }
    /// The same file with a `smallAssetBytes` image instead.
    var smallRiv: String { largeFolder + "/small.riv" }
    /// The large replacement image on its own.
    var largePayload: String { largeFolder + "/large-payload.png" }
    /// The small replacement image on its own.
    var smallPayload: String { largeFolder + "/small-payload.png" }

    // Case 2
    var objectsFolder: String { root + "/case2" }
    /// A file of `objectCount` small objects and a few assets.
    var objectsRiv: String { objectsFolder + "/objects.riv" }

    // Case 3
    var fontsFolder: String { root + "/case3" }
    /// `fileCount` files, each embedding one font.
    var fontFiles: [String] {
        (0..<sizes.fileCount).map { index in
            let digits = String(index)
            return fontsFolder + "/font-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".riv"
        }
    }

    // Case 4
    var hostedFolder: String { root + "/case4" }
    /// A file hosting `hostedCount` images on the CDN.
    var hostedRiv: String { hostedFolder + "/hosted.riv" }
    /// A file hosting one image of `hostedLargeBytes`.
    var hostedLargeRiv: String { hostedFolder + "/hosted-large.riv" }
    /// What the loopback server serves.
    var hostedServed: String { hostedFolder + "/served" }
    /// The server's base URL, written by the driver for the children.
    var hostedServerURL: String { hostedFolder + "/server-url" }
    /// The hosted asset cache: inside the output folder, so every run starts cold.
    var hostedCache: String { outputPath("cache") }

    /// Where operations write; emptied before every measurement.
    var output: String { root + "/out" }

    func outputPath(_ name: String) -> String { output + "/" + name }
}
