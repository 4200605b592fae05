#!/usr/bin/env python3
"""Counts, from the Swift sources, how many places an asset kind is decided
(issue 53, point 1):

- the places a new asset kind must touch: the row of the kind table
  (`enum AssetKind` and its `row`), the switches over the kind that have no
  `default` (the compiler lists each one when a case is added), and the places
  it does not list: switches whose labels name kinds but end in a `default` or
  in AssetType's `.unknown`, and lines that name several kinds (a list of type
  keys, `key == A || key == B`, `[.image, .font, .audio]`). AssetType's own switches are counted apart:
  the compiler lists them only for a kind an app replaces (one that gets an
  AssetType case).
- the sites that decide whether an asset is in the runtime's asset list (the
  kinds whose row says `isListed: false`; in a revision from before the table,
  ManifestAsset): every comparison with such a kind's type key, name or case
  outside the table, plus the table's column.

A kind is named by its type-key constant (`Schema.TypeKey.imageAsset`, or
`TK.imageAsset`) for every file-asset type key of the generated schema, by its
schema name as a string literal (`"ImageAsset"`), or by an `AssetKind` case
(`.image`, `.scriptModule`). Generated files and test support are left out.

Usage: Scripts/count-engine-sites.py [REVISION] [--sites] [--check]
  REVISION: a git revision to count instead of the work tree (e.g. main, to
  compare before and after). --sites: print every place counted, file:line.
  --check: exit 1 when a new kind would touch a place the compiler does not
  list, or a site compares with an unlisted kind by hand (CI runs this).
"""
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SKIPPED = ("Sources/RivTestSupport/", "Sources/RivFixtures/", "Sources/riv-bench/", "Sources/generate-fixtures/")
TABLE = "Sources/RivFormat/Assets/AssetKind.swift"


def sources(revision):
    """Every Swift file under Sources/ as {path: text}, from the work tree or `revision`."""
    if revision:
        names = subprocess.run(["git", "-C", ROOT, "ls-tree", "-r", "--name-only", revision, "Sources"],
                               check=True, capture_output=True, text=True).stdout.split()
        read = lambda name: subprocess.run(["git", "-C", ROOT, "show", f"{revision}:{name}"],
                                           check=True, capture_output=True, text=True).stdout
    else:
        names = [os.path.relpath(os.path.join(folder, name), ROOT)
                 for folder, _, files in os.walk(os.path.join(ROOT, "Sources")) for name in files]
        read = lambda name: open(os.path.join(ROOT, name), encoding="utf-8").read()
    return {name: read(name) for name in sorted(names) if name.endswith(".swift")}


def code_only(text):
    """`text` with comments and the text of string literals blanked (lengths and
    line breaks kept), so that braces and names in them are not read as code.
    Interpolations (`\\(...)`) stay code; a literal that is a whole schema name
    (`"ManifestAsset"`) is kept, as code compares with it."""
    out, n = [], len(text)

    def literal(i, closing):
        """Blanks the string literal whose text starts at `i`; returns where it ends."""
        while i < n and not text.startswith(closing, i) and (closing != '"' or text[i] != "\n"):
            if text.startswith("\\(", i):
                out.append(" (")
                i = code(i + 2, ")")
            elif text[i] == "\\":
                out.append("  ")
                i += 2
            else:
                out.append("\n" if text[i] == "\n" else " ")
                i += 1
        out.append(closing)
        return i + len(closing)

    def code(i, closing=None):
        """Copies code from `i` up to the `closing` that balances it; returns where it ends."""
        depth = 0
        while i < n:
            if closing and text[i] == "(":
                depth += 1
            elif closing and text[i] == ")":
                if depth == 0:
                    out.append(")")
                    return i + 1
                depth -= 1
            if text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                out.append(" " * (end - i))
                i = end
            elif text.startswith("/*", i):
                end = text.find("*/", i + 2)
                end = n if end < 0 else end + 2
                out.append(re.sub(r"[^\n]", " ", text[i:end]))
                i = end
            elif text.startswith('"""', i):
                out.append('"""')
                i = literal(i + 3, '"""')
            elif text[i] == '"':
                name = re.match(r'"[A-Za-z]+Asset"', text[i:])
                if name:
                    out.append(name.group(0))
                    i += len(name.group(0))
                else:
                    out.append('"')
                    i = literal(i + 1, '"')
            else:
                out.append(text[i])
                i += 1
        return i

    code(0)
    return "".join(out)


