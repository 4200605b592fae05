import RivFormat

/// Files laid out as the Rive editor exports a small project: assets first, then
/// artboards with their components, animations and state machines, so that the
/// objects that use assets, and everything `inspect` shows, have something to find.
enum ArtboardFixtures {
    private typealias TK = Schema.TypeKey
    private typealias PK = Schema.PropertyKey

    /// Two artboards using four of five assets: `Main` (400×300) with a group, an
    /// `Image` of `hero.png` inside it, an `Image` of `badge.png`, a text whose run
    /// `headline` is set in `Inter.ttf`, an `AudioEvent` playing `click.wav`, an
    /// animation `idle` and a state machine `flow` with a bool, a number and a
    /// trigger; `Card` (200×100) with an `Image` of `badge.png` and a nested `Main`.
    /// `unused.png` is used by nothing.
    static func artboardsAndUsage() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 120, artboardExtras: nil) { file in
            file.appendObject(typeKey: TK.viewModel, properties: [(PK.viewModelComponentName, .string("Profile"))])
            file.appendObject(typeKey: TK.viewModelPropertyString, properties: [(PK.viewModelComponentName, .string("name"))])
            file.appendObject(typeKey: TK.viewModelPropertyNumber, properties: [(PK.viewModelComponentName, .string("age"))])
            file.appendEmbeddedPNG(name: "hero.png", id: 1, side: 8)
            file.appendEmbeddedPNG(name: "badge.png", id: 2, side: 4)
            file.appendEmbeddedPNG(name: "unused.png", id: 3, side: 2)
            file.appendAsset(TK.fontAsset, name: "Inter.ttf", id: 4)
            file.appendContents(TrueTypeFont.skeleton(unitsPerEm: 1000, glyphCount: 1, family: "Inter", style: "Regular"))
            file.appendAsset(TK.audioAsset, name: "click.wav", id: 5)
            file.appendContents(WAVAudio.triangle(sampleCount: 32, sampleRate: 8000))

            file.appendArtboard(name: "Main", width: 400, height: 300)
            file.appendObject(typeKey: TK.node, properties: [(PK.componentName, .string("group")), (PK.componentParentId, .uint(0)),
                                                      (PK.nodeX, .float32(20)), (PK.nodeY, .float32(10))])            // 1
            file.appendObject(typeKey: TK.image, properties: [(PK.componentName, .string("hero")), (PK.componentParentId, .uint(1)),
                                                       (PK.imageAssetId, .uint(0)), (PK.nodeX, .float32(100)), (PK.nodeY, .float32(80))]) // 2
            file.appendObject(typeKey: TK.image, properties: [(PK.componentName, .string("badge")), (PK.componentParentId, .uint(0)),
                                                       (PK.imageAssetId, .uint(1))])                                  // 3
            file.appendObject(typeKey: TK.text, properties: [(PK.componentName, .string("title")), (PK.componentParentId, .uint(0))]) // 4
            file.appendObject(typeKey: TK.textStylePaint, properties: [(PK.componentName, .string("Body")), (PK.componentParentId, .uint(4)),
                                                                (PK.textStyleFontAssetId, .uint(3))])                // 5
            file.appendObject(typeKey: TK.textValueRun, properties: [(PK.componentName, .string("headline")), (PK.componentParentId, .uint(4)),
                                                              (PK.textValueRunText, .string("Hello")), (PK.textValueRunStyleId, .uint(5))]) // 6
            file.appendObject(typeKey: TK.audioEvent, properties: [(PK.componentName, .string("click")), (PK.componentParentId, .uint(0)),
                                                            (PK.audioEventAssetId, .uint(4))])                     // 7
            file.appendObject(typeKey: TK.linearAnimation, properties: LinearAnimationRecord(name: "idle", fps: 30, duration: 90, loopValue: 1).properties)
            file.appendObject(typeKey: TK.stateMachine, properties: [(PK.animationName, .string("flow"))])
            file.appendObject(typeKey: TK.stateMachineBool, properties: [(PK.stateMachineComponentName, .string("hover")), (PK.stateMachineBoolValue, .uint(1))])
            file.appendObject(typeKey: TK.stateMachineNumber, properties: [(PK.stateMachineComponentName, .string("level")), (PK.stateMachineNumberValue, .float32(3))])
            file.appendObject(typeKey: TK.stateMachineTrigger, properties: [(PK.stateMachineComponentName, .string("fire"))])
            file.appendObject(typeKey: TK.stateMachineLayer, properties: [(PK.stateMachineComponentName, .string("Layer 1"))])
            file.appendObject(typeKey: TK.anyState, properties: [])
            file.appendObject(typeKey: TK.entryState, properties: [])
            file.appendObject(typeKey: TK.exitState, properties: [])

            file.appendArtboard(name: "Card", width: 200, height: 100)
            file.appendObject(typeKey: TK.image, properties: [(PK.componentName, .string("thumb")), (PK.componentParentId, .uint(0)),
                                                       (PK.imageAssetId, .uint(1))])                                  // 1
            file.appendObject(typeKey: TK.nestedArtboard, properties: [(PK.componentName, .string("embedded main")), (PK.componentParentId, .uint(0)),
                                                                (PK.nestedArtboardArtboardId, .uint(0))])          // 2
        }
    }
}
