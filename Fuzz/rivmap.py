"""A map of a .riv file's object stream for targeted mutation: where each object
and each property value sits. Reads the schema in ../shared/rive-defs for the
types and field types, and the file's own table of contents first (SPEC.md §2).

    objects = read_objects(data, schema(shared))  # [RivObject], stops at the first damage
"""
import json, os

# Schema type -> wire field type: 0 varuint, 1 length-prefixed bytes, 2 float32, 3 color.
WIRE = {"uint": 0, "Id": 0, "bool": 0, "int": 0, "callback": 0, "uint8": 0, "uint16": 0, "uint64": 0, "int16": 0,
        "String": 1, "Bytes": 1, "List<Id>": 1, "double": 2, "Color": 3}


class Schema:
    def __init__(self, shared):
        self.types = {}       # type key -> (name, parent file name)
        self.by_file = {}     # definition file -> type key
        self.fields = {}      # property key -> wire field type
        base = os.path.join(shared, "rive-defs")
        for folder, _, names in os.walk(base):
            for name in names:
                if not name.endswith(".json"):
                    continue
                with open(os.path.join(folder, name)) as f:
                    definition = json.load(f)
                key = definition.get("key", {}).get("int")
                if key is not None:
                    self.types[key] = (definition["name"], definition.get("extends"))
                    self.by_file[name] = key
                for prop in definition.get("properties", {}).values():
                    wire = WIRE.get(prop.get("typeRuntime", prop.get("type")))
                    keys = [prop.get("key", {}).get("int")] + prop.get("key", {}).get("alternates", [])
                    for k in keys:
                        if isinstance(k, dict):
                            k = k.get("int")
                        if k is not None and wire is not None:
                            self.fields[k] = wire

    def name(self, type_key):
        return self.types.get(type_key, (f"type{type_key}", None))[0]

    def is_kind(self, type_key, ancestor_name):
        seen = 0
        while type_key in self.types and seen < 64:
            name, parent = self.types[type_key]
            if name == ancestor_name:
                return True
            type_key = self.by_file.get(os.path.basename(parent)) if parent else None
            seen += 1
        return False


class RivObject:
    def __init__(self, offset, type_key):
        self.offset = offset
        self.type_key = type_key
        self.end = offset
        self.properties = []  # (key offset, key, value offset, value end, field type)


def _varuint(data, at):
    value = shift = 0
    while at < len(data):
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at
    raise ValueError("truncated varuint")


def read_objects(data, schema):
    """The objects of `data` with their byte ranges; stops quietly at the first damage."""
    if data[:4] != b"RIVE":
        return []
    at = 4
    for _ in range(3):
        _, at = _varuint(data, at)
    toc_keys = []
    while True:
        key, at = _varuint(data, at)
        if key == 0:
            break
        toc_keys.append(key)
    toc = {}
    for index, key in enumerate(toc_keys):
        if index % 4 == 0:
            word = int.from_bytes(data[at:at + 4], "little")
            at += 4
        toc[key] = (word >> (2 * (index % 4))) & 3
    objects = []
    try:
        while at < len(data):
            type_key, next_at = _varuint(data, at)
            obj = RivObject(at, type_key)
            at = next_at
            while True:
                key_at = at
                key, at = _varuint(data, at)
                if key == 0:
                    break
                field = toc.get(key, schema.fields.get(key))
                if field is None:
                    raise ValueError("unknown property")
                value_at = at
                if field == 0:
                    _, at = _varuint(data, at)
                elif field == 1:
                    length, at = _varuint(data, at)
                    at += length
                else:
                    at += 4
                if at > len(data):
                    raise ValueError("past the end")
                obj.properties.append((key_at, key, value_at, at, field))
            obj.end = at
            objects.append(obj)
    except ValueError:
        pass
    return objects
