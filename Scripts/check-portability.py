#!/usr/bin/env python3
"""Checks what can be checked on Linux of the package's portability to Apple
platforms. In every target under Sources/, names that exist only in Glibc (or
APIs newer than the package's declared minimums) appear only in that target's
one platform file (`Platform.swift`, or the one file under a `Platform/`
folder). Under Tests/, where a test may need Linux itself (it reads /proc, sets
CPU affinity), those names and every /proc path appear only inside an
`#if os(Linux)` or `#if canImport(Glibc)` (or `Musl`) branch, so the test targets
still compile on Apple platforms. Exits 1 and lists each offending line otherwise."""
import pathlib
import re
import sys

# Names that do not compile on Darwin, or need macOS 15 / iOS 18 (the package
# declares macOS 13 / iOS 16), or spell a call differently there.
LINUX_ONLY = [
    (r"\bimport\s+Glibc\b", "import Glibc"),
    (r"\bimport\s+Musl\b", "import Musl"),
    (r"\bimport\s+FoundationNetworking\b", "import FoundationNetworking (Linux's URL loading)"),
    (r"\bGlibc\.", "Glibc-qualified call"),
    (r"\bst_[mac]tim\b", "Linux stat time field (Darwin: st_mtimespec)"),
    (r"\bcpu_set_t\b|\bsched_\w+|\bpthread_attr_setaffinity_np\b|\bCPUAffinity\b", "Linux CPU affinity"),
    (r"\bRLIMIT_\w+\.rawValue\b", "Glibc rlimit enum"),
    (r"\bMAP_NORESERVE\b|\bMAP_ANONYMOUS\b|\bO_DIRECT\b|\bFALLOC_\w+", "Linux-only flag"),
    (r"\bimport\s+Synchronization\b|\bMutex<|\bMutex\(|\bAtomic<", "Synchronization (macOS 15 / iOS 18)"),
    (r"\b\w*[lL]ock\.withLock\b", "NSLocking.withLock on a lock (macOS 14 on Darwin)"),
]

# What only a test may do, and only on Linux: read the kernel's view of the process.
LINUX_ONLY_IN_TESTS = LINUX_ONLY + [
    (r"\"/proc/", "a /proc path (Linux's process file system)"),
]

# The conditions under which a branch compiles on Linux only.
LINUX_CONDITION = re.compile(r"\bos\(Linux\)|\bcanImport\((Glibc|Musl)\)")


def is_platform_file(path: pathlib.Path, target: pathlib.Path) -> bool:
    relative = path.relative_to(target)
    return relative.name == "Platform.swift" or relative.parts[0] == "Platform"


def code_of(line: str) -> str:
    """The line without a trailing `//` comment (a `//` inside a string literal is
    kept when the line's quotes before it are unbalanced)."""
    position = 0
    while True:
        found = line.find("//", position)
        if found < 0:
            return line
        if line.count('"', 0, found) % 2 == 0:
            return line[:found]
        position = found + 2


def problems_in_sources(sources: pathlib.Path, root: pathlib.Path) -> list[str]:
    problems = []
    for target in sorted(p for p in sources.iterdir() if p.is_dir()):
        platform_files = []
        for path in sorted(target.rglob("*.swift")):
            if is_platform_file(path, target):
                platform_files.append(path)
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                code = code_of(line)
                for pattern, what in LINUX_ONLY:
                    if re.search(pattern, code):
                        problems.append(f"{path.relative_to(root)}:{number}: {what} outside the platform file: {line.strip()}")
        if len(platform_files) > 1:
            problems.append(f"{target.relative_to(root)}: more than one platform file: "
                            + ", ".join(str(p.relative_to(root)) for p in platform_files))
    return problems


def problems_in_tests(tests: pathlib.Path, root: pathlib.Path) -> list[str]:
    problems = []
    for path in sorted(tests.rglob("*.swift")):
        # One entry per open `#if`: whether the branch being read compiles on Linux only.
        branches: list[bool] = []
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = code_of(line)
            directive = code.strip()
            if directive.startswith("#if"):
                branches.append(bool(LINUX_CONDITION.search(directive)) and "!" not in directive)
                continue
            if directive.startswith("#elseif") and branches:
                branches[-1] = bool(LINUX_CONDITION.search(directive)) and "!" not in directive
                continue
            if directive.startswith("#else") and branches:
                branches[-1] = False
                continue
            if directive.startswith("#endif") and branches:
                branches.pop()
                continue
            if any(branches):
                continue
            for pattern, what in LINUX_ONLY_IN_TESTS:
                if re.search(pattern, code):
                    problems.append(f"{path.relative_to(root)}:{number}: {what} outside an #if os(Linux) branch: {line.strip()}")
    return problems


def main() -> int:
    root = pathlib.Path(__file__).resolve().parent.parent
    problems = problems_in_sources(root / "Sources", root) + problems_in_tests(root / "Tests", root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} portability problem(s)")
        return 1
    print("portability: every Linux-only name is inside a platform file (Sources/) or an #if os(Linux) branch (Tests/)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
