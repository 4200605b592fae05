#!/usr/bin/env python3
"""Prints the figures issue 53 asks for, computed from the sources (the work
tree) and, when given, from a log of `.ci/run`:

- asset kinds: what a new kind touches and where "listed" is decided
  (Scripts/count-engine-sites.py, run as it is);
- the engines that were written several times: pluralising spellings outside
  CountedNoun, keyword option values read outside ParsedArguments.choice,
  exit-status predicates written by hand, copies of the "already exists"
  refusal, the readings of each input in `strip` that StripReadCountTests pins,
  terminal escapers besides TerminalText, result text made in the tool rather
  than the Kit's Text/, spellings of the inspection printers' default marker,
  readers of the JPEG and WebP headers outside RivSupport/Media, and the other
  meanings of "report" (types named ...Report that are not the HTML page);
- with --ci-log FILE: the minutes of each step of that CI run and of the whole,
  and every test run's count and seconds.

Usage: Scripts/print-counts.py [--ci-log FILE]
"""
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def swift_sources():
    """Every Swift file under Sources/ as (relative path, text)."""
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                yield os.path.relpath(path, ROOT), open(path, encoding="utf-8").read()


def sites(pattern, skip=(), under="Sources/"):
    """file:line of every match of `pattern` in the files under `under`, outside the files in `skip`."""
    found = []
    for path, text in swift_sources():
        if path in skip or not path.startswith(under):
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip().startswith("///") and re.search(pattern, line):
                found.append(f"{path}:{number}")
    return found


def engines():
    counts = [
        ("pluralising spellings outside CountedNoun", sites(r'== 1 \? "" : "s"')),
        ("whole keyword option values read outside ParsedArguments.choice",
         sites(r"UsageError\(\"--[\w-]+: '\\\(\w+\)' is not one of|expected \w+ or \w+, got",
               skip=("Sources/RivCommandLine/ParsedArguments+Choice.swift",), under="Sources/RivCommandLine/")),
        ("exit-status predicates written by hand (ExitStatus.of(failed:))", sites(r"ExitStatus\.of\(failed:")),
        ("exit statuses from a verdict (verify, diff --breaking, a watch)", sites(r"ExitStatus\.of\(verdictFailed:")),
        ("exit statuses from the one outcome rule (InputOutcomes.succeeded)", sites(r"ExitStatus\.of\((?!failed:|verdictFailed:)")),
        ('copies of the "already exists" refusal of an output', sites(r'"[^"]*already exists')),
        ("terminal escapers besides TerminalText (control characters quoted by hand; HTTP header values are shown as ASCII)",
         sites(r"generalCategory == \.control|escaped\(asASCII: true\)|\"\\\\u\{\" \+",
               skip=("Sources/RivSupport/Text/TerminalText.swift", "Sources/RivSupport/Text/MarkupText.swift",
                     "Sources/RivAssetsKit/Codegen/SwiftSource.swift"))),
        ("result text made in RivCommandLine rather than the Kit's Text/ (functions `lines(for:)`)",
         sites(r"static func lines\(for", under="Sources/RivCommandLine/")),
        ("spellings of the default marker in the inspection printers", sites(r'"\(default\)"|", default"', under="Sources/RivAssetsKit/")),
        ("readers of JPEG's frame header and WebP's chunk headers outside RivSupport/Media",
         [site for site in sites(r"\b0x9D\b|== 0x2F\b|0xC4, 0xC8, 0xCC|0xC3, 0xC5", under="Sources/Riv")
          if not site.startswith(("Sources/RivSupport/Media/", "Sources/RivFontSubset/UnicodeTables"))]),
        ("types named ...Report that are not the HTML page (a command's result or the bench's records; \"report\" means the page alone)",
         sites(r"\b(struct|enum|protocol|class|typealias) (?!HTMLReport\b)\w*Report\b")),
    ]
    for title, found in counts:
        print(f"  {title}: {len(found)}")
    test = os.path.join(ROOT, "Tests/RivAssetsKitTests/StripReadCountTests.swift")
    if os.path.exists(test):
        text = open(test, encoding="utf-8").read()
        one_batch = re.search(r"readCount\(of: \$0\) \} == \[(\d+)(?:, \d+)*\]", text)
        many = re.search(r"readCount\(of: \$0\) \}\) == \[(\d+)\]", text)
        if one_batch and many:
            print(f"  reads of each input in strip (pinned by StripReadCountTests): {one_batch.group(1)} in a run of one batch,"
                  f" {many.group(1)} with more inputs than a batch holds")


def ci(log_path):
    """Each step's minutes from the `== [N s] title` lines .ci/run prints, and the test runs."""
    steps, runs = [], []
    for line in open(log_path, encoding="utf-8", errors="replace"):
        step = re.match(r"== \[(\d+) s\] (.*)", line)
        if step:
            steps.append((int(step.group(1)), step.group(2).strip()))
        run = re.search(r"Test run with (\d+) tests? in (\d+) suites? (passed|failed) after ([\d.]+) seconds", line)
        if run:
            runs.append(run.groups())
    print(f"CI run in {log_path}:")
    for (start, title), (end, _) in zip(steps, steps[1:]):
        print(f"  {(end - start) / 60:5.1f} min  {title}")
    if steps:
        print(f"  {(steps[-1][0] - steps[0][0]) / 60:5.1f} min  in all" + ("" if steps[-1][1] == "done" else " (the run had not finished)"))
    for tests, suites, outcome, seconds in runs:
        print(f"  test run: {tests} tests in {suites} suites {outcome} after {float(seconds):.0f} s")


def main():
    arguments = sys.argv[1:]
    subprocess.run([sys.executable, os.path.join(ROOT, "Scripts/count-engine-sites.py")], check=True)
    print("engines written once (issue 53):")
    engines()
    if arguments[:1] == ["--ci-log"] and len(arguments) == 2:
        ci(arguments[1])
    elif arguments:
        sys.exit(__doc__)


main()
