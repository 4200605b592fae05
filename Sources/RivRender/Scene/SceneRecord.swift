import RivFormat

/// The values of one object of an artboard, read once from its record: the last
/// value of each key wins, as the runtime's setters leave it.
struct SceneRecord {
    /// The object's type key.
    let type: UInt16
    private var numbers: [UInt16: Double] = [:]
    private var integers: [UInt16: UInt64] = [:]
    private var colors: [UInt16: UInt32] = [:]
    private var idLists: [UInt16: [UInt64]] = [:]

    /// The byte-valued keys read as lists of varuints (the others are not kept).
    private static let idListKeys: Set<UInt16> = [Schema.PropertyKey.nestedArtboardDataBindPathIds, Schema.PropertyKey.meshTriangleIndexBytes]

    init(_ object: RivObject, in file: RivFile) {
        type = object.typeKey
        for property in object.properties {
            switch property.fieldType {
            case .float32: numbers[property.key] = Double(file.floatValue(of: property))
            case .varUInt: integers[property.key] = file.uintValue(of: property)
            case .color: colors[property.key] = file.colorValue(of: property)
            case .bytes: if Self.idListKeys.contains(property.key) { idLists[property.key] = file.idListValue(of: property) }
            }
        }
    }

    /// Whether the object's type is `ancestor` or extends it.
    func isKind(_ ancestor: UInt16) -> Bool {
        Schema.isKind(type, of: ancestor)
    }

    func number(_ key: UInt16, default value: Double) -> Double {
        numbers[key] ?? value
    }

    func integer(_ key: UInt16) -> UInt64? {
        integers[key]
    }

    func integer(_ key: UInt16, default value: UInt64) -> UInt64 {
        integers[key] ?? value
    }

    /// The ids of a list-of-ids property (`idListKeys`), nil when the record has none.
    func idList(_ key: UInt16) -> [UInt64]? {
        idLists[key]
    }

    func flag(_ key: UInt16, default value: Bool) -> Bool {
        integers[key].map { $0 != 0 } ?? value
    }

    /// The colour of `key`, nil when the record holds none.
    func color(_ key: UInt16) -> UInt32? {
        colors[key]
    }

    /// The number of `key`, nil when the record holds none.
    func number(_ key: UInt16) -> Double? {
        numbers[key]
    }

    func color(_ key: UInt16, default value: UInt32) -> UInt32 {
        colors[key] ?? value
    }

    /// Whether the record itself holds a value for `key`.
    /// Sets the value of `key`, as a key frame or a bind sets it.
    mutating func setNumber(_ key: UInt16, _ value: Double) { numbers[key] = value }

    /// Sets the value of `key`, as a key frame or a bind sets it.
    mutating func setInteger(_ key: UInt16, _ value: UInt64) { integers[key] = value }

    /// Sets the value of `key`, as a key frame or a bind sets it.
    mutating func setColor(_ key: UInt16, _ value: UInt32) { colors[key] = value }
}
