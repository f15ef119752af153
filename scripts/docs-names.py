#!/usr/bin/env python3
"""The docs name only what exists: every class, member and module that README.md and docs/*.md name
in backticks is in the sources, and the module graph docs/ARCHITECTURE.md draws is the one the poms
declare. Exits non-zero with one line per wrong name.  Usage: python3 scripts/docs-names.py

What counts as a name: `Type`, `Type.member`, `Type.member(...)`, `Type#member` with Type in
UpperCamelCase; `dev.counters...` package and class names; `counters-*` module names. A type that is
not ours must be in the JDK (checked against the running JDK's class list) or in EXTERNAL below; a
CamelCase word that is not code at all goes in NOT_CODE. C functions, constants, flags and shell
commands are not checked."""
import pathlib, re, subprocess, sys, xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
MAP = ROOT / "docs/ARCHITECTURE.md"
# Types of the libraries counters builds on, named in the docs.
EXTERNAL = {
    "Stopwatch", "Ticker", "Suppliers", "Range", "ImmutableList",                     # Guava
    "Native", "Library", "Structure", "Pointer", "Memory", "SymbolProvider", "NativeLibrary",  # JNA
    "Benchmark", "Blackhole", "State", "Setup", "Param", "Fork", "Warmup", "Measurement", "Threads",
    "Mode", "BenchmarkMode", "OutputTimeUnit", "Profiler", "InternalProfiler", "ExternalProfiler",
    "Runner", "OptionsBuilder", "Scope", "Level", "TearDown", "CompilerControl", "GCProfiler",  # JMH
    "ObservationRegistry", "Observation", "ObservationHandler", "MeterRegistry", "Timer", "Counter",
    "FunctionCounter", "Gauge", "MeterBinder", "SimpleMeterRegistry", "PrometheusMeterRegistry",
    "DefaultMeterObservationHandler", "ProcessorMetrics", "KeyValues", "Tags", "Context",  # Micrometer
    "JsonGenerator", "CsvMapper", "CsvSchema", "JFreeChart", "VectorGraphics2D",  # Jackson, charts
    "CommandLine", "Command", "Option", "Mixin", "ParentCommand", "Spec",          # picocli
    "HttpServer", "HttpHandler", "HttpExchange",                                   # jdk.httpserver
    "Property", "Arbitraries", "ForAll", "Provide",                                # jqwik
    "CollectCollectors", "ImmutableRangeSet", "ImmutableSortedSet",                # Guava internals
    "ServicesResourceTransformer", "ManifestResourceTransformer",                  # maven-shade-plugin
    "FileLength",                                                                  # Checkstyle
    "MeterObservationHandler", "DeferredResult",                                   # Micrometer, Spring
    "Sleep", "GetThreadAffinityMask", "GetAnycastIpAddressTable",                  # Win32, not bound here
}
# Backticked CamelCase words that are not code.
NOT_CODE = {"ExecutionSample", "JavaScript", "GitHub", "PyPI", "JetBrains", "HotSpot", "OpenJDK", "GraalVM", "IntelliJ",
            "MacOS", "FreeBSD", "PowerShell", "WinSTL", "UNIXSTL", "STLSoft",
            "Compilation", "Deoptimization"}  # JFR events (jdk.Compilation), like ExecutionSample

# Dotted names under dev.counters that are not packages: system properties and span attribute keys.
NOT_PACKAGES = {"dev.counters.binding", "dev.counters.cpu.total", "dev.counters.cpu.user", "dev.counters.cpu.system",
                "dev.counters.cpu.unmeasured", "dev.counters.cpu.covered"}

CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
TYPE_REF = re.compile(r"^(?:[a-z][\w]*\.)*([A-Z][a-z]\w*)(?:[.#]([A-Za-z_]\w*))?(?:\(.*\))?(?:\.\w+(?:\(.*\))?)*$")
MODULE = re.compile(r"^counters-[a-z0-9-]+$")


def java_sources():
    return [p for p in ROOT.glob("*/src/*/java*/**/*.java") if "target" not in p.relative_to(ROOT).parts]


def declared_types():
    """Simple name -> the source texts declaring it (top-level and nested); and every word the code
    (not its comments) uses, so that a native function it binds (`GetThreadTimes`) counts as named."""
    types, words = {}, set()
    for source in java_sources():
        text = source.read_text(errors="replace")
        for name in re.findall(r"\b(?:class|interface|enum|record|@interface)\s+([A-Z]\w*)", text):
            types.setdefault(name, []).append(text)
        words.update(re.findall(r"\b[A-Z]\w*", re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)))
    return types, words


