/// The one way every message counts things: the number, then the noun, plural
/// unless the number is 1 (`1 input`, `3 inputs`, `0 assets`).
package enum CountedNoun {
    /// `count` and `noun`, with `plural` (the noun and an `s` unless given)
    /// when `count` is not 1.
    package static func text(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }

    /// `singular` when `count` is 1, else `plural`: the verb or noun that agrees
    /// with a count written elsewhere (`is`/`are`, `stays`/`stay`).
    package static func agreeing(_ count: Int, _ singular: String, _ plural: String) -> String {
        count == 1 ? singular : plural
    }
}
