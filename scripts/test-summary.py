#!/usr/bin/env python3
"""Adds up every test a CI run executed and prints one closing line:
'tests: N passed, N failed, N skipped'. Linux figures come from the per-module totals that Maven
Surefire (unit tests) and Failsafe (launch tests, *IT) print in each build log (their XML reports
lose a class's jqwik results when JUnit Jupiter reports on the same class); Windows figures from
the JUnit XML the runs under Wine write, and Linux aarch64 figures from the JUnit XML the runs under
qemu-user write (scripts/aarch64-tests-under-qemu.sh). Exits 1 if any test failed or none ran, so a run that
tested nothing cannot pass.

    python3 scripts/test-summary.py MAVEN_LOG[=LABEL] ...

LABEL (e.g. "JDK 25") tells apart the suites of a second build log.
"""
import glob
import re
import sys
import xml.etree.ElementTree as ET

MODULE = re.compile(r"^\[INFO\] Building (\S+) [0-9]")
PLUGIN = re.compile(r"^\[INFO\] --- (?:maven-)?(surefire|failsafe)(?:-plugin)?:")
TOTAL = re.compile(r"^\[(?:INFO|ERROR|WARNING)\] Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)\s*$")
WINE_REPORTS = "counters-windows/target/wine-reports/reports-*/*.xml"
AARCH64_REPORTS = "target/aarch64-reports/reports-*/*.xml"


def maven_totals(log, label):
    per_suite, module, plugin = {}, "?", "surefire"
    with open(log, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            line = re.sub(r"\x1b\[[0-9;]*m", "", line)
            started = MODULE.match(line)
            if started:
                module, plugin = started.group(1), "surefire"
            running = PLUGIN.match(line)
            if running:
                plugin = running.group(1)
            total = TOTAL.match(line)
            if total:
                run, failures, errors, skipped = map(int, total.groups())
                name = module + (" launch tests" if plugin == "failsafe" else "") + (f" ({label})" if label else "")
                per_suite[name] = (run, failures + errors, skipped)
    return per_suite


def junit_xml_totals(pattern, platform):
    """Per-run totals from the JUnit XML of folders named reports-<suite>-jdk<N>, labelled with platform."""
    per_run = {}
    for path in sorted(glob.glob(pattern)):
        root = ET.parse(path).getroot()
        suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
        folder = path.split("/reports-")[1].split("/")[0]  # <suite>-jdk<N>
        suite, _, jdk = folder.rpartition("-jdk")
        name = f"{suite} ({platform.format(jdk=jdk)})" if suite else f"{folder} ({platform.format(jdk='?')})"
        run, failed, skipped = per_run.get(name, (0, 0, 0))
        for suite in suites:
            run += int(suite.get("tests", 0))
            failed += int(suite.get("failures", 0)) + int(suite.get("errors", 0))
            skipped += int(suite.get("skipped", 0))
        per_run[name] = (run, failed, skipped)
    return per_run


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sources = {}
    for argument in sys.argv[1:]:
        log, _, label = argument.partition("=")
        sources.update(maven_totals(log, label))
    sources.update(junit_xml_totals(WINE_REPORTS, "Windows JDK {jdk}, Wine"))
    sources.update(junit_xml_totals(AARCH64_REPORTS, "Linux aarch64 JDK {jdk}, qemu-user"))
    run = failed = skipped = 0
    for source, (r, f, s) in sorted(sources.items()):
        print(f"  {source}: {r - f - s} passed, {f} failed, {s} skipped")
        run, failed, skipped = run + r, failed + f, skipped + s
    print(f"tests: {run - failed - skipped} passed, {failed} failed, {skipped} skipped")
    return 1 if failed or run == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
