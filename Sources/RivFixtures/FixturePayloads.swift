/// Payloads the fixtures are made of, for tools that build inputs of their own
/// (the benchmark): real files with their format's structure, not just its magic bytes.
public enum FixturePayloads {
    /// A whole PNG (signature, header, stored-deflate data, end chunk) of
    /// `width` × `height` pixels with a colour gradient.
    public static func png(width: Int, height: Int) -> [UInt8] {
        PNGImage.gradient(width: width, height: height)
    }

    /// A whole 8-bit grey PNG of `width` × `height` pixels whose rows repeat the
    /// first (a gradient), in a file of under a hundredth of its decoded size.
    public static func flatGreyPNG(width: Int, height: Int) -> [UInt8] {
        PNGImage.flatGrey(width: width, height: height)
    }
}
