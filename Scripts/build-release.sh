#!/usr/bin/env bash
# Builds riv-assets for release the way it starts fastest (SPEC.md §11, start-up),
# in .build/static so that it never mixes with `swift build -c release`, and prints
# the binary's path on standard output (the build's own output goes to standard error):
#
#   install -m 755 "$(Scripts/build-release.sh)" /usr/local/bin/
#
# On Linux:
#   --static-swift-stdlib       the Swift runtime and Foundation linked in: no shared Swift
#                               library to load and relocate at each start
#   -disable-autolink-library curl
#                               no libcurl at start: the tool's LazyLibcurl target defines the
#                               libcurl entry points FoundationNetworking calls and loads
#                               libcurl.so.4 at the first download (libcurl's development
#                               package is then not needed to link either)
#   -disable-concrete-type-metadata-mangled-name-accessors
#                               generic type metadata made by direct calls, not by demangling
#                               type names at first use (which searches every protocol
#                               conformance of Foundation linked in)
#   --no-export-dynamic         only the symbols the shared libraries need are exported (the
#                               runtime's start-up dladdr walks the exported symbols)
#   -no-pie                     the executable at a fixed address, so its 80,000 relative
#                               relocations need not be applied at each start (shared
#                               libraries, stack and heap stay randomised)
#   --disable-local-rpath       no $ORIGIN search path: no failed opens beside the binary
# Elsewhere: a plain release build (Apple platforms ship the Swift runtime).
# Arguments are passed on to `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build/static
if [ "$(uname -s)" = Linux ]; then
    swift build -c release --product riv-assets --scratch-path "$scratch" --static-swift-stdlib --disable-local-rpath \
        -Xswiftc -Xfrontend -Xswiftc -disable-autolink-library -Xswiftc -Xfrontend -Xswiftc curl \
        -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
        -Xlinker --no-export-dynamic -Xswiftc -Xclang-linker -Xswiftc -no-pie "$@" >&2
else
    swift build -c release --product riv-assets --scratch-path "$scratch" "$@" >&2
fi
echo "$(swift build -c release --scratch-path "$scratch" --show-bin-path)/riv-assets"