def jdk_types():
    java_home = pathlib.Path(subprocess.run(["java", "-XshowSettings:properties", "-version"], capture_output=True,
                                            text=True).stderr.split("java.home = ")[1].split("\n")[0].strip())
    jimage = java_home / "bin/jimage"
    if not jimage.exists():
        return set()
    listing = subprocess.run([str(jimage), "list", str(java_home / "lib/modules")], capture_output=True, text=True).stdout
    return {m.group(1) for m in re.finditer(r"/(\w+)\.class$", listing, re.M) if "$" not in m.group(1)}


IMPLICIT_MEMBERS = {"values", "valueOf", "name", "ordinal", "equals", "hashCode", "toString", "getClass"}


def has_member(texts, member):
    if member in IMPLICIT_MEMBERS:
        return True
    pattern = re.compile(r"\b" + re.escape(member) + r"\b\s*(?:\(|[,;=]|\{)|\b" + re.escape(member) + r"\s*$", re.M)
    return any(pattern.search(t) for t in texts)


def prose(path):
    """The file without its fenced code blocks (the examples are compiled elsewhere)."""
    return re.sub(r"^```.*?^```", "", path.read_text(), flags=re.S | re.M)


def check_names():
    (types, code_words), jdk = declared_types(), jdk_types()
    # A module is named by its folder or by its artifactId (examples/ is counters-examples).
    modules = {p.parent.name for p in ROOT.glob("*/pom.xml")} | {
        ET.parse(p).find("{http://maven.apache.org/POM/4.0.0}artifactId").text for p in ROOT.glob("*/pom.xml")}
    package_dirs = {re.split(r"/src/main/java\d*/", d.as_posix(), 1)[1].replace("/", ".")
                    for d in ROOT.glob("*/src/main/java*/dev/counters/**") if d.is_dir()}
    module_names = {m for info in ROOT.glob("*/src/main/java/module-info.java")
                    for m in re.findall(r"^module\s+([\w.]+)", info.read_text(), re.M)}
    problems = []
    for doc in DOCS:
        for span in CODE_SPAN.findall(prose(doc)):
            span = span.strip()
            where = doc.relative_to(ROOT)
            if MODULE.match(span):
                if span not in modules:
                    problems.append(f"{where}: module `{span}` has no pom")
                continue
            if re.match(r"^dev\.counters(\.[a-z]\w*)*$", span):
                if span not in package_dirs | module_names | NOT_PACKAGES and span != "dev.counters":
                    problems.append(f"{where}: package `{span}` is not in the sources")
                continue
            match = TYPE_REF.match(span)
            if not match or " " in span.split("(")[0]:
                continue
            name, member = match.group(1), match.group(2)
            if name in NOT_CODE:
                continue
            if name in types:
                if member and not member[0].isupper() and not has_member(types[name], member):
                    problems.append(f"{where}: `{span}`: {name} has no member {member}")
                continue
            if name in jdk or name in EXTERNAL or name in code_words:
                continue
            problems.append(f"{where}: `{span}`: no type {name} in the sources (nor in the JDK or EXTERNAL)")
    return problems


def pom_graph():
    ns = {"m": "http://maven.apache.org/POM/4.0.0"}
    graph = {}
    for pom in sorted(ROOT.glob("*/pom.xml")):
        tree = ET.parse(pom)
        name = tree.find("m:artifactId", ns).text
        deps = set()
        for dep in tree.findall("m:dependencies/m:dependency", ns):
            scope = dep.findtext("m:scope", "compile", ns)
            if dep.findtext("m:groupId", "", ns) == "dev.counters" and scope in ("compile", "runtime", "provided") \
                    and dep.findtext("m:type", "jar", ns) == "jar":
                deps.add(dep.findtext("m:artifactId", "", ns))
        graph[name] = deps
    return graph


def map_graph():
    """The table between <!-- module-graph --> and <!-- /module-graph --> in ARCHITECTURE.md."""
    text = MAP.read_text()
    block = re.search(r"<!-- module-graph -->(.*?)<!-- /module-graph -->", text, re.S)
    if not block:
        return None
    graph = {}
    for row in block.group(1).splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].startswith("`"):
            graph[cells[0].strip("`")] = set(re.findall(r"`([\w-]+)`", cells[1]))
    return graph


def check_graph():
    drawn, declared = map_graph(), pom_graph()
    if drawn is None:
        return ["docs/ARCHITECTURE.md: no <!-- module-graph --> table"]
    problems = []
    for module in sorted(set(drawn) | set(declared)):
        if drawn.get(module) != declared.get(module):
            problems.append(f"docs/ARCHITECTURE.md: the map says {module} depends on {sorted(drawn.get(module, []))}, "
                            f"its pom on {sorted(declared.get(module, []))}")
    return problems


if __name__ == "__main__":
    problems = check_names() + check_graph()
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(f"{len(problems)} names in the docs do not match the code (scripts/docs-names.py)")
    print(f"the docs name only what exists ({len(DOCS)} files) and the map's module graph is the poms'")
