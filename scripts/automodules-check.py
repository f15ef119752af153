#!/usr/bin/env python3
"""Refuses a published module that requires a filename-based automatic module (the release profile runs it).

  python3 scripts/automodules-check.py MODULE.jar CLASSPATH

A jar without a module descriptor and without an Automatic-Module-Name gets its module name from its file
name: the name changes when the file is renamed, so Maven warns "Required filename-based automodules
detected ... Please don't publish this project", and a user's module graph can break. This reads the
requires of MODULE.jar's descriptor (`jar --describe-module`) and fails, naming the jar, where one of them
is such a name among CLASSPATH's jars (the module's run-time dependencies, as Maven resolves them)."""
import os, pathlib, re, subprocess, sys, zipfile


def derived_name(jar):
    """The name the JDK's ModuleFinder derives from a jar's file name (java.lang.module.ModuleFinder.of)."""
    name = pathlib.Path(jar).name[:-len(".jar")]
    version = re.search(r"-(\d+(\.|$))", name)
    if version:
        name = name[:version.start()]
    name = re.sub(r"[^A-Za-z0-9]", ".", name)
    return re.sub(r"\.+", ".", name).strip(".")


def filename_based(jar):
    """The derived module name when `jar` has neither a descriptor nor an Automatic-Module-Name, else None."""
    with zipfile.ZipFile(jar) as archive:
        names = archive.namelist()
        if "module-info.class" in names or any(re.fullmatch(r"META-INF/versions/\d+/module-info\.class", n) for n in names):
            return None
        if "META-INF/MANIFEST.MF" in names:
            manifest = archive.read("META-INF/MANIFEST.MF").decode("utf-8", "replace")
            if re.search(r"^Automatic-Module-Name:", manifest, re.M):
                return None
    return derived_name(jar)


def main(module_jar, classpath):
    if not os.path.isfile(module_jar):
        return 0  # a pom, or a module that builds no jar
    jar_tool = pathlib.Path(os.environ.get("JAVA_HOME", "")) / "bin" / "jar"
    described = subprocess.run([str(jar_tool) if jar_tool.is_file() else "jar", "--describe-module", "--file", module_jar],
                               capture_output=True, text=True, check=True).stdout
    if "No module descriptor found" in described:
        return 0  # not a module: it requires nothing by name
    requires = set(re.findall(r"^requires (\S+)", described, re.M))
    offenders = {}
    for entry in filter(None, classpath.split(os.pathsep)):
        if entry.endswith(".jar") and os.path.isfile(entry):
            name = filename_based(entry)
            if name in requires:
                offenders[name] = entry
    for name, jar in sorted(offenders.items()):
        print(f"automodules-check: {pathlib.Path(module_jar).name} requires {name}, a filename-based automatic "
              f"module ({jar} has no module descriptor and no Automatic-Module-Name): a published module must not. "
              "Use a dependency with a real module name, write the few functions in our own code, or do not require "
              "it as a module.", file=sys.stderr)
    return 1 if offenders else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
