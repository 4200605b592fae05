#!/usr/bin/env python3
"""Times `riv-assets list --json` against Rive's runtime importing the same files
(`riv_oracle list`), whole processes, in alternating pairs, and prints the
medians and their ratio: the figure issue 21 sets at 0.15 or less.

usage: Scripts/list-vs-runtime.py RIV_ASSETS [RUNS] [FOLDER]
  RIV_ASSETS  a release build of the tool (.build/release/riv-assets)
  RUNS        pairs to run (default 15)
  FOLDER      the .riv files to list (default ../shared/corpus, recursively)
"""
import glob
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.path.join(ROOT, "..", "shared", "tools", "rive-runtime-oracle", "riv_oracle")


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    tool = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    folder = sys.argv[3] if len(sys.argv) > 3 else os.path.join(ROOT, "..", "shared", "corpus")
    files = sorted(glob.glob(os.path.join(folder, "**", "*.riv"), recursive=True))
    if not files:
        sys.exit(f"no .riv files under {folder}")
    runtime, ours = [], []
    for _ in range(runs):
        runtime.append(timed([ORACLE, "list"] + files))
        ours.append(timed([tool, "list", "--json"] + files))
    size = sum(os.path.getsize(path) for path in files)
    print(f"{len(files)} files, {size / 1e6:.1f} MB; riv_oracle list median {statistics.median(runtime) * 1000:.1f} ms, "
          f"riv-assets list --json median {statistics.median(ours) * 1000:.1f} ms: "
          f"{statistics.median(ours) / statistics.median(runtime):.3f}x (fastest against fastest {min(ours) / min(runtime):.3f}x)")


if __name__ == "__main__":
    main()
