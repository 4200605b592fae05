#!/usr/bin/env python3
"""Compares the PNGs `riv-assets shrink` writes with oxipng level 2 (pyoxipng) and checks
with Pillow that every one decodes to the same pixels as its input.

For each .riv file that embeds a PNG: shrinks it into a temporary folder (timing the whole
process), extracts the images of the input and of the output, and for each PNG runs
oxipng level 2 (safe chunk stripping, as shrink drops the chunks that do not change what
is shown) in a child process with one thread and in one with its default threads. Prints
the PNG, the input size, ours, oxipng's and ours/oxipng, and ends with totals, the PNGs
over the bar (ratio > 1.05 or larger than the input), the PNGs whose pixels differ, and
the times: shrink's (whole processes, fonts of those files included) against oxipng's
(the same PNGs, in-process, each timed alone). Identical PNGs embedded in several files
are counted once. Exits 1 when a PNG is over the bar or its pixels differ.

usage: Scripts/compare-png-sizes.py RIV_ASSETS [FILE_OR_FOLDER...]
  RIV_ASSETS  the tool (.build/release/riv-assets for timings)
  FILE_OR_FOLDER  .riv files, or folders searched recursively (default ../shared/corpus)
Needs pyoxipng and Pillow; exits 3 when either is absent."""
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time

try:
    import oxipng  # noqa: F401  (the children import it; checked here so the exit code says why)
    from PIL import Image
except ImportError as missing:
    print(f"{missing.name} is not installed (pip install pyoxipng pillow)", file=sys.stderr)
    sys.exit(3)

from riv_corpus import extract_pngs, riv_files  # noqa: E402  (beside this script)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Runs in a child so that the thread count (RAYON_NUM_THREADS) is set before oxipng starts
# its pool. Reads a JSON list of [input, output] paths; prints the seconds of each call.
OXIPNG_CHILD = """
import json, sys, time, oxipng
seconds = []
for source, target in json.load(sys.stdin):
    data = open(source, "rb").read()
    start = time.perf_counter()
    out = oxipng.optimize_from_memory(data, level=2, strip=oxipng.StripChunks.safe())
    seconds.append(time.perf_counter() - start)
    open(target, "wb").write(out)
print(json.dumps(seconds))
"""



def pixels(path):
    """The decoded pixels as (size, mode, bytes) in a mode every PNG converts to without loss."""
    with Image.open(path) as image:
        image.load()
        # 16-bit grey stays 16-bit; Pillow reads 16-bit colour as 8 bits a channel.
        converted = image.convert("I") if image.mode.startswith("I") else image.convert("RGBA")
        return image.size, converted.mode, converted.tobytes()


def run_oxipng(pairs, threads):
    environment = dict(os.environ)
    if threads is not None:
        environment["RAYON_NUM_THREADS"] = str(threads)
    else:
        environment.pop("RAYON_NUM_THREADS", None)
    completed = subprocess.run([sys.executable, "-c", OXIPNG_CHILD], input=json.dumps(pairs), capture_output=True,
                               text=True, env=environment, check=True)
    return json.loads(completed.stdout)


def main():
    arguments = sys.argv[1:]
    if not arguments:
        sys.exit(__doc__)
    tool, inputs = arguments[0], arguments[1:]
    corpus = os.path.join(ROOT, "..", "shared", "corpus")
    rows, seen, differing = [], set(), []
    ours_seconds, timed_files, files_with_fonts = 0.0, 0, 0
    with tempfile.TemporaryDirectory() as work:
        for index, riv in enumerate(riv_files(inputs)):
            folder = os.path.join(work, str(index))
            originals = extract_pngs(tool, riv, os.path.join(folder, "in"))
            if not originals:
                continue
            output = os.path.join(folder, "out.riv")
            start = time.perf_counter()
            shrink = subprocess.run([tool, "shrink", riv, "-o", output, "--json"], capture_output=True, text=True, check=False)
            seconds = time.perf_counter() - start
            if shrink.returncode != 0 or not os.path.exists(output):
                print(f"{riv}: shrink failed: {shrink.stderr.strip()}", file=sys.stderr)
                continue
            result = json.loads(shrink.stdout)
            ours_seconds += seconds
            timed_files += 1
            files_with_fonts += any(a["type"] == "font" for f in result["files"] for a in f["assets"])
            results = extract_pngs(tool, output, os.path.join(folder, "out"))
            label_base = os.path.relpath(riv, corpus)
            for name, original in sorted(originals.items()):
                digest = hashlib.sha256(open(original, "rb").read()).hexdigest()
                if digest in seen or name not in results:
                    continue
                seen.add(digest)
                rows.append({"label": label_base + ":" + name, "original": original, "ours": results[name],
                             "one": original + ".oxipng1.png", "all": original + ".oxipng.png"})
        pairs_one = [[row["original"], row["one"]] for row in rows]
        pairs_all = [[row["original"], row["all"]] for row in rows]
        seconds_one = run_oxipng(pairs_one, 1)
        seconds_all = run_oxipng(pairs_all, None)
        print(f"{'png':70} {'input':>9} {'ours':>9} {'oxipng':>9} {'ratio':>6}")
        over = []
        totals = [0, 0, 0]
        for row in rows:
            sizes = [os.path.getsize(row[key]) for key in ("original", "ours", "one")]
            totals = [t + s for t, s in zip(totals, sizes)]
            ratio = sizes[1] / sizes[2]
            print(f"{row['label'][-70:]:70} {sizes[0]:9} {sizes[1]:9} {sizes[2]:9} {ratio:6.3f}")
            if ratio > 1.05 or sizes[1] > sizes[0]:
                over.append(row["label"])
            reference = pixels(row["original"])
            for key in ("ours", "one"):
                if pixels(row[key]) != reference:
                    differing.append(f"{row['label']} ({'ours' if key == 'ours' else 'oxipng'})")
    if rows:
        print(f"{'total (' + str(len(rows)) + ' PNGs)':70} {totals[0]:9} {totals[1]:9} {totals[2]:9} "
              f"{totals[1] / totals[2]:6.3f}")
        print(f"ours/input {totals[1] / totals[0]:.3f}, oxipng/input {totals[2] / totals[0]:.3f}")
    print(f"over the bar (ratio > 1.05 or larger than the input): {len(over)}" + "".join("\n  " + o for o in over))
    print(f"pixels differ: {len(differing)}" + "".join("\n  " + d for d in differing))
    one, default = sum(seconds_one), sum(seconds_all)
    print(f"time: riv-assets shrink {ours_seconds:.2f} s ({timed_files} files, whole processes, "
          f"{files_with_fonts} with fonts too); oxipng -o2 one thread {one:.2f} s "
          f"({one / max(ours_seconds, 1e-9):.1f}x ours), default threads {default:.2f} s "
          f"({default / max(ours_seconds, 1e-9):.1f}x ours)")
    sys.exit(1 if over or differing else 0)


main()
