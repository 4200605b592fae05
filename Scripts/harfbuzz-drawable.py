#!/usr/bin/env python3
"""Prints, for each line of TEXT-FILE, 1 when HarfBuzz draws .notdef (glyph 0) for
some character of the line shaped with FONT, else 0: the oracle of verify's
text-not-drawable (FontCharacterCoverage).

usage: harfbuzz-drawable.py FONT TEXT-FILE
Exit 0, or 3 when uharfbuzz is not installed (the caller skips)."""
import sys

try:
    import uharfbuzz as hb
except ImportError:
    print("uharfbuzz is not installed (pip install uharfbuzz)", file=sys.stderr)
    sys.exit(3)


def main():
    font = hb.Font(hb.Face(hb.Blob.from_file_path(sys.argv[1])))
    for line in open(sys.argv[2], encoding="utf-8").read().split("\n"):
        if not line:
            continue
        buf = hb.Buffer()
        buf.add_str(line)
        buf.guess_segment_properties()
        hb.shape(font, buf, {})
        print(1 if any(info.codepoint == 0 for info in buf.glyph_infos) else 0)


main()
