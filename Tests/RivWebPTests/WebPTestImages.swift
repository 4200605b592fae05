import RivTestSupport

/// The small WebPs under `Images/`, made for these tests from one synthetic 43x29 RGBA
/// picture (ramps, a disc of opaque pixels, a band of noise) by Pillow and libwebp's `cwebp`.
let webpImages = TestImageFolder(besides: #filePath)

/// Every fourth sample from `offset`: one channel of RGBA samples.
func channel(_ samples: [UInt8], _ offset: Int) -> [UInt8] {
    stride(from: offset, to: samples.count, by: 4).map { samples[$0] }
}
