#!/usr/bin/env python3
"""README's "Code map, and where a change goes" names every target, every folder
inside a target (DocC catalogs aside), every test target and every script: the
map a newcomer reads cannot fall behind the code. Prints what it lacks and
exits 1; exits 0 silently when the map is complete."""
import os
import re
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
match = re.search(r"^## Code map, and where a change goes\n(.*?)(?=^## )", readme, re.S | re.M)
if not match:
    sys.exit("README.md has no section \"## Code map, and where a change goes\"")
section = match.group(1)
missing = []


def holds_files(path):
    return any(files for _, _, files in os.walk(path))


def folders(path):
    """The folders of `path` that hold files (git keeps no empty one), DocC catalogs aside."""
    return sorted(name for name in os.listdir(path)
                  if os.path.isdir(os.path.join(path, name)) and holds_files(os.path.join(path, name))
                  and not name.endswith(".docc") and not name.startswith((".", "__")))


for target in folders(os.path.join(root, "Sources")):
    if f"`Sources/{target}/`" not in section:
        missing.append(f"the target Sources/{target}/")
        continue
    for folder in folders(os.path.join(root, "Sources", target)):
        if f"`{folder}/" not in section and f"`Sources/{target}/{folder}/" not in section:
            missing.append(f"the folder Sources/{target}/{folder}/")
for target in folders(os.path.join(root, "Tests")):
    if f"`{target}`" not in section:
        missing.append(f"the test target Tests/{target}")
for script in sorted(os.listdir(os.path.join(root, "Scripts"))):
    if os.path.isfile(os.path.join(root, "Scripts", script)) and script not in section:
        missing.append(f"the script Scripts/{script}")
for line in missing:
    print(f"README.md's code map does not name {line}")
sys.exit(1 if missing else 0)
