#!/bin/sh
# Draws the README's pictures from the project's own fixture with riv-assets render:
# Fixtures/drawn-shapes.riv as docs/drawn-shapes.svg and, by riv-assets' own
# rasterizer, docs/drawn-shapes.png (640 px wide). With --check, draws them into a
# temporary folder and exits 1 when a committed one differs (ReadmePictureTests
# checks the same in `swift test`).
set -eu
cd "$(dirname "$0")/.."
case "${1:-}" in
    "") out=docs ;;
    --check) out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT ;;
    *) echo "usage: Scripts/render-readme-pictures.sh [--check]" >&2; exit 64 ;;
esac
swift build --product riv-assets >&2
bin="$(swift build --show-bin-path)/riv-assets"
"$bin" render Fixtures/drawn-shapes.riv -o "$out/drawn-shapes.svg" --force
"$bin" render Fixtures/drawn-shapes.riv -o "$out/drawn-shapes.png" --width 640 --force
if [ "$out" != docs ]; then
    for picture in drawn-shapes.svg drawn-shapes.png; do
        cmp -s "$out/$picture" "docs/$picture" || { echo "docs/$picture is not current: run Scripts/render-readme-pictures.sh" >&2; exit 1; }
    done
fi
