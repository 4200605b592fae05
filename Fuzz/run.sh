#!/usr/bin/env bash
# Builds the package's riv-fuzz target (declared in Package.swift when RIV_FUZZ=1) and
# fuzzes it for SECONDS seconds.
#
#   Fuzz/run.sh SECONDS [libFuzzer flags...]   build, then fuzz; exit 1 on any finding
#   Fuzz/run.sh --build                          build only; prints the binary's path
#   Fuzz/run.sh --replay FILE...                 build, then run the checks once on each FILE
#
# Seeds: Fixtures/, Fuzz/regressions/ (with two hostile GSUB fonts the subsetter tests make) and, when present, ../shared/corpus/.
# The build goes to .build/fuzz ($FUZZ_WORK/riv-fuzz links to the binary). New corpus
# entries go to $FUZZ_WORK/corpus (default Fuzz/work/, ignored by git), crash inputs to
# $FUZZ_WORK/findings/. Every finding must become Fuzz/regressions/<name>.riv
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
mkdir -p "$work/corpus" "$work/findings"

build() {
    # The package's riv-fuzz target (declared only when RIV_FUZZ=1) on the real library
    # targets, in a scratch path of its own; SwiftPM rebuilds only what changed. With
    # SwiftPM 6.3 the scratch path must lie outside Fuzz/, the target's folder (inside it,
    # every build after the first fails with "unknown build description"). `--sanitize=fuzzer`
    # keeps libFuzzer's `main` (SwiftPM renames no entry point then); the sanitizers proper
    # come after it as one `-sanitize=fuzzer,address`, since of several `-sanitize=` flags
    # swiftc keeps only the last (and `--sanitize` twice writes them in a random order).
    local scratch="$root/.build/fuzz"
    echo "fuzz: building $binary" >&2
    local log="$work/build.log"
    if ! RIV_FUZZ=1 swift build --package-path "$root" --scratch-path "$scratch" -c release --product riv-fuzz \
        --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -g >"$log" 2>&1; then
        # gold warns once per sanitizer helper symbol; show only the rest.
        grep -v "Cannot export local symbol" "$log" >&2 || true
        echo "fuzz: build failed" >&2
        exit 2
    fi
    ln -sfn "$scratch/release/riv-fuzz" "$binary"
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
