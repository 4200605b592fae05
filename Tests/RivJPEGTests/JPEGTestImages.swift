import RivTestSupport

/// The small JPEGs under `Images/`, made for these tests from one synthetic 43x29 picture
/// (smooth ramps and a band of noise) by Pillow and by libjpeg-turbo's `cjpeg`.
let jpegImages = TestImageFolder(besides: #filePath)

/// The largest and the mean absolute difference between two equally long sample arrays.
func difference(_ a: [UInt8], _ b: [UInt8]) -> (maximum: Int, mean: Double) {
    var maximum = 0, total = 0
    for (x, y) in zip(a, b) {
        let d = abs(Int(x) - Int(y))
        maximum = max(maximum, d)
        total += d
    }
    return (maximum, Double(total) / Double(max(1, a.count)))
}
