#!/usr/bin/env python3
"""Compares the fonts `riv-assets shrink` writes with fontTools' pyftsubset (all layout
features, the same characters) and checks that both shape the same with HarfBuzz.

For each .riv file, shrinks its fonts (`shrink --type font`) into a temporary folder, extracts the embedded fonts of
the input and of the output, and for each font that was subset: runs
`pyftsubset FONT --unicodes=<the subset's cmap> --layout-features='*'`, prints the
font, the input size, ours, pyftsubset's and ours/pyftsubset, and runs
Scripts/compare-font-shaping.py on the original and our subset with the subset's
characters (each alone and all together). Ends with totals and the fonts over the
bar (ratio > 1.1 or larger than the input), and exits 1 when any font is over the bar
or shapes differently.

usage: Scripts/compare-font-sizes.py RIV_ASSETS [FILE_OR_FOLDER...] [--time]
  RIV_ASSETS  the tool (.build/debug/riv-assets or .build/release/riv-assets)
  FILE_OR_FOLDER  .riv files, or folders searched recursively (default ../shared/corpus)
  --time      also time `riv-assets shrink --type font` per file against pyftsubset on
              its fonts (whole processes, every file with a font subset; use a release build)
Needs fontTools (pyftsubset) and uharfbuzz; exits 3 when fontTools is absent."""
import json
import os
import subprocess
import sys
import tempfile
import time

try:
    from fontTools.ttLib import TTFont
except ImportError:
    print("fontTools is not installed (pip install fonttools)", file=sys.stderr)
    sys.exit(3)

from riv_corpus import riv_files  # noqa: E402  (beside this script)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHAPING = os.path.join(ROOT, "Scripts", "compare-font-shaping.py")



def extract_fonts(tool, riv, folder):
    """{asset unique name: font path} for the embedded fonts of riv."""
    os.makedirs(folder, exist_ok=True)
    result = subprocess.run([tool, "extract", riv, "-o", folder, "--type", "font", "--force", "--json"],
                            capture_output=True, text=True, check=False)
    fonts = {}
    for name in os.listdir(folder):
        stem, extension = os.path.splitext(name)
        if extension == ".ttf":
            fonts[stem] = os.path.join(folder, name)
    if result.returncode != 0 and not fonts:
        print(f"{riv}: extract failed: {result.stderr.strip()}", file=sys.stderr)
    return fonts


def timed(command):
    start = time.perf_counter()
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    return time.perf_counter() - start, completed


def main():
    arguments = [a for a in sys.argv[1:] if a != "--time"]
    timing = "--time" in sys.argv[1:]
    if not arguments:
        sys.exit(__doc__)
    tool, inputs = arguments[0], arguments[1:]
    rows, shaping_failures = [], []
    ours_seconds = pyft_seconds = 0.0
    timed_files = 0
    seen = {}
    with tempfile.TemporaryDirectory() as work:
        for index, riv in enumerate(riv_files(inputs)):
            folder = os.path.join(work, str(index))
            output = os.path.join(folder, "out.riv")
            os.makedirs(folder)
            seconds, shrink = timed([tool, "shrink", "--type", "font", riv, "-o", output, "--json"])
            if shrink.returncode != 0 or not os.path.exists(output):
                continue
            result = json.loads(shrink.stdout)
            shrunk = {a["asset"] for f in result["files"] for a in f["assets"]
                      if a["type"] == "font" and a["action"] == "shrunk"}
            if not shrunk:
                continue
            originals = extract_fonts(tool, riv, os.path.join(folder, "in"))
            subsets = extract_fonts(tool, output, os.path.join(folder, "out"))
            file_pyft = 0.0
            for name in sorted(shrunk):
                if name not in originals or name not in subsets:
                    continue
                original, ours = originals[name], subsets[name]
                codes = sorted(TTFont(ours, lazy=True).getBestCmap().keys())
                key = (open(original, "rb").read(), tuple(codes))
                reference = os.path.join(folder, name + ".pyftsubset.ttf")
                pyft, completed = timed(["pyftsubset", original, "--unicodes=" + ",".join(f"{c:04X}" for c in codes),
                                         "--layout-features=*", "--output-file=" + reference])
                file_pyft += pyft
                if completed.returncode != 0:
                    print(f"{riv}: {name}: pyftsubset failed: {completed.stderr.strip()}", file=sys.stderr)
                    continue
                label = os.path.relpath(riv, os.path.join(ROOT, "..", "shared", "corpus")) + ":" + name
                sizes = (os.path.getsize(original), os.path.getsize(ours), os.path.getsize(reference))
                duplicate = key in seen
                seen.setdefault(key, label)
                rows.append((label, *sizes, duplicate))
                if duplicate:
                    continue
                text_path = os.path.join(folder, name + ".txt")
                characters = [chr(c) for c in codes]
                with open(text_path, "w", encoding="utf-8") as text:
                    text.write("".join(characters) + "\n" + "\n".join(characters))
                check = subprocess.run([sys.executable, SHAPING, original, ours, text_path],
                                       capture_output=True, text=True, check=False)
                if check.returncode == 1:
                    shaping_failures.append((label, check.stderr.strip()))
                elif check.returncode != 0:
                    print(f"{label}: shaping check could not run: {check.stderr.strip()}", file=sys.stderr)
            ours_seconds += seconds
            pyft_seconds += file_pyft
            timed_files += 1
    print(f"{'font':70} {'input':>9} {'ours':>8} {'pyftsub':>8} {'ratio':>6}")
    over = []
    for label, original, ours, reference, duplicate in rows:
        ratio = ours / reference
        mark = " (same font and characters as above)" if duplicate else ""
        print(f"{label[-70:]:70} {original:9} {ours:8} {reference:8} {ratio:6.2f}{mark}")
        if ratio > 1.1 or ours > original:
            over.append(label)
    totals = [sum(row[i] for row in rows) for i in (1, 2, 3)]
    if rows:
        print(f"{'total (' + str(len(rows)) + ' fonts)':70} {totals[0]:9} {totals[1]:8} {totals[2]:8} {totals[1] / totals[2]:6.2f}")
    print(f"over the bar (ratio > 1.1 or larger than the input): {len(over)}" + "".join("\n  " + o for o in over))
    print(f"shaping differences: {len(shaping_failures)}" + "".join(f"\n  {l}: {m}" for l, m in shaping_failures))
    if timing:
        print(f"time ({timed_files} files): riv-assets shrink --type font {ours_seconds:.2f} s (whole processes), "
              f"pyftsubset {pyft_seconds:.2f} s (its fonts), {pyft_seconds / max(ours_seconds, 1e-9):.1f}x")
    sys.exit(1 if over or shaping_failures else 0)


main()
