"""The .riv files the comparison scripts read: named files, or every .riv under named folders."""
import glob
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")


def riv_files(arguments):
    """The .riv files of `arguments` (files, or folders searched recursively; the corpus when empty)."""
    found = []
    for argument in arguments or [CORPUS]:
        if os.path.isdir(argument):
            found += sorted(glob.glob(os.path.join(argument, "**", "*.riv"), recursive=True))
        else:
            found.append(argument)
    return found
