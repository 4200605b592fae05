/// The start-of-frame segment of a JPEG (SOF0-SOF15 but DHT, JPG and DAC), field by
/// field as stored, and which markers begin one. The one reader of that segment:
/// RivFormat takes an embedded image's pixel size from it, RivJPEG the frame it decodes.
package struct JPEGFrameHeaderFields: Sendable, Equatable {
    /// One colour component as the frame lists it.
    package struct Component: Sendable, Equatable {
        /// The identifier scans name the component by.
        package var id: UInt8
        /// Horizontal and vertical sampling factors, as stored (JPEG allows 1-4).
        package var horizontal: Int, vertical: Int
        /// Which quantization table the component uses, as stored (JPEG allows 0-3).
        package var quantizationTable: Int

        /// The component `id`, sampled `horizontal` by `vertical`, quantized by table `quantizationTable`.
        package init(id: UInt8, horizontal: Int, vertical: Int, quantizationTable: Int) {
            (self.id, self.horizontal, self.vertical, self.quantizationTable) = (id, horizontal, vertical, quantizationTable)
        }
    }

    /// The bytes before the components: precision, height, width, component count.
    package static let fixedByteCount = 6

    /// Bits per sample.
    package var precision: UInt8
    /// Lines, as stored (0: given later by a DNL marker).
    package var height: Int
    /// Samples per line, as stored.
    package var width: Int
    /// How many components the frame says it has.
    package var componentCount: Int
    /// The components whose three bytes the data holds whole, in order (at most ``componentCount``).
    package var components: [Component]

    /// Whether `marker` (the byte after FF) starts a frame header: C0-CF but C4 (DHT), C8 (JPG) and CC (DAC).
    package static func isFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    /// Whether `marker` stands alone, with no length and no data: SOI, TEM and the restart markers.
    package static func standsAlone(_ marker: UInt8) -> Bool {
        marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker)
    }

    /// Reads the segment's data (after its length): precision, height and width
    /// big-endian, the component count, then three bytes per component; nil when
    /// `data` is shorter than ``fixedByteCount``. The values are not checked.
    package init?(segmentData data: some RandomAccessCollection<UInt8>) {
        guard data.count >= Self.fixedByteCount else { return nil }
        let bytes = Array(data)
        precision = bytes[0]
        height = bytes.bigEndian(at: 1, width: 2)
        width = bytes.bigEndian(at: 3, width: 2)
        componentCount = Int(bytes[5])
        let whole = min(componentCount, (bytes.count - Self.fixedByteCount) / 3)
        components = (0..<whole).map { k in
            let at = Self.fixedByteCount + 3 * k
            return Component(id: bytes[at], horizontal: Int(bytes[at + 1] >> 4), vertical: Int(bytes[at + 1] & 15), quantizationTable: Int(bytes[at + 2]))
        }
    }
}
