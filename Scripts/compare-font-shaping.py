#!/usr/bin/env python3
"""Shapes a text with HarfBuzz in an original font and in its subset and checks that
both give the same clusters, advances, offsets and glyph outlines (not glyph ids:
a subset may renumber its glyphs), at the default variation
coordinates, at each named instance of the font and at each --at set of axis values
(a text style's, from its TextStyleAxis objects). Each line is shaped in NFC and in
NFD, each left to right (its script's direction for right-to-left scripts) and right
to left, so mirroring, decomposition and composition are compared too.

usage: compare-font-shaping.py ORIGINAL SUBSET TEXT-FILE [--at TAG=VALUE,TAG=VALUE...]... [--corners]
--corners also shapes at every combination of the axes' minimum and maximum (up to 4 axes).
Each line of TEXT-FILE is shaped on its own (a line break is not part of any text).
Exit 0 when everything matches, 1 with the differences on stderr, 3 when uharfbuzz
is not installed (the caller skips). The last line on stdout counts the lines of
TEXT-FILE shaped otherwise at some variation ("differing lines: 2 of 40")."""
import sys

try:
    import unicodedata2 as unicodedata  # the Unicode version of HarfBuzz, when installed
except ImportError:
    import unicodedata

try:
    import uharfbuzz as hb
except ImportError:
    print("uharfbuzz is not installed (pip install uharfbuzz)", file=sys.stderr)
    sys.exit(3)


class RecordingPen:
    def __init__(self):
        self.path = []

    def moveTo(self, p): self.path.append(("M", p))
    def lineTo(self, p): self.path.append(("L", p))
    def qCurveTo(self, *ps): self.path.append(("Q", ps))
    def curveTo(self, *ps): self.path.append(("C", ps))
    def closePath(self): self.path.append(("Z",))
    def endPath(self): self.path.append(("E",))


def shape(font, text, direction):
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    if direction:
        buf.direction = direction
    hb.shape(font, buf, {})
    rows = []
    for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
        pen = RecordingPen()
        font.draw_glyph_with_pen(info.codepoint, pen)
        rows.append((info.cluster, pos.x_advance, pos.y_advance, pos.x_offset, pos.y_offset, pen.path))
    return rows


def instances(face, axes):
    """Variation settings ({tag: value}) of the default (None) and of each named instance."""
    coords = [None]
    try:
        for instance in face.named_instances:
            coords.append(dict(zip(axes, instance.design_coords)))
    except AttributeError:
        pass
    return coords


def corners(face, arguments):
    """With --corners: every combination of each axis's minimum and maximum (fonts of up to 4 axes)."""
    if "--corners" not in arguments:
        return []
    infos = list(face.axis_infos)
    if not infos or len(infos) > 4:
        return []
    settings = [{}]
    for info in infos:
        settings = [dict(s, **{info.tag: value}) for s in settings for value in (info.min_value, info.max_value)]
    return settings


def given_settings(arguments):
    """The --at sets: 'wght=700,wdth=87.5' -> {"wght": 700.0, "wdth": 87.5}."""
    settings = []
    for index, argument in enumerate(arguments):
        if argument == "--at":
            pairs = [pair.split("=", 1) for pair in arguments[index + 1].split(",") if pair]
            settings.append({tag: float(value) for tag, value in pairs})
    return settings


def main():
    original_path, subset_path, text_path = sys.argv[1:4]
    lines = [line for line in open(text_path, encoding="utf-8").read().split("\n") if line]
    variants = [(unicodedata.normalize(form, line), direction)
                for line in lines for form in ("NFC", "NFD") for direction in (None, "rtl")]
    faces = [hb.Face(hb.Blob.from_file_path(p)) for p in (original_path, subset_path)]
    axes = [axis.tag for axis in faces[0].axis_infos]
    failures = 0
    differing = set()
    for coords in instances(faces[0], axes) + given_settings(sys.argv[4:]) + corners(faces[0], sys.argv[4:]):
        shaped = []
        for face in faces:
            font = hb.Font(face)
            if coords is not None:
                font.set_variations(coords)
            shaped.append([shape(font, line, direction) for line, direction in variants])
        differing.update(index // 4 for index, (a, b) in enumerate(zip(*shaped)) if a != b)
        results = [[row for rows in variant for row in rows] for variant in shaped]
        if results[0] != results[1]:
            failures += 1
            for index, (a, b) in enumerate(zip(*results)):
                if a != b:
                    print(f"instance {coords}: glyph {index} differs: {a[:5]} vs {b[:5]} outline same: {a[5] == b[5]}", file=sys.stderr)
                    break
            else:
                print(f"instance {coords}: {len(results[0])} vs {len(results[1])} glyphs", file=sys.stderr)
    print(f"differing lines: {len(differing)} of {len(lines)}")
    sys.exit(1 if failures else 0)


main()
