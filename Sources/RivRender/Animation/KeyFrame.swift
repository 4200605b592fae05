/// One key frame of a keyed property: when it is and what it sets.
struct KeyFrame {
    /// The value a key frame sets.
    enum Value {
        /// `KeyFrameDouble`: a single-precision number, interpolated.
        case number(Float)
        /// `KeyFrameColor`: an ARGB colour, interpolated channel by channel.
        case color(UInt32)
        /// `KeyFrameId`, `KeyFrameBool`, `KeyFrameUint`, `KeyFrameInt`: set outright, never mixed.
        case integer(UInt64)
    }

    /// `frame / fps`, in single precision as the runtime computes it at import.
    let seconds: Float
    /// Interpolation type 0: the value holds until the next key frame.
    let holds: Bool
    /// The interpolator its `interpolatorId` names; linear without one.
    let interpolator: KeyFrameInterpolator?
    /// What it sets: its own value, or the value a data bind gives it.
    var value: Value
    /// Its record's index among the artboard's records that take no index
    /// (``RivFormat/ArtboardObjects/otherRecords``): a data bind written after it names it.
    let record: Int
}
