#if canImport(Testing)
import Testing

/// Tags for the slow classes of tests (``RivTestSupport/SlowTestClass``), one
/// per class, so a test plan or a reader sees which tests need `../shared`,
/// Rive's runtime or an outside program. Whether they run is `RIV_TESTS`'s
/// choice (see README's "Tests").
extension Tag {
    /// Tests over the real files of `../shared/corpus`.
    @Tag public static var corpus: Self
    /// Tests that run Rive's C++ runtime from `../shared/tools`.
    @Tag public static var oracle: Self
    /// Tests that compare with an outside program (Pillow, uharfbuzz, fontTools, rsvg-convert, tsc).
    @Tag public static var tools: Self
    /// Tests of the HTML report in headless Chromium.
    @Tag public static var browser: Self
    /// Tests that compile generated Kotlin (a JVM per compile).
    @Tag public static var jvm: Self
}
#endif
