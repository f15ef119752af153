#!/usr/bin/env python3
"""The public API of counters' library modules: what each exports to everyone.

  python3 scripts/public-api.py count [--list]   public types per module, from the sources
  python3 scripts/public-api.py write            api/<module>.txt from the compiled classes
  python3 scripts/public-api.py check            fails when the compiled classes differ from api/*.txt

A package counts when its module-info exports it to everyone; a module without a module-info is an
automatic module, which exports every package. The listing (javap -protected of each public type in
those packages: types, fields, constructors, methods with signatures) is the 1.0 baseline: `check`
runs in CI after the build, so a change to the surface shows up in review as a change to api/*.txt,
made deliberately with `write`."""
import difflib, pathlib, re, subprocess, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIBRARIES = ["counters-api", "counters-native", "counters-posix", "counters-windows", "counters-scope",
             "counters-measure", "counters-jmh", "counters-micrometer", "counters-spring-boot-starter",
             "counters-opentelemetry", "counters-junit"]
MODIFIERS = r"(?:(?:final|abstract|sealed|non-sealed|static|strictfp)\s+)*"
KIND = r"(?:class|interface|enum|record|@interface)\s+(\w+)"
TOP = re.compile(r"^public\s+" + MODIFIERS + KIND, re.M)
NESTED = re.compile(r"^\s+public\s+" + MODIFIERS + KIND, re.M)
NESTED_IN_INTERFACE = re.compile(r"^    (?:(?:sealed|non-sealed|final|static)\s+)*(?:class|interface|enum|record)\s+(\w+)", re.M)


def exported_packages(module):
    info = module / "src/main/java/module-info.java"
    sources = module / "src/main/java"
    if not info.exists():
        return sorted({p.parent.relative_to(sources).as_posix().replace("/", ".") for p in sources.rglob("*.java")})
    text = re.sub(r"//[^\n]*|/\*.*?\*/", "", info.read_text(), flags=re.S)
    return re.findall(r"^\s*exports\s+([\w.]+)\s*;", text, re.M)


def count(listing):
    total_top = total_nested = 0
    for name in LIBRARIES:
        module = ROOT / name
        top, nested = [], []
        for package in exported_packages(module):
            for source in sorted((module / "src/main/java" / package.replace(".", "/")).glob("*.java")):
                text = source.read_text()
                match = TOP.search(text)
                if not match:
                    continue
                top.append(f"{package}.{match.group(1)}")
                inner = NESTED.findall(text)
                if re.search(r"^public\s+(?:sealed\s+)?(?:interface|@interface)", text, re.M):
                    inner += NESTED_IN_INTERFACE.findall(text)
                nested += [f"{package}.{match.group(1)}.{n}" for n in sorted(set(inner))]
        total_top += len(top)
        total_nested += len(nested)
        print(f"{name:22} {len(top):3} public top-level types (+{len(nested)} nested) in exported packages")
        if listing:
            for t in top + nested:
                print("    " + t)
    print(f"{'total':22} {total_top:3} public top-level types (+{total_nested} nested)")


def listing(name):
    module = ROOT / name
    classes = module / "target/classes"
    if not classes.is_dir():
        sys.exit(f"{classes} is missing: build first (mvn -B install -DskipTests)")
    files = []
    for package in exported_packages(module):
        files += sorted(str(f) for f in (classes / package.replace(".", "/")).glob("*.class")
                        if not re.search(r"\$\d", f.name))
    if not files:
        return ""
    out = subprocess.run(["javap", "-protected"] + files, check=True, capture_output=True, text=True).stdout
    blocks = re.split(r"^Compiled from .*\n", out, flags=re.M)
    kept = [b.strip() + "\n" for b in blocks if re.match(r"\s*public ", b)]
    return "\n".join(sorted(kept))


def write():
    (ROOT / "api").mkdir(exist_ok=True)
    for name in LIBRARIES:
        (ROOT / "api" / f"{name}.txt").write_text(listing(name))
    print("wrote api/*.txt")


def check():
    failed = False
    for name in LIBRARIES:
        expected = (ROOT / "api" / f"{name}.txt").read_text()
        actual = listing(name)
        if expected != actual:
            failed = True
            sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                                       f"api/{name}.txt (baseline)", f"{name} (built)"))
    if failed:
        sys.exit("The public API differs from the baseline in api/: if the change is meant, run "
                 "`python3 scripts/public-api.py write` and commit api/*.txt with it (CHANGELOG.md says what changed)")
    print(f"public API matches the baseline in api/ ({len(LIBRARIES)} modules)")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "count"
    {"count": lambda: count("--list" in sys.argv), "write": write, "check": check}[command]()
