#!/usr/bin/env bash
# Builds the RivFormat fuzz target and fuzzes it for SECONDS seconds.
#
#   Fuzz/run.sh SECONDS [libFuzzer flags...]   build, then fuzz; exit 1 on any finding
#   Fuzz/run.sh --build                          build only; prints the binary's path
#   Fuzz/run.sh --replay FILE...                 build, then run the checks once on each FILE
#
# Seeds: Fixtures/, Fuzz/regressions/ and, when present, ../shared/corpus/.
# New corpus entries go to $FUZZ_WORK/corpus (default Fuzz/work/, ignored by git), crash
# inputs to $FUZZ_WORK/findings/. Every finding must become Fuzz/regressions/<name>.riv
# plus a test in Tests/RivFormatTests/AdversarialTests.swift.
#
# Environment: FUZZ_WORK (work directory), FUZZ_MAX_LEN (largest input, default 65536),
# FUZZ_JOBS (parallel fuzzing processes, default 1).
set -euo pipefail
# The Swift runtime's crash backtracer trips the address sanitizer; libFuzzer prints the stack.
export SWIFT_BACKTRACE=enable=no

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
work="${FUZZ_WORK:-$here/work}"
binary="$work/riv-fuzz"
mkdir -p "$work/src" "$work/corpus" "$work/findings"

build() {
    # Compile a snapshot of the sources, so edits made during the build cannot mix in,
    # and skip the build when nothing changed since the last one.
    rm -rf "$work/src"
    mkdir -p "$work/src/RivFormat" "$work/src/Fuzz"
    cp -R "$root/Sources/RivFormat/." "$work/src/RivFormat/"
    cp "$here"/*.swift "$work/src/Fuzz/"
    # The tool's text and naming rules, for invariants 8 and 10 (one module: no imports between them).
    mkdir -p "$work/src/RivAssetsKit"
    for kit in List/ListingTable.swift Text/TerminalText.swift Text/ByteCountText.swift Codegen/SwiftIdentifier.swift; do
        grep -v '^import RivFormat$' "$root/Sources/RivAssetsKit/$kit" >"$work/src/RivAssetsKit/$(basename "$kit")"
    done
    # The hosted cache's key and record, for invariant 11.
    mkdir -p "$work/src/RivHostedAssets"
    for hosted in Cache/HostedAssetKey.swift Cache/CacheEntryRecord.swift Cache/CacheFile.swift Cache/HostedAssetCache.swift \
        Cache/HostedAssetCacheError.swift Cache/MemoryLayer.swift Transport/HostedAssetRequest.swift; do
        grep -v '^import RivFormat$' "$root/Sources/RivHostedAssets/$hosted" >"$work/src/RivHostedAssets/$(basename "$hosted")"
    done
    local stamp
    stamp="$( (swiftc --version 2>&1; find "$work/src" -name '*.swift' -print0 | sort -z | xargs -0 cat) | sha256sum | cut -d' ' -f1)"
    if [[ -x "$binary" && -f "$binary.stamp" && "$(cat "$binary.stamp")" == "$stamp" ]]; then
        return
    fi
    echo "fuzz: building $binary" >&2
    local log="$work/build.log"
    if ! find "$work/src" -name '*.swift' -print0 | sort -z | xargs -0 \
        swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name riv_assets -O -g \
            -module-name RivFuzz -o "$binary.tmp" >"$log" 2>&1; then
        # gold warns once per sanitizer helper symbol; show only the rest.
        grep -v "Cannot export local symbol" "$log" >&2 || true
        echo "fuzz: build failed" >&2
        exit 2
    fi
    mv "$binary.tmp" "$binary"
    echo "$stamp" >"$binary.stamp"
}

case "${1:-}" in
    --build)
        build
        echo "$binary"
        exit 0
        ;;
    --replay)
        shift
        build
        status=0
        for input in "$@"; do
            "$binary" -runs=1 -rss_limit_mb=2048 -malloc_limit_mb=256 "$input" || status=1
        done
        exit "$status"
        ;;
    ''|-*)
        echo "usage: Fuzz/run.sh SECONDS [libFuzzer flags...] | --build | --replay FILE..." >&2
        exit 2
        ;;
esac

seconds="$1"
shift
build

seeds=("$root/Fixtures" "$here/regressions")
if [[ -d "$root/../shared/corpus" ]]; then
    seeds+=("$(cd "$root/../shared/corpus" && pwd)")
fi

jobs="${FUZZ_JOBS:-1}"
parallel=()
if [[ "$jobs" -gt 1 ]]; then
    parallel=(-fork="$jobs")
fi

log="$work/fuzz.log"
touch "$work/run.start"
echo "fuzz: ${seconds}s, seeds: ${seeds[*]}, log: $log" >&2
set +e
"$binary" "$work/corpus" "${seeds[@]}" \
    -max_total_time="$seconds" \
    -max_len="${FUZZ_MAX_LEN:-65536}" \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -malloc_limit_mb=256 \
    -dict="$here/riv.dict" \
    -artifact_prefix="$work/findings/" \
    -print_final_stats=1 \
    "${parallel[@]}" "$@" 2>&1 | tee "$log" | grep -E --line-buffered -v '^#[0-9]+\s+(NEW|REDUCE|pulse)' 
status="${PIPESTATUS[0]}"
set -e
findings=$(find "$work/findings" -type f -newer "$work/run.start" | wc -l)
if [[ "$status" -ne 0 || "$findings" -ne 0 ]]; then
    echo "fuzz: FAILED (libFuzzer exit $status); inputs in $work/findings:" >&2
    find "$work/findings" -type f -newer "$work/run.start" >&2
    exit 1
fi
echo "fuzz: no finding in ${seconds}s; corpus $(find "$work/corpus" -type f | wc -l) inputs" >&2
