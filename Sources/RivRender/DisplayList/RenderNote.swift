/// Something the renderer met and did not draw (or drew otherwise than the runtime
/// would), so that a picture is never silently wrong.
public struct RenderNote: Sendable, Equatable, Codable {
    /// What was left out, e.g. `text`, `mesh`, `animation`.
    public var feature: String
    /// The object's index in the artboard, when the note is about one object.
    public var objectIndex: Int?
    /// What happened, in a sentence.
    public var message: String

    /// A note about `feature`.
    public init(feature: String, objectIndex: Int? = nil, message: String) {
        self.feature = feature
        self.objectIndex = objectIndex
        self.message = message
    }
}
