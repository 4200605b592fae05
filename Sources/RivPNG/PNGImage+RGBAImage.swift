import RivImage

extension PNGImage {
    /// The image as 8-bit RGBA, the pixel type the package's other image decoders give:
    /// ``rgba16()``'s samples, each its high byte (exact for images of 8 bits or fewer).
    public func rgbaImage() -> RGBAImage {
        RGBAImage(width: header.width, height: header.height, pixels: rgba16().map { UInt8($0 >> 8) })
    }
}
