#!/usr/bin/env python3
"""Generate Sources/RivFormat/Format/Schema+Generated.swift from Rive's core
schema (the JSON definitions in ../shared/rive-defs).

Usage: python3 Scripts/generate-schema.py [DEFS_DIR] > Sources/RivFormat/Format/Schema+Generated.swift

Every definition file describes one core type: its type key, its name, the
type it extends, and its properties (key, alternate keys, schema type). The
output holds them as arrays of literals indexed by key (parent keys, flags,
names, field types, declaring types), each with its element type written out
so that the compiler checks it in linear time and little memory, is
deterministic, and names every key as a constant: Schema.TypeKey.<type> (the
type name in lower camel case, e.g. imageAsset) and Schema.PropertyKey.<type><property>
(e.g. fileAssetAssetId). Where two keys would get one name, the lowest key keeps
it and each later one gets its key appended (fooBar, fooBar412).
"""
import json
import os
import re
import sys

# Schema type -> wire field type (0 varuint, 1 length-prefixed bytes,
# 2 float32, 3 color uint32). Schema types with no wire encoding (callbacks
# carry no data; fractional indices never leave the editor) are left out.
WIRE_TYPES = {
    "uint": "varUInt", "Id": "varUInt", "bool": "varUInt", "uint8": "varUInt",
    "uint16": "varUInt", "uint64": "varUInt", "int": "varUInt", "int16": "varUInt",
    "String": "bytes", "Bytes": "bytes", "List<Id>": "bytes",
    "double": "float32",
    "Color": "color",
}


WIRE_CODES = {"varUInt": 0, "bytes": 1, "float32": 2, "color": 3}

# Schema.RuntimeValue's raw values.
RUNTIME_CODES = {"uint32": 0, "byte": 1, "string": 2, "bytes": 3, "float32": 4, "color": 5}

# The bits of Schema.typeFlags and Schema.propertyFlags (Schema.swift reads them).
TYPE_KNOWN, TYPE_ABSTRACT, TYPE_IN_RUNTIME = 1, 2, 4
PROPERTY_EXPORTED = 8

# Schema type -> how Rive's C++ runtime reads the value of a property its type
# declares (Schema.RuntimeValue): uint-like values as a varuint that must fit
# 32 bits, bool as one byte, strings with a bounds check, bytes without one.
RUNTIME_VALUES = {
    "uint": "uint32", "Id": "uint32", "uint8": "uint32", "uint16": "uint32", "uint64": "uint32",
    "int": "uint32", "int16": "uint32", "bool": "byte",
    "String": "string", "Bytes": "bytes", "List<Id>": "bytes",
    "double": "float32", "Color": "color",
}

# The abstract base type of every file asset.
FILE_ASSET = 103


SWIFT_KEYWORDS = {
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
    "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
    "throw", "switch", "where", "while", "as", "any", "false", "is", "nil", "self", "Self", "super",
    "throws", "true", "try",
}


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def lower_camel(name):
    """ImageAsset -> imageAsset, SVGAsset -> svgAsset, IKConstraint -> ikConstraint."""
    run = re.match(r"[A-Z]*", name).group(0)
    if len(run) > 1 and len(name) > len(run):
        run = run[:-1]
    return name[:len(run)].lower() + name[len(run):]


def upper_first(name):
    return name[:1].upper() + name[1:]


def constant_names(entries):
    """Maps each key of `entries` (key -> wanted name) to a unique Swift identifier:
    the lowest key keeps a name that several want, later keys get their key appended."""
    names = {}
    taken = set()
    for key in sorted(entries):
        name = entries[key]
        if name in taken:
            name = "%s%d" % (name, key)
        if name in taken:
            raise SystemExit("no unique constant name for key %d" % key)
        taken.add(name)
        names[key] = "`%s`" % name if name in SWIFT_KEYWORDS else name
    return names


def type_flags(definition):
    _, _, abstract, runtime = definition
    return TYPE_KNOWN | (TYPE_ABSTRACT if abstract else 0) | (TYPE_IN_RUNTIME if runtime else 0)


