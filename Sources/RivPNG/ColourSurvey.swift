/// What a reduction needs to know of an image's 0xRRGGBBAA pixels: whether all are opaque,
/// whether all are grey, and its distinct colours in order of first appearance, up to 257
/// (one more than a palette holds, which is enough to rule a palette out).
///
/// The pixels come a run at a time (``add(_:)``, a row each). The colours are kept in an
/// open-addressing table of 512 slots, never more than about half full; a pixel equal to the
/// one before it is skipped, and the survey is complete (``isComplete``: later pixels change
/// nothing) once there are too many colours for a palette and the image is known to be
/// neither opaque nor grey.
struct ColourSurvey {
    private(set) var allOpaque = true
    private(set) var allGrey = true
    /// The distinct colours, at most 257.
    private(set) var colours: [UInt32] = []
    private var keys = [UInt32](repeating: 0, count: slotCount)
    /// Each slot's colour index plus one; 0 for an empty slot.
    private var slots = [UInt16](repeating: 0, count: slotCount)

    private static let slotCount = 512

    /// The last pixel noted, nil before the first.
    private var previous: UInt32?

    /// True when no pixel can change what the survey knows.
    var isComplete: Bool { colours.count > 256 && !allOpaque && !allGrey }

    /// Notes the next pixels.
    mutating func add(_ pixels: UnsafeBufferPointer<UInt32>) {
        guard var last = pixels.first, !isComplete else { return }
        if last != previous { note(last) }
        for pixel in pixels where pixel != last {
            last = pixel
            note(pixel)
            if isComplete { break }
        }
        previous = last
    }

    @inline(__always)
    private mutating func note(_ pixel: UInt32) {
        if pixel & 0xFF != 255 { allOpaque = false }
        if pixel >> 24 != pixel >> 16 & 0xFF || pixel >> 16 & 0xFF != pixel >> 8 & 0xFF { allGrey = false }
        guard colours.count <= 256 else { return }
        var slot = Self.slot(of: pixel)
        while slots[slot] != 0 {
            if keys[slot] == pixel { return }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
        keys[slot] = pixel
        colours.append(pixel)
        slots[slot] = UInt16(colours.count)
    }

    /// The index in `colours` of `pixel`; nil for a colour the survey did not keep (one it
    /// never saw, or one past the 257th). The search stops at the first empty slot, where
    /// the colour would have been put.
    func index(of pixel: UInt32) -> Int? {
        var slot = Self.slot(of: pixel)
        while slots[slot] != 0 {
            if keys[slot] == pixel { return Int(slots[slot]) - 1 }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
        return nil
    }

    /// The home slot of a colour: the top 9 bits of a multiplicative hash.
    @inline(__always)
    private static func slot(of pixel: UInt32) -> Int { Int((pixel &* 0x9E37_79B1) >> 23) }
}
