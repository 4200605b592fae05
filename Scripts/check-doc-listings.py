#!/usr/bin/env python3
"""Checks that the Swift code in the documentation is code that compiles and runs.

Every ```swift listing in an article of a DocC catalog (Sources/*/*.docc), and in
README.md (its import lines aside; not those calling Rive's Apple runtime, nor
Package.swift lines), must be,
line for line once each side's common indentation is removed, one region of the
test target Tests/DocumentationListingsTests, which `swift test` builds and runs.
A region is the lines between `// listing: NAME` and `// end listing`. Every
region must appear in some article, so that the code kept for the articles is
the code they show. Exits 1 and names each listing or region that fails."""
import pathlib
import re
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parent.parent
LISTINGS = ROOT / "Tests" / "DocumentationListingsTests"
START = re.compile(r"^\s*// listing: (\S+)\s*$")
END = re.compile(r"^\s*// end listing\s*$")
FENCE = re.compile(r"^(\s*)```(\w*)\s*$")


def normalized(lines: list[str]) -> str:
    return textwrap.dedent("\n".join(line.rstrip() for line in lines)).strip("\n")


def regions() -> tuple[dict[str, str], list[str]]:
    found: dict[str, str] = {}
    problems = []
    for path in sorted(LISTINGS.rglob("*.swift")):
        name = None
        body: list[str] = []
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if (start := START.match(line)):
                if name:
                    problems.append(f"{path.relative_to(ROOT)}:{number}: listing {start[1]} starts inside listing {name}")
                name, body = start[1], []
            elif END.match(line) and name:
                if name in found:
                    problems.append(f"{path.relative_to(ROOT)}:{number}: a second listing named {name}")
                found[name] = normalized(body)
                name = None
            elif name:
                body.append(line)
        if name:
            problems.append(f"{path.relative_to(ROOT)}: listing {name} has no `// end listing`")
    return found, problems


def readme_listing(lines: list[str]) -> str | None:
    """A README listing as its region holds it: its import lines are the test
    file's. None for the listings that are no Swift of this package: those
    calling Rive's Apple runtime (Tests/RivAssetsKitTests/ReadmeListingsTests
    compiles them against a stub of it) and the lines of a Package.swift."""
    text = "\n".join(lines)
    if "RiveRuntime" in text or "RiveViewModel" in text or ".package(url:" in text:
        return None
    kept = [line for line in lines if not line.startswith("import ")]
    return normalized(kept)


def article_listings() -> list[tuple[pathlib.Path, int, str]]:
    listings = []
    for path in sorted(ROOT.glob("Sources/*/*.docc/**/*.md")) + [ROOT / "README.md"]:
        lines = path.read_text().splitlines()
        index = 0
        while index < len(lines):
            fence = FENCE.match(lines[index])
            if fence and fence[2] == "swift":
                start = index + 1
                index += 1
                while index < len(lines) and not FENCE.match(lines[index]):
                    index += 1
                text = readme_listing(lines[start:index]) if path.name == "README.md" else normalized(lines[start:index])
                if text is not None:
                    listings.append((path, start, text))
            index += 1
    return listings


def main() -> int:
    code, problems = regions()
    used = set()
    by_text = {text: name for name, text in code.items()}
    for path, line, text in article_listings():
        name = by_text.get(text)
        if name is None:
            problems.append(f"{path.relative_to(ROOT)}:{line}: this Swift listing is no region of {LISTINGS.relative_to(ROOT)}"
                            " (copy the region between `// listing: NAME` and `// end listing` exactly)")
        else:
            used.add(name)
    for name in sorted(set(code) - used):
        problems.append(f"listing {name} in {LISTINGS.relative_to(ROOT)} is shown in no article")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} documentation listing problem(s)")
        return 1
    print(f"documentation listings: {len(used)} listing(s), each the code of a test that compiles (the articles' also run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
