#!/usr/bin/env python3
"""Adds up every test a CI run executed and prints one closing line:
'tests: N passed, N failed, N skipped'. Linux figures come from Maven Surefire's per-module
totals in the build log (its XML reports lose a class's jqwik results when JUnit Jupiter reports
on the same class); Windows figures from the JUnit XML the runs under Wine write. Exits 1 if any
test failed or none ran, so a run that tested nothing cannot pass.

    python3 scripts/test-summary.py MAVEN_LOG
"""
import glob
import re
import sys
import xml.etree.ElementTree as ET

MODULE = re.compile(r"^\[INFO\] Building (\S+) ")
TOTAL = re.compile(r"^\[(?:INFO|ERROR|WARNING)\] Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)\s*$")
WINE_REPORTS = "counters-windows/target/wine/reports-*/*.xml"


def maven_totals(log):
    per_module, module = {}, "?"
    with open(log, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            line = re.sub(r"\x1b\[[0-9;]*m", "", line)
            started = MODULE.match(line)
            if started:
                module = started.group(1)
            total = TOTAL.match(line)
            if total:
                run, failures, errors, skipped = map(int, total.groups())
                per_module[module] = (run, failures + errors, skipped)
    return per_module


def wine_totals():
    per_run = {}
    for path in sorted(glob.glob(WINE_REPORTS)):
        root = ET.parse(path).getroot()
        suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
        name = path.split("/reports-")[1].split("/")[0] + " (Windows, Wine)"
        run, failed, skipped = per_run.get(name, (0, 0, 0))
        for suite in suites:
            run += int(suite.get("tests", 0))
            failed += int(suite.get("failures", 0)) + int(suite.get("errors", 0))
            skipped += int(suite.get("skipped", 0))
        per_run[name] = (run, failed, skipped)
    return per_run


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sources = {**maven_totals(sys.argv[1]), **wine_totals()}
    run = failed = skipped = 0
    for source, (r, f, s) in sorted(sources.items()):
        print(f"  {source}: {r - f - s} passed, {f} failed, {s} skipped")
        run, failed, skipped = run + r, failed + f, skipped + s
    print(f"tests: {run - failed - skipped} passed, {failed} failed, {skipped} skipped")
    return 1 if failed or run == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
