"""The .riv files the comparison scripts read: named files, or every .riv under named folders."""
import glob
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def riv_files(arguments):
    """The .riv files of `arguments` (files, or folders searched recursively; the corpus when empty)."""
    found = []
    for argument in arguments or [CORPUS]:
        if os.path.isdir(argument):
            found += sorted(glob.glob(os.path.join(argument, "**", "*.riv"), recursive=True))
        else:
            found.append(argument)
    return found


def extract_pngs(tool, riv, folder):
    """{asset unique name: PNG path} for the embedded PNG images of riv, extracted by `tool` into folder."""
    os.makedirs(folder, exist_ok=True)
    subprocess.run([tool, "extract", riv, "-o", folder, "--type", "image", "--force"],
                   capture_output=True, text=True, check=False)
    pngs = {}
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        with open(path, "rb") as image:
            if image.read(8) == PNG_SIGNATURE:
                pngs[os.path.splitext(name)[0]] = path
    return pngs
