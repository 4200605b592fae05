import Foundation
import RivTestSupport

/// A temporary folder laid out the way the articles assume: `hero.riv` (an
/// animation with an embedded PNG, the image `logo-12`) and `brand/logo-12.png`
/// (a new logo, a whole PNG as any editor writes it: a folder source serves a
/// PNG only once it ends with its `IEND` chunk), so that each listing runs as the
/// reader would run it.
struct ListingFolder {
    let directory: TemporaryDirectory
    var url: URL { directory.url }

    init() throws {
        directory = try TemporaryDirectory()
        let hero = SharedData.packageRoot.appendingPathComponent("Fixtures/embedded-png.riv")
        _ = try directory.write("hero.riv", Array(try Data(contentsOf: hero)))
        _ = try directory.folder("brand")
        _ = try directory.write("brand/logo-12.png", Payload.gradientPNG(width: 8, height: 8))
    }

    /// The new logo's bytes.
    var newLogo: Data { Data(Payload.gradientPNG(width: 8, height: 8)) }
}
