#!/usr/bin/env bash
# Builds the DocC documentation of the three libraries with the toolchain alone
# (no plugin, no package dependency) into one static site:
#
#   1. `swift package dump-symbol-graph` writes every module's public symbols;
#   2. `docc convert` turns each library's catalog (Sources/<Library>/<Library>.docc)
#      and its symbol graphs into an archive, resolving links into the libraries
#      it depends on, and reports its documentation coverage;
#   3. `docc merge` joins the archives and `docc process-archive
#      transform-for-static-hosting` makes the site.
#
# It fails on any docc warning or error, on a public type its library's landing
# page does not curate, on a public symbol without an abstract,
# and on a Swift listing in an article that is not, to the character, a region of
# the code that the DocumentationListings tests compile and run (see
# Scripts/check-doc-listings.py).
#
# Usage: Scripts/build-docs.sh [--hosting-base-path PATH]
#   The site is .build/documentation/site; serve that folder and open
#   /documentation/rivformat (or /documentation/rivassetskit, /documentation/rivhostedassets).
#   --hosting-base-path: where the site will live under its host (e.g. riv-assets for
#   https://example.github.io/riv-assets/).
set -euo pipefail
cd "$(dirname "$0")/.."

hosting_base_path=""
while [ $# -gt 0 ]; do
    case "$1" in
        --hosting-base-path) hosting_base_path="$2"; shift 2 ;;
        *) echo "usage: Scripts/build-docs.sh [--hosting-base-path PATH]" >&2; exit 64 ;;
    esac
done

# Each library, after the libraries its documentation links into.
libraries=(RivFormat RivAssetRegistry RivHostedAssets RivAssetsKit RivPNG RivFontSubset RivRender)

docc="$(dirname "$(command -v swift)")/docc"
[ -x "$docc" ] || docc="$(command -v docc)"
out=.build/documentation
rm -rf "$out"
mkdir -p "$out"

echo "== listings in the articles match the code the tests compile"
python3 Scripts/check-doc-listings.py

echo "== symbol graphs"
swift package dump-symbol-graph --skip-synthesized-members --emit-extension-block-symbols >"$out/dump-symbol-graph.log" 2>&1 \
    || { cat "$out/dump-symbol-graph.log"; exit 1; }
graphs="$(sed -n 's/^Files written to //p' "$out/dump-symbol-graph.log" | tail -1)"
[ -d "$graphs" ] || graphs="$(find .build -type d -name symbolgraph -path '*/debug/*' | head -1)"
[ -d "$graphs" ] || { echo "dump-symbol-graph wrote no symbol graphs" >&2; exit 1; }

failed=0
archives=()
dependencies=()
for library in "${libraries[@]}"; do
    echo "== $library"
    # Only this library's graphs: its own symbols and its extensions of other modules' types.
    mkdir -p "$out/graphs/$library"
    cp "$graphs/$library.symbols.json" "$out/graphs/$library/"
    find "$graphs" -maxdepth 1 -name "$library@*.symbols.json" -exec cp {} "$out/graphs/$library/" \;
    # Members the compiler writes (a synthesized Codable init(from:), an enum's
    # init(rawValue:)) have no place in the source and cannot take a doc comment:
    # they leave the graphs, so that docc's own coverage counts exactly the
    # symbols the package declares, as the check below does.
    python3 - "$out/graphs/$library" <<'EOF'
import glob, json, sys
for path in glob.glob(sys.argv[1] + "/*.symbols.json"):
    graph = json.load(open(path))
    implicit = {s["identifier"]["precise"] for s in graph["symbols"] if "location" not in s and s["kind"]["identifier"] != "swift.extension"}
    graph["symbols"] = [s for s in graph["symbols"] if s["identifier"]["precise"] not in implicit]
    graph["relationships"] = [r for r in graph["relationships"] if r["source"] not in implicit and r["target"] not in implicit]
    json.dump(graph, open(path, "w"))