def file_asset_names(files):
    """The type-key constant names (`imageAsset`) of the schema's file assets."""
    schema = files.get("Sources/RivFormat/Format/Schema+Generated.swift", "")
    keys = re.search(r"fileAssetTypeKeys: \[UInt16\] = \[([0-9, ]*)\]", schema)
    if not keys:
        sys.exit("no fileAssetTypeKeys in Schema+Generated.swift")
    wanted = {int(key) for key in keys.group(1).split(",") if key.strip()}
    return sorted(name for name, key in re.findall(r"static let (\w+): UInt16 = (\d+)", schema) if int(key) in wanted)


def enum_cases(text, name):
    """The case names of `enum name` in `text` (its own cases, not nested enums')."""
    match = re.search(r"enum " + name + r"\b[^{]*\{", text)
    if not match:
        return []
    depth, i, body = 1, match.end(), []
    while i < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 1:
            body.append(text[i])
        i += 1
    return [case for line in re.findall(r"^\s*case ([^\n]+)", "".join(body), re.M)
            for case in re.findall(r"(\w+)(?:\([^)]*\))?", line)]


def switches(code):
    """Each `switch` of `code`: (line, labels text, has default)."""
    found = []
    for match in re.finditer(r"\bswitch\b[^{]*\{", code):
        depth, i, labels, has_default = 1, match.end(), [], False
        while i < len(code) and depth:
            c = code[i]
            if c == "{" or c == "(" or c == "[":
                depth += 1
            elif c == "}" or c == ")" or c == "]":
                depth -= 1
            elif depth == 1 and code.startswith("case ", i) and re.match(r"\W", code[i - 1]):
                end = i
                while end < len(code) and code[end] != ":" or code[end:end + 2] == "::":
                    end += 1
                labels.append(code[i + 5:end])
            elif depth == 1 and code.startswith("default:", i) and re.match(r"\W", code[i - 1]):
                has_default = True
            i += 1
        found.append((code.count("\n", 0, match.start()) + 1, " ".join(labels), has_default))
    return found


