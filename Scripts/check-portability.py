#!/usr/bin/env python3
"""Checks what can be checked on Linux of the package's portability to Apple
platforms: in every target under Sources/, names that exist only in Glibc (or
APIs newer than the package's declared minimums) appear only in that target's
one platform file (`Platform.swift`, or the one file under a `Platform/`
folder). Exits 1 and lists each offending line otherwise."""
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
    (r"\bcpu_set_t\b|\bsched_\w+|\bpthread_attr_setaffinity_np\b", "Linux CPU affinity"),
    (r"\bRLIMIT_\w+\.rawValue\b", "Glibc rlimit enum"),
    (r"\bMAP_NORESERVE\b|\bMAP_ANONYMOUS\b|\bO_DIRECT\b|\bFALLOC_\w+", "Linux-only flag"),
    (r"\bimport\s+Synchronization\b|\bMutex<|\bMutex\(|\bAtomic<", "Synchronization (macOS 15 / iOS 18)"),
    (r"\b\w*[lL]ock\.withLock\b", "NSLocking.withLock on a lock (macOS 14 on Darwin)"),
]


def is_platform_file(path: pathlib.Path, target: pathlib.Path) -> bool:
    relative = path.relative_to(target)
    return relative.name == "Platform.swift" or relative.parts[0] == "Platform"


def main() -> int:
    root = pathlib.Path(__file__).resolve().parent.parent / "Sources"
    problems = []
    for target in sorted(p for p in root.iterdir() if p.is_dir()):
        platform_files = []
        for path in sorted(target.rglob("*.swift")):
            if is_platform_file(path, target):
                platform_files.append(path)
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                code = line.split("//", 1)[0]
                for pattern, what in LINUX_ONLY:
                    if re.search(pattern, code):
                        problems.append(f"{path.relative_to(root.parent)}:{number}: {what} outside the platform file: {line.strip()}")
        if len(platform_files) > 1:
            problems.append(f"{target.relative_to(root.parent)}: more than one platform file: "
                            + ", ".join(str(p.relative_to(root.parent)) for p in platform_files))
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} portability problem(s)")
        return 1
    print("portability: every Linux-only name is inside a platform file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