EOF

    # Every public type is curated on the library's landing page (its Topics), so the
    # map a reader starts from lists everything the library offers.
    python3 - "$out/graphs/$library/$library.symbols.json" "Sources/$library/$library.docc/$library.md" <<'EOF' || failed=1
import json, re, sys
graph_path, landing_path = sys.argv[1:]
kinds = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}
graph = json.load(open(graph_path))
types = sorted({s["pathComponents"][0] for s in graph["symbols"]
                if len(s["pathComponents"]) == 1 and s["kind"]["identifier"] in kinds})
curated = set(re.findall(r"``([A-Za-z_][A-Za-z0-9_]*)", open(landing_path, encoding="utf-8").read()))
missing = [name for name in types if name not in curated]
print(f"  landing page: {len(types) - len(missing)} of {len(types)} public types curated")
for name in missing:
    print(f"  not on the landing page: {name}")
sys.exit(1 if missing else 0)
EOF

    archive="$out/$library.doccarchive"
    "$docc" convert "Sources/$library/$library.docc" \
        --additional-symbol-graph-dir "$out/graphs/$library" \
        --output-path "$archive" \
        --fallback-display-name "$library" \
        --fallback-bundle-identifier "riv-assets.$library" \
        --no-transform-for-static-hosting \
        --enable-experimental-external-link-support \
        "${dependencies[@]}" \
        --experimental-documentation-coverage --coverage-summary-level brief \
        --diagnostics-file "$out/$library-diagnostics.json" \
        >"$out/$library.log" 2>&1 || { cat "$out/$library.log"; failed=1; continue; }

    # Warnings and errors as docc counts them (the diagnostics file holds every one).
    python3 - "$out/$library-diagnostics.json" "$archive/documentation-coverage.json" "$library" <<'EOF' || failed=1
import json, sys
diagnostics_path, coverage_path, library = sys.argv[1:]
diagnostics = json.load(open(diagnostics_path)).get("diagnostics", [])
serious = [d for d in diagnostics if d.get("severity") in ("warning", "error")]
for d in serious:
    where = d.get("source") or ""
    line = (d.get("range") or {}).get("start", {}).get("line")
    print(f"  {d['severity']}: {where.replace('file://', '')}{':' + str(line) if line else ''}: {d.get('summary')}")
coverage = json.load(open(coverage_path))
# Every symbol declared here needs an abstract, counted as docc counts them
# (the compiler's implicit members left the graphs above). Left out only what
# is not a declaration: articles, docc's own "... Implementations" groups, and
# the pages of modules whose types the package extends.
def kind(c):
    value = c.get("kind")
    return value.get("name") if isinstance(value, dict) else value
symbols = [c for c in coverage if kind(c) not in ("Article", "CollectionGroup", "Extended Module")]
with_abstract = [c for c in symbols if c.get("hasAbstract")]
missing = [c.get("title") or c.get("referencePath") for c in symbols if not c.get("hasAbstract")]
percent = 100.0 * len(with_abstract) / len(symbols) if symbols else 100.0
print(f"  {len(serious)} warning(s); abstracts: {len(with_abstract)} of {len(symbols)} symbols ({percent:.1f}%)")
for name in missing:
    print(f"  no abstract: {name}")
sys.exit(1 if serious or missing else 0)
EOF
    archives+=("$archive")
    dependencies+=(--dependency "$archive")
done
[ "$failed" -eq 0 ] || { echo "documentation: warnings, errors or missing abstracts above" >&2; exit 1; }

echo "== static site"
"$docc" merge "${archives[@]}" --output-path "$out/riv-assets.doccarchive" \
    --synthesized-landing-page-name riv-assets >"$out/merge.log" 2>&1 || { cat "$out/merge.log"; exit 1; }
transform=("$docc" process-archive transform-for-static-hosting "$out/riv-assets.doccarchive" --output-path "$out/site")
[ -z "$hosting_base_path" ] || transform+=(--hosting-base-path "$hosting_base_path")
"${transform[@]}" >"$out/transform.log" 2>&1 || { cat "$out/transform.log"; exit 1; }
echo "documentation: $out/site (zero warnings, every public symbol with an abstract)"
