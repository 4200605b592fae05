/// The Swift declarations of the ``APITypes`` every generated Swift file declares
/// inside its namespace. They hold the runtime's exact strings and depend on
/// nothing but the standard library, which they name as `Swift.String` and so
/// on: a file, artboard or view model called `String` cannot hide them.
enum SwiftAPITypes {
    /// The declarations, indented for the namespace enum, each with `m` (the access modifier) on every member.
    static func declarations(_ m: String) -> String {
        func named(_ type: String, _ doc: String, extra: String = "") -> String {
            """

                /// \(doc)
                \(m)struct \(type): Swift.Hashable, Swift.Sendable {
                    /// The name the runtime looks it up by.
                    \(m)let name: Swift.String\(extra)
                }

            """
        }
        return """
            /// One asset of a Rive file: what an app needs to supply it or find it.
            \(m)struct Asset: Swift.Hashable, Swift.Sendable {
                /// Where a runtime finds the asset's bytes.
                \(m)enum Location: Swift.String, Swift.Hashable, Swift.Sendable {
                    /// Inside the .riv file.
                    case embedded
                    /// Supplied by the app, as a file named `uniqueName.fileExtension`.
                    case referenced
                    /// On the Rive CDN, under `cdnUUID`.
                    case hosted
                }

                /// The asset's name in the Rive editor, e.g. `logo.png`.
                \(m)let name: Swift.String
                /// The name Rive runtimes look the asset up by, e.g. `logo-12`.
                \(m)let uniqueName: Swift.String
                /// `image`, `font`, `audio` or `other`.
                \(m)let type: Swift.String
                /// The extension runtimes add to `uniqueName` for a referenced file, e.g. `png`.
                \(m)let fileExtension: Swift.String
                /// Where the bytes are.
                \(m)let location: Location
                /// The CDN uuid of a hosted asset.
                \(m)let cdnUUID: Swift.String?
            }

        """
            + named("Animation", "A timeline animation an app plays by name.")
            + named("BoolInput", "A state machine input holding true or false.", extra: """

                    /// Its value when the state machine starts.
                    \(m)let defaultValue: Swift.Bool
            """)
            + named("NumberInput", "A state machine input holding a number.", extra: """

                    /// Its value when the state machine starts.
                    \(m)let defaultValue: Swift.Double
            """)
            + named("TriggerInput", "A state machine input an app fires.")
            + named("OtherInput", "A state machine input of a kind this generator does not know.", extra: """

                    /// The schema's name for its kind.
                    \(m)let type: Swift.String
            """)
            + named("TextRun", "A text run whose text an app sets by name.")
            + named("Event", "An event an artboard reports, with no action of its own.")
            + named("OpenURLEvent", "An event that asks the app to open a URL.", extra: """

                    /// The URL it opens.
                    \(m)let url: Swift.String
            """)
            + named("AudioEvent", "An event that plays an audio asset.", extra: """

                    /// The unique name of the clip it plays, when it names one.
                    \(m)let asset: Swift.String?
            """)
            + named("NestedArtboard", "An artboard shown inside another, addressed by this name in input and text-run paths.", extra: """

                    /// The name of the artboard it shows, when it points at one.
                    \(m)let artboard: Swift.String?
            """)
            + named("ViewModelInstance", "An instance of a view model, as the editor saved it.")
            + named("StringProperty", "A view-model property holding text.")
            + named("NumberProperty", "A view-model property holding a number.")
            + named("BooleanProperty", "A view-model property holding true or false.")
            + named("ColorProperty", "A view-model property holding a color.")
            + named("TriggerProperty", "A view-model property an app fires.")
            + named("EnumProperty", "A view-model property holding one of an enum's values.")
            + named("ListProperty", "A view-model property holding a list of view-model instances.")
            + named("ViewModelProperty", "A view-model property holding another view model's instance.")
            + named("ImageProperty", "A view-model property holding an image.")
            + named("ArtboardProperty", "A view-model property holding an artboard.")
            + named("OtherProperty", "A view-model property of a kind this generator has no type for.", extra: """

                    /// The schema's name for its kind, e.g. `assetFont`.
                    \(m)let type: Swift.String
            """)
    }
}
