import RivFormat

/// A `.riv` file described by what an app addresses in it (artboards with
/// their state machines, inputs, animations, text runs and events; view models;
/// embedded images), written by ``RivFileBuilder``. Tests change one
/// part of a copy to get the pairs `diff` and `codegen` are checked on.
public struct AppFile: Sendable {
    /// A state machine input and its kind with its starting value.
    public enum Input: Sendable {
        case bool(String, Bool)
        case number(String, Float)
        case trigger(String)
    }

    /// An event and its kind.
    public enum Event: Sendable {
        case plain(String)
        case openURL(String, url: String)
        case audio(String)
    }

    /// A state machine and its inputs.
    public struct StateMachine: Sendable {
        public var name: String
        public var inputs: [Input]
        public init(_ name: String, _ inputs: [Input]) {
            self.name = name
            self.inputs = inputs
        }
    }

    /// An artboard and what it holds.
    public struct Artboard: Sendable {
        public var name: String
        public var width: Float = 400
        public var height: Float = 300
        public var animations: [String] = []
        public var stateMachines: [StateMachine] = []
        public var textRuns: [String] = []
        public var events: [Event] = []
        public init(_ name: String) { self.name = name }
    }

    /// A view model: its properties (name and the schema type key of their kind) and instances.
    public struct ViewModel: Sendable {
        public var name: String
        public var properties: [(name: String, typeKey: UInt16)]
        public var instances: [String]
        public init(_ name: String, properties: [(name: String, typeKey: UInt16)], instances: [String] = []) {
            self.name = name
            self.properties = properties
            self.instances = instances
        }
    }

    /// An embedded image.
    public struct Image: Sendable {
        public var name: String
        public var id: UInt64
        public var bytes: [UInt8]
        public init(_ name: String, id: UInt64, bytes: [UInt8]) {
            self.name = name
            self.id = id
            self.bytes = bytes
        }
    }

    public var artboards: [Artboard]
    public var viewModels: [ViewModel]
    public var images: [Image]

    /// A file of `artboards`, `viewModels` and `images`.
    public init(artboards: [Artboard], viewModels: [ViewModel] = [], images: [Image] = []) {
        self.artboards = artboards
        self.viewModels = viewModels
        self.images = images
    }

    /// A small app's file: `Main` with state machine `flow` (bool `hover` = true,
    /// number `level` = 3, trigger `fire`), animation `idle`, text runs `headline`
    /// and `caption`, events `click` (plain) and `help` (open URL); `Card` with
    /// animation `spin`; view model `Profile` (string `name`, number `age`) with
    /// instance `Default`; embedded image `hero.png` id 1.
    public static func sample() -> AppFile {
        var main = Artboard("Main")
        main.animations = ["idle"]
        main.stateMachines = [StateMachine("flow", [.bool("hover", true), .number("level", 3), .trigger("fire")])]
        main.textRuns = ["headline", "caption"]
        main.events = [.plain("click"), .openURL("help", url: "https://example.com/help")]
        var card = Artboard("Card")
        card.animations = ["spin"]
        return AppFile(artboards: [main, card],
                       viewModels: [ViewModel("Profile", properties: [("name", Schema.TypeKey.viewModelPropertyString),
                                                                       ("age", Schema.TypeKey.viewModelPropertyNumber)], instances: ["Default"])],
                       images: [Image("hero.png", id: 1, bytes: Payload.png(64))])
    }

    /// The encoded file.
    public func bytes() -> [UInt8] {
        typealias TK = Schema.TypeKey
        typealias PK = Schema.PropertyKey
        var file = RivFileBuilder(fileID: 9, tableOfContents: [.init(key: PK.fileAssetContentsBytes, fieldType: .bytes)])
        file.appendBackboard()
        for (index, model) in viewModels.enumerated() {
            file.appendObject(typeKey: TK.viewModel, properties: [(PK.viewModelComponentName, .string(model.name))])
            for property in model.properties {
                file.appendObject(typeKey: property.typeKey, properties: [(PK.viewModelComponentName, .string(property.name))])
            }
            for instance in model.instances {
                file.appendObject(typeKey: TK.viewModelInstance, properties: [(PK.componentName, .string(instance)),
                                                                                 (PK.viewModelInstanceViewModelId, .uint(UInt64(index)))])
            }
        }
        for image in images {
            file.appendAsset(TK.imageAsset, name: image.name, id: image.id)
            file.appendContents(image.bytes)
        }
        for artboard in artboards {
            file.appendArtboard(name: artboard.name, width: artboard.width, height: artboard.height)
            if !artboard.textRuns.isEmpty {
                file.appendObject(typeKey: TK.text, properties: [(PK.componentName, .string("text")), (PK.componentParentId, .uint(0))])
                for run in artboard.textRuns {
                    file.appendObject(typeKey: TK.textValueRun, properties: [(PK.componentName, .string(run)), (PK.componentParentId, .uint(1)),
                                                                                (PK.textValueRunText, .string(run + " text"))])
                }
            }
            for event in artboard.events {
                switch event {
                case .plain(let name):
                    file.appendObject(typeKey: TK.event, properties: [(PK.componentName, .string(name)), (PK.componentParentId, .uint(0))])
                case .openURL(let name, let url):
                    file.appendObject(typeKey: TK.openUrlEvent, properties: [(PK.componentName, .string(name)), (PK.componentParentId, .uint(0)),
                                                                                (PK.openUrlEventUrl, .string(url))])
                case .audio(let name):
                    file.appendObject(typeKey: TK.audioEvent, properties: [(PK.componentName, .string(name)), (PK.componentParentId, .uint(0))])
                }
            }
            for animation in artboard.animations {
                file.appendObject(typeKey: TK.linearAnimation, properties: LinearAnimationRecord(name: animation).properties)
            }
            for machine in artboard.stateMachines {
                file.appendObject(typeKey: TK.stateMachine, properties: [(PK.animationName, .string(machine.name))])
                for input in machine.inputs {
                    switch input {
                    case .bool(let name, let value):
                        file.appendObject(typeKey: TK.stateMachineBool, properties: [(PK.stateMachineComponentName, .string(name)),
                                                                                        (PK.stateMachineBoolValue, .uint(value ? 1 : 0))])
                    case .number(let name, let value):
                        file.appendObject(typeKey: TK.stateMachineNumber, properties: [(PK.stateMachineComponentName, .string(name)),
                                                                                          (PK.stateMachineNumberValue, .float32(value))])
                    case .trigger(let name):
                        file.appendObject(typeKey: TK.stateMachineTrigger, properties: [(PK.stateMachineComponentName, .string(name))])
                    }
                }
            }
        }
        return file.bytes
    }
}
