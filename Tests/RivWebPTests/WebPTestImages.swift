import RivTestSupport

/// The small WebPs under `Images/`, made for these tests from one synthetic 43x29 RGBA
/// picture (ramps, a disc of opaque pixels, a band of noise) by Pillow and libwebp's `cwebp`
/// (the lossy ones: `-nostrong -f 50 -sharpness 2` for the simple filter, `-strong -sharpness 5
/// -segments 2`, and `-f 0 -segments 1` unfiltered).
let webpImages = TestImageFolder(besides: #filePath)
