#!/usr/bin/env python3
"""One counters version in the README's snippets and tables.

  python3 scripts/readme-versions.py PROJECT_VERSION [FILE...]     (default FILE: README.md)

Every counters version a user would copy (`dev.counters:ARTIFACT:V`, the BOM's `<version>V</version>`, a jar
named `counters-…-V….jar`) must be one and the same. Built as a release (no -SNAPSHOT), it must be
PROJECT_VERSION: the release profile builds what the README promises. Between releases it names the
latest release, what Maven Central serves, so it may be below PROJECT_VERSION (1.0.0 while the project
is 1.0.1-SNAPSHOT), never above it. The build runs this at the root (validate) and says where it differs."""
import pathlib, re, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
VERSION = r"(\d+\.\d+\.\d+(?:-SNAPSHOT)?)"
PATTERNS = [
    re.compile(r"dev\.counters:counters-[a-z0-9-]+:" + VERSION),
    re.compile(r"<artifactId>counters-[a-z0-9-]+</artifactId>\s*<version>([^<]+)</version>"),
    re.compile(r"\bcounters-[a-z0-9]+(?:-[a-z0-9]+)*?-" + VERSION + r"(?:-[a-z]+)?\.jar\b"),
]


def parsed(version):
    return tuple(int(part) for part in version.removesuffix("-SNAPSHOT").split("."))


def main(project_version, files):
    release = project_version.removesuffix("-SNAPSHOT")
    found = []
    for name in files:
        text = (ROOT / name).read_text(encoding="utf-8")
        for pattern in PATTERNS:
            for match in pattern.finditer(text):
                found.append((match.group(1), f"{name}:{text.count(chr(10), 0, match.start()) + 1}: {match.group(0)!r}"))
    versions = sorted({version for version, _ in found})
    if project_version == release:
        expected = release
    elif len(versions) == 1 and not versions[0].endswith("-SNAPSHOT") and parsed(versions[0]) <= parsed(release):
        expected = versions[0]
    else:
        expected = release
    wrong = [where for version, where in found if version != expected]
    for where in wrong:
        print(f"readme-versions: {where} is not version {expected}", file=sys.stderr)
    if wrong:
        print(f"readme-versions: one counters version in every snippet and table: {expected} (the project is "
              f"{project_version}; between releases the latest release, at a release that release)", file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2:] or ["README.md"]))
