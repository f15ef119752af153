#!/usr/bin/env bash
# The figures of issue #14 for counters-jmh's CpuTimeProfiler, from real forked JMH runs:
#   - a computing benchmark: user share of the workers' CPU, and worker CPU per op against wall per op;
#   - reading /dev/zero in 4 KiB blocks: the kernel share against /proc/self/task/<tid>/stat over the
#     same iterations (each worker thread reads its own stat at the iteration's setup and teardown);
#   - -t 2: the workers' CPU against an independent sum of ThreadMXBean CPU time over both workers;
#   - an empty benchmark without and with the profiler, alternating Runner runs in one JVM (JMH applies
#     a profiler to every benchmark of a run, so "one run" is one invocation of this script);
# printing the JMH rows as JMH prints them and saving each run's -rf json.
#
#   scripts/jmh-profiler-figures.sh [--out DIR]      on the default java (JAVA_HOME or PATH)
#   JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 scripts/jmh-profiler-figures.sh
#
# Builds counters-jmh and what it needs in the reactor (no install), then runs
# dev.counters.jmh.ProfilerFigures from its test classes. About 2 minutes. Results in DIR (default
# counters-jmh/target/jmh-profiler-figures-<java version>): figures.txt, jmh-*.log, jmh-*.json.
# The machine's load (uptime) is printed first and last: on a busy machine, read the medians.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
java_home="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
version="$("$java_home/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
out="$root/counters-jmh/target/jmh-profiler-figures-$version"

# shellcheck source=lib/options.sh
source "$root/scripts/lib/options.sh"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --out) out="$2"; shift ;;
        -h|--help) print_header_help ;;
        *) refuse_option "$1" ;;
    esac
    shift
done

echo "== building counters-jmh and its test benchmarks on JDK $version ($java_home)"
classpath_file="$(mktemp)"
trap 'rm -f "$classpath_file"' EXIT
(cd "$root" && JAVA_HOME="$java_home" mvn -q -B -Dstyle.color=never -pl counters-jmh -am test-compile \
    dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$classpath_file" -Dpitest.skip=true)
classpath="$root/counters-jmh/target/test-classes:$root/counters-jmh/target/classes:$(cat "$classpath_file")"

mkdir -p "$out"
{
    echo "uptime before: $(uptime)"
    "$java_home/bin/java" --enable-native-access=ALL-UNNAMED -cp "$classpath" dev.counters.jmh.ProfilerFigures "$out"
    echo
    echo "## the compute run's rows in -rf json ($out/jmh-compute.json), secondaryMetrics:"
    python3 - "$out/jmh-compute.json" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))[0]
print(json.dumps({"benchmark": run["benchmark"], "primaryMetric": {k: run["primaryMetric"][k] for k in ("score", "scoreError", "scoreUnit")},
                  "secondaryMetrics": {name: {k: m[k] for k in ("score", "scoreError", "scoreUnit")}
                                       for name, m in run["secondaryMetrics"].items()}}, indent=2))
PY
    echo "uptime after: $(uptime)"
} 2>&1 | tee "$out/figures.txt"
echo "== figures in $out/figures.txt, JMH logs and -rf json beside it"
