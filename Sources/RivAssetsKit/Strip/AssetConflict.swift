import RivFormat

/// Copies of one unique name with other bytes, met by one strip run, and how
/// the run settled them (``StripResult/conflicts``).
public struct AssetConflict: Codable, Sendable, Equatable {
    /// One input's copy.
    public struct Copy: Codable, Sendable, Equatable {
        /// The input holding the copy.
        public var input: String
        /// The copy's size in bytes.
        public var bytes: Int
        /// The asset file written for this input's asset; nil when its input failed.
        @NullEncoded public var file: String?
    }

    /// The unique name the copies share.
    public var asset: String
    /// How the run was asked to settle them.
    public var policy: AssetConflictPolicy
    /// Whether they were settled (false: their inputs failed, ``reason`` says why).
    public var settled: Bool
    /// With ``AssetConflictPolicy/largest``, the input whose copy was written for all.
    @NullEncoded public var kept: String?
    /// Why that copy was kept, or why none could be, in one sentence.
    public var reason: String
    /// Every copy, in input order (inputs sharing one copy's bytes each listed).
    public var copies: [Copy]
}

extension AssetConflict: PropertiesDescribed {}

extension AssetConflict.Copy: PropertiesDescribed {}
