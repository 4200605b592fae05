import RivTestSupport

/// The small WebPs under `Images/`, made for these tests, most from one synthetic 43x29 RGBA
/// picture (ramps, a disc of opaque pixels, a band of noise) by Pillow and libwebp's `cwebp`
/// (the lossy ones: `-nostrong -f 50 -sharpness 2` for the simple filter, `-strong -sharpness 5
/// -segments 2`, and `-f 0 -segments 1` unfiltered). `lossy-partitions.webp` is a 45x150
/// picture with a noisy band that libwebp 1.2's encoder wrote with 8 token partitions
/// (`WebPConfig.partitions = 3`, method 2, called through Python's ctypes: neither cwebp nor
/// Pillow exposes the setting).
let webpImages = TestImageFolder(besides: #filePath)
