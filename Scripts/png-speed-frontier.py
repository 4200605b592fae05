#!/usr/bin/env python3
"""How fast can any deflate encoder get within 1.05x of oxipng level 2? Measures the bar of
issue 38 (a tenth of oxipng's time at 1.05x its size) against libdeflate, the fastest
widely used deflate encoder, given oxipng's own choices for free.

For every distinct PNG embedded in the named .riv files: runs oxipng level 2 (safe chunk
stripping, one thread, CPU time), inflates the IDAT it wrote (its reductions and filters,
already chosen), and deflates those same bytes again with libdeflate at levels 1 to 12
(CPU time, best of two runs below level 10). Nothing of oxipng's own time (decoding,
reductions, trying filters) is charged to libdeflate, so the figures are a lower bound for
any PNG optimiser that writes deflate.

Prints, per level, the total size against oxipng's, how many PNGs end above 1.05x, the
CPU time and oxipng's time divided by it; then the fastest each PNG can be done within
1.05x when the best level is picked for each PNG afterwards (an oracle no encoder has).

usage: Scripts/png-speed-frontier.py RIV_ASSETS [FILE_OR_FOLDER...]
  RIV_ASSETS  the tool, used only to extract the PNGs
  FILE_OR_FOLDER  .riv files, or folders searched recursively (default ../shared/corpus)
Needs pyoxipng and deflate (libdeflate's binding) from PyPI; exits 3 when either is absent."""
import hashlib
import os
import struct
import sys
import tempfile
import time
import zlib

os.environ["RAYON_NUM_THREADS"] = "1"  # before oxipng starts its thread pool
try:
    import deflate
    import oxipng
except ImportError as missing:
    print(f"{missing.name} is not installed (pip install pyoxipng deflate)", file=sys.stderr)
    sys.exit(3)

from riv_corpus import extract_pngs, riv_files  # noqa: E402  (beside this script)

LEVELS = range(1, 13)
BAR = 1.05


def idat_and_rest(png):
    """The concatenated IDAT data of a PNG and the bytes of everything else (signature, chunks)."""
    position, data, rest = 8, b"", 8
    while position < len(png):
        length = struct.unpack(">I", png[position:position + 4])[0]
        if png[position + 4:position + 8] == b"IDAT":
            data += png[position + 8:position + 8 + length]
            rest += 12
        else:
            rest += 12 + length
        position += 12 + length
    return data, rest


def cpu_seconds(call, runs):
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        result = call()
        best = min(best, time.process_time() - start)
    return best, result


def main():
    arguments = sys.argv[1:]
    if not arguments:
        sys.exit(__doc__)
    tool, inputs = arguments[0], arguments[1:]
    pngs, seen = [], set()
    with tempfile.TemporaryDirectory() as work:
        for index, riv in enumerate(riv_files(inputs)):
            for path in extract_pngs(tool, riv, os.path.join(work, str(index))).values():
                data = open(path, "rb").read()
                digest = hashlib.sha256(data).hexdigest()
                if digest not in seen:
                    seen.add(digest)
                    pngs.append(data)
    if not pngs:
        sys.exit("no PNG found")
    rows = []
    for data in pngs:
        oxipng_seconds, optimized = cpu_seconds(
            lambda: oxipng.optimize_from_memory(data, level=2, strip=oxipng.StripChunks.safe()), 1)
        compressed, rest = idat_and_rest(optimized)
        filtered = zlib.decompress(compressed)
        levels = {}
        for level in LEVELS:
            seconds, output = cpu_seconds(lambda: deflate.zlib_compress(filtered, level), 2 if level < 10 else 1)
            levels[level] = (len(output) + rest, seconds)
        rows.append({"oxipng": (len(optimized), oxipng_seconds), "levels": levels})
    oxipng_size = sum(row["oxipng"][0] for row in rows)
    oxipng_time = sum(row["oxipng"][1] for row in rows)
    print(f"{len(rows)} PNGs: oxipng level 2 writes {oxipng_size} bytes in {oxipng_time:.2f} s (one thread, CPU)")
    print("libdeflate on oxipng's own filtered rows:")
    print(f"{'level':>5} {'size/oxipng':>12} {'over ' + str(BAR) + 'x':>10} {'seconds':>8} {'oxipng/this':>12}")
    for level in LEVELS:
        size = sum(row["levels"][level][0] for row in rows)
        seconds = sum(row["levels"][level][1] for row in rows)
        over = sum(row["levels"][level][0] > BAR * row["oxipng"][0] for row in rows)
        print(f"{level:5} {size / oxipng_size:12.4f} {over:10} {seconds:8.3f} {oxipng_time / seconds:12.1f}")
    oracle = 0.0
    for row in rows:
        within = [row["levels"][level][1] for level in LEVELS if row["levels"][level][0] <= BAR * row["oxipng"][0]]
        oracle += min(within) if within else row["oxipng"][1]
    print(f"fastest level within {BAR}x picked per PNG afterwards: {oracle:.3f} s, "
          f"{oxipng_time / oracle:.1f}x faster than oxipng (the bar asks 10x)")


main()
