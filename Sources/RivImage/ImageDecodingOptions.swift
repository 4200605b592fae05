import RivSupport

/// Limits for decoding an untrusted image file, shared by the package's image decoders.
public struct ImageDecodingOptions: Sendable {
    /// The most memory a decode may hold, checked from the file's header before anything
    /// is allocated.
    public var maximumBytes: Int
    /// The memory budget the decode reserves its working bytes from (nil: none).
    package var budget: DecodeBudget? = .shared

    /// Options with the default limit (``defaultMaximumBytes``).
    public init(maximumBytes: Int = ImageDecodingOptions.defaultMaximumBytes) { self.maximumBytes = maximumBytes }

    /// The default limit on a decode's memory (1 GiB).
    public static let defaultMaximumBytes = 1 << 30

    /// Runs `decode` with `workingBytes` reserved from the budget (waiting for room), or
    /// refuses a `width` x `height` image whose working bytes are over ``maximumBytes``
    /// (`tooLarge`, at `offset`, the header's).
    package func decode<Image>(_ format: ImageDecodingError.Format, width: Int, height: Int, workingBytes: Int, offset: Int,
                               _ decode: () throws(ImageDecodingError) -> Image) throws(ImageDecodingError) -> Image {
        guard workingBytes <= maximumBytes else {
            throw ImageDecodingError(format, .tooLarge, offset: offset,
                                     "\(width)x\(height) pixels need \(workingBytes) bytes to decode, more than the \(maximumBytes) allowed")
        }
        guard let budget else { return try decode() }
        return try budget.withReservation(of: workingBytes, decode)
    }
}