def property_flags(definition):
    _, _, _, runtime, runtime_value = definition
    return RUNTIME_CODES[runtime_value] | (PROPERTY_EXPORTED if runtime else 0)


def write_table(out, name, element, values, per_line=32):
    """One static array indexed by key, its element type written out, each line
    ending with the range of keys it holds."""
    out.write("    static let %s: [%s] = [\n" % (name, element))
    for start in range(0, len(values), per_line):
        row = values[start:start + per_line]
        text = ", ".join(swift_string(value) if element == "String" else str(value) for value in row)
        out.write("        %s, // %d-%d\n" % (text, start, start + len(row) - 1))
    out.write("    ]\n\n")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    defs = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "shared", "rive-defs")
    by_file = {}
    for root, _, files in os.walk(defs):
        for name in files:
            if name.endswith(".json"):
                path = os.path.join(root, name)
                with open(path) as handle:
                    by_file[os.path.relpath(path, defs).replace(os.sep, "/")] = json.load(handle)

    types = {}
    callbacks = {}
    properties = {}
    property_notes = {}
    for definition in by_file.values():
        type_key = definition["key"]["int"]
        parent = definition.get("extends")
        parent_key = by_file[parent]["key"]["int"] if parent else 0
        types[type_key] = (definition["name"], parent_key, bool(definition.get("abstract", False)),
                           definition.get("runtime", True))
        for prop_name, prop in definition.get("properties", {}).items():
            wire = WIRE_TYPES.get(prop.get("typeRuntime", prop["type"]))
            runtime_value = RUNTIME_VALUES.get(prop.get("typeRuntime", prop["type"]))
            if prop["type"] == "callback":
                # No data in the editor's sense, but Rive's runtime reads a varuint for it.
                callbacks[prop["key"]["int"]] = (prop_name, type_key)
            if wire is None:
                continue
            main_key = prop["key"]["int"]
            keys = [(main_key, prop_name)]
            keys += [(alt["int"], alt.get("string", prop_name)) for alt in prop["key"].get("alternates", [])]
            for key, key_name in keys:
                if key in properties:
                    raise SystemExit("property key %d defined twice" % key)
                properties[key] = (key_name, wire, type_key, prop.get("runtime", True), runtime_value)
                property_notes[key] = (prop["type"], None if key == main_key else (prop_name, main_key))

    out = sys.stdout
    out.write("// Generated by Scripts/generate-schema.py from Rive's core schema. Do not edit.\n")
    out.write("// Plain arrays of literals with their element type written out, indexed by key: the\n")
    out.write("// compiler checks each table in linear time and little memory (see SPEC.md section 4).\n\n")
    out.write("extension Schema {\n")

    type_count = max(types) + 1
    out.write("    /// Each type key's parent type key, indexed by type key: 0 for a type that extends\n")
    out.write("    /// nothing and where the schema has no such type.\n")
    write_table(out, "parentKeys", "UInt16", [types[key][1] if key in types else 0 for key in range(type_count)])
    out.write("    /// Each type key's flags, indexed by type key: %d when the schema has the type, plus %d when\n"
              % (TYPE_KNOWN, TYPE_ABSTRACT))
    out.write("    /// it is abstract and %d when Rive's runtime builds it; 0 where the schema has no such type.\n"
              % TYPE_IN_RUNTIME)
    write_table(out, "typeFlags", "UInt8", [type_flags(types[key]) if key in types else 0 for key in range(type_count)])
    out.write("    /// Each type key's name, indexed by type key; empty where the schema has no such type.\n")
    write_table(out, "typeNames", "String", [types[key][0] if key in types else "" for key in range(type_count)], 8)

    property_count = max(properties) + 1
    out.write("    /// Field type codes indexed by property key; 255 where the schema has no such key.\n")
    out.write("    /// Constant data, so that a process reading one small file does not build it.\n")
    write_table(out, "fieldTypeCodes", "UInt8",
                [WIRE_CODES[properties[key][1]] if key in properties else 255 for key in range(property_count)])
    out.write("    /// Each property key's declaring type key, indexed by property key; 0 where the schema\n")
    out.write("    /// has no such key.\n")
    write_table(out, "propertyOwnerKeys", "UInt16",
                [properties[key][2] if key in properties else 0 for key in range(property_count)])
    out.write("    /// Each property key's flags, indexed by property key: how Rive's runtime reads the value\n")
    out.write("    /// (the raw value of Schema.RuntimeValue), plus %d when exported files carry the property;\n"
              % PROPERTY_EXPORTED)
    out.write("    /// 0 where the schema has no such key.\n")
    write_table(out, "propertyFlags", "UInt8",
                [property_flags(properties[key]) if key in properties else 0 for key in range(property_count)])
    out.write("    /// Each property key's name, indexed by property key; empty where the schema has no such key.\n")
    write_table(out, "propertyNames", "String",
                [properties[key][0] if key in properties else "" for key in range(property_count)], 8)

    def extends_file_asset(key):
        seen = set()
        while key and key not in seen:
            if key == FILE_ASSET:
                return True
            seen.add(key)
            key = types[key][1]
        return False

    out.write("    /// The keys of callback properties (no data in the editor's sense; Rive's runtime\n")
    out.write("    /// reads a varuint for each), with their declaring type, sorted by key.\n")
    out.write("    static let runtimeCallbackKeys: [(key: UInt16, ownerTypeKey: UInt16)] = [\n")
    for key in sorted(callbacks):
        out.write("        (%d, %d), // %s.%s\n" % (key, callbacks[key][1], types[callbacks[key][1]][0], callbacks[key][0]))
    out.write("    ]\n\n")

    asset_keys = sorted(key for key in types if not types[key][2] and extends_file_asset(key))
    out.write("    /// The concrete type keys that extend FileAsset (%d), sorted.\n" % FILE_ASSET)
    out.write("    static let fileAssetTypeKeys: [UInt16] = [" + ", ".join(str(key) for key in asset_keys) + "]\n")
    out.write("}\n")

    type_names = constant_names({key: lower_camel(types[key][0]) for key in types})
    out.write("\nextension Schema {\n")
    out.write("    /// The type key of every core type of the schema, named after the type\n")
    out.write("    /// (`ImageAsset` is `imageAsset`), sorted by key. Package access: the package's\n")
    out.write("    /// own code names keys with them; the public API takes and returns plain keys.\n")
    out.write("    package enum TypeKey {\n")
    for key in sorted(types):
        name, _, abstract, _ = types[key]
        out.write("        /// `%s`%s.\n" % (name, " (abstract: never written to a file)" if abstract else ""))
        out.write("        package static let %s: UInt16 = %d\n" % (type_names[key], key))
    out.write("    }\n\n")

    property_names = constant_names({key: lower_camel(types[properties[key][2]][0]) + upper_first(properties[key][0])
                                     for key in properties})
    out.write("    /// The key of every property of the schema, alternate keys included, named after\n")
    out.write("    /// the declaring type and the property (`FileAsset.assetId` is `fileAssetAssetId`),\n")
    out.write("    /// sorted by key. Package access, as `TypeKey`.\n")
    out.write("    package enum PropertyKey {\n")
    for key in sorted(properties):
        name, _, owner, runtime, _ = properties[key]
        schema_type, alternate_of = property_notes[key]
        notes = [schema_type]
        if alternate_of:
            notes.append("alternate key of `%s.%s`, key %d" % (types[owner][0], alternate_of[0], alternate_of[1]))
        if not runtime:
            notes.append("editor only")
        out.write("        /// `%s.%s` (%s).\n" % (types[owner][0], name, "; ".join(notes)))
        out.write("        package static let %s: UInt16 = %d\n" % (property_names[key], key))
    out.write("    }\n")
    out.write("}\n")


if __name__ == "__main__":
    main()