def main():
    arguments = [a for a in sys.argv[1:] if a not in ("--sites", "--check")]
    show = "--sites" in sys.argv[1:]
    check = "--check" in sys.argv[1:]
    revision = arguments[0] if arguments else None
    files = sources(revision)
    asset_names = file_asset_names(files)
    type_names = [name[0].upper() + name[1:] for name in asset_names]
    table = files.get(TABLE, "")
    kind_cases = enum_cases(table, "AssetKind")
    type_cases = enum_cases(files.get("Sources/RivFormat/Assets/AssetType.swift", ""), "AssetType")
    rows = re.findall(r"case \.(\w+): Row\(typeKey: Schema\.TypeKey\.(\w+)", table)
    unlisted = [key for case, key in rows if re.search(r"case \." + case + r": Row\([^\n]*isListed: false", table)]
    unlisted_cases = [case for case, key in rows if key in unlisted]
    if not rows:
        unlisted = ["manifestAsset"]
    unlisted_names = [name[0].upper() + name[1:] for name in unlisted]

    key_reference = r"\b(?:Schema\.TypeKey|TK)\.(" + "|".join(asset_names) + r")\b"
    name_reference = r'"(' + "|".join(type_names) + r')"'
    case_reference = r"(?<![\w)\]])\.(" + "|".join(kind_cases or type_cases) + r")\b"

    def kinds_named(text, with_cases):
        named = set(re.findall(key_reference, text)) | {n[0].lower() + n[1:] for n in re.findall(name_reference, text)}
        if with_cases:
            named |= {case for case in re.findall(case_reference, text)}
        return named

    compiler_listed, assettype_switches, silent, deciding_listed = [], [], [], []
    using_listed = 0
    for path, text in files.items():
        if path.startswith(SKIPPED) or path.endswith("+Generated.swift"):
            continue
        code = code_only(text)
        lines = code.split("\n")
        case_lines = set()
        for line, labels, has_default in switches(code):
            label_cases = set(re.findall(r"(?<![\w)\]])\.(\w+)\b", labels))
            over_kinds = bool(kind_cases) and set(kind_cases) <= label_cases
            over_type = bool(type_cases) and set(type_cases) <= label_cases
            typed = kinds_named(labels, with_cases=False)
            if over_kinds and not has_default:
                if path != TABLE:  # the table's own switch is the row
                    compiler_listed.append(f"{path}:{line}")
            elif over_type and not has_default:
                assettype_switches.append(f"{path}:{line}")
            elif len(typed) >= 2 or (over_type and has_default) or (len(label_cases & set(kind_cases or type_cases)) >= 2 and has_default):
                silent.append(f"{path}:{line} (switch)")
            else:
                continue
            first = line
            for offset, text_line in enumerate(lines[first:], start=first + 1):
                if re.match(r"\s*(case |default:)", text_line):
                    case_lines.add(offset)
                if text_line.strip() == "}" and offset > first:
                    break
        for number, text_line in enumerate(lines, start=1):
            if path == TABLE:
                continue
            using_listed += len(re.findall(r"\.isListed\b|\(where: \\\.isListed\)|\(\\\.isListed\)", text_line))
            is_label = number in case_lines or re.match(r"\s*case ", text_line)
            if not is_label and len(kinds_named(text_line, with_cases=True)) >= 2:
                silent.append(f"{path}:{number} (list of kinds)")
            compares = r"[!=]=\s*(?:(?:Schema\.TypeKey|TK)\.(?:{0})\b|\"(?:{1})\"{2})".format(
                "|".join(unlisted), "|".join(unlisted_names), "".join(r"|\.%s\b" % case for case in unlisted_cases))
            if re.search(compares, text_line):
                deciding_listed.append(f"{path}:{number}")
    table_column = 1 if re.search(r"\blet isListed: Bool", table) else 0

    def files_of(sites):
        return len({site.split(":")[0] for site in sites})

    def counted(number, noun):
        return f"{number} {noun}{'' if number == 1 else 'es' if noun.endswith('ch') else 's'}"

    where = revision or "the work tree"
    print(f"asset kinds in {where}:")
    if rows:
        print(f"  kind table: {TABLE}, {len(rows)} rows ({', '.join(case for case, _ in rows)})")
    else:
        print("  kind table: none")
    print(f"  a new kind touches: {counted(1 if rows else 0, 'table row')} + {counted(len(compiler_listed), 'switch')}"
          f" the compiler lists ({counted(files_of(compiler_listed), 'file')}) + {counted(len(silent), 'place')}"
          f" it does not list ({counted(files_of(silent), 'file')})")
    print(f"  AssetType switches, listed by the compiler only for a kind an app replaces: {len(assettype_switches)}")
    print(f"  the runtime's asset list (isListed) is decided at {counted(len(deciding_listed) + table_column, 'site')}"
          f" in {counted(files_of(deciding_listed) + table_column, 'file')} ({counted(len(deciding_listed), 'comparison')} by hand"
          f"{', plus the table' if table_column else ''}); isListed is read at {counted(using_listed, 'site')}")
    if show or check:
        for title, sites in (("switches the compiler lists", compiler_listed), ("AssetType switches", assettype_switches),
                             ("places the compiler does not list", silent), ("comparisons deciding listed", deciding_listed)):
            if show or (sites and title in ("places the compiler does not list", "comparisons deciding listed")):
                print(f"{title}:")
                for site in sites:
                    print(f"  {site}")
    if check and (silent or deciding_listed):
        print("a kind is decided outside the kind table and the switches over AssetKind: "
              "give AssetKind a column, or switch over the kind without a default (SPEC.md section 5)")
        sys.exit(1)


main()
