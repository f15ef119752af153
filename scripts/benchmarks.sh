#!/usr/bin/env bash
# Measures what one start+stop pair of every counter kind costs, beside its peers (JDK, Guava)
# and beside the same OS calls made from C (the physical limit), and prints the table described
# in docs/PERFORMANCE.md.
#
#   scripts/benchmarks.sh            full run: JMH 2 forks x (5 x 200 ms warm-up + 20 x 100 ms
#                                    measured) per benchmark, C 20 batches of 100 ms per baseline:
#                                    the same 100 ms window on both sides (about 4 minutes)
#   scripts/benchmarks.sh --smoke    one short iteration of every benchmark, the integrations' too,
#                                    for CI: exits non-zero if any benchmark or the C baseline fails
#                                    (about 1 minute)
# Both end with scripts/startup-benchmark.sh (the first reading of a fresh JVM; one JVM per
# configuration with --smoke).
# With a JDK 25 (COUNTERS_JDK25_HOME, else one under /usr/lib/jvm), each kind is also measured on
# JDK 25 through FFM (the default there) and through JNA (-Ddev.counters.binding=jna), in the same
# interleaved run, and the jar is built on JDK 25 so that it holds the FFM bindings.
# Options:
#   --no-build        reuse counters-benchmarks/target/counters-benchmarks.jar
#   --no-jdk25        measure on the default java only
#   --out DIR         where the results go (default counters-benchmarks/target/benchmark-results)
#   --jmh-args "..."  extra JMH arguments, appended last (e.g. "-f 1 -i 3")
#
# Each kind runs in its own JMH run with its peers, between two C runs of the calls it makes, so
# the figures compared are seconds apart. Needs JDK 17, Maven, gcc, python3. Results in DIR:
# environment.json, jmh-*.json, c-*.json, jmh.log, table.md. Not a timing gate.
set -euo pipefail

# shellcheck source=lib/benchmarks-jar.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/benchmarks-jar.sh"
table="$root/scripts/benchmarks_table.py"
out="$module/target/benchmark-results"
smoke=false
build=true
use_jdk25=true
extra_jmh_args=""

while [[ $# -gt 0 ]]; do
    case "$1" in
        --smoke) smoke=true ;;
        --no-build) build=false ;;
        --no-jdk25) use_jdk25=false ;;
        --out) out="$2"; shift ;;
        --jmh-args) extra_jmh_args="$2"; shift ;;
        -h|--help) print_header_help ;;
        *) refuse_option "$1" ;;
    esac
    shift
done

for tool in java gcc python3; do
    command -v "$tool" >/dev/null || { echo "benchmarks.sh: '$tool' is needed and not on the PATH" >&2; exit 69; }
done

choose_jdks "$use_jdk25" benchmarks.sh "JDK 25 columns"

if $build; then
    echo "== building the benchmarks jar${jdk25:+ on JDK 25, with the FFM bindings}"
    # Only the benchmarks module is cleaned (JMH's generated harness must be regenerated); the
    # other modules' targets hold what earlier steps left there, such as test reports.
    (cd "$root" && JAVA_HOME="$build_java_home" mvn -q -B -Dstyle.color=never -pl counters-benchmarks clean \
        && JAVA_HOME="$build_java_home" mvn -q -B -Dstyle.color=never -pl counters-benchmarks -am package -DskipTests)
fi
[[ -f "$jar" ]] || { echo "benchmarks.sh: $jar is missing; run without --no-build" >&2; exit 66; }
mkdir -p "$out"   # after the build, whose clean removes target/
rm -f "$out"/jmh*.json "$out"/c-*.json "$out/jmh.log" "$out/table.md"

echo "== compiling the C baseline (gcc -O2)"
gcc -O2 -Wall -Wextra -Werror -o "$out/counter_cost" "$module/src/main/c/counter_cost.c" -lpthread

echo "== what serves each kind here"
java -cp "$jar" dev.counters.benchmarks.BenchmarkEnvironment > "$out/environment.json"
jvm_threads="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["jvm_threads"])' "$out/environment.json")"

if $smoke; then
    c_args=(--batches 3 --batch-ms 5)
    jmh_args=(-f 1 -wi 0 -i 1 -r 100ms)
else
    c_args=(--batches 20 --batch-ms 100)
    jmh_args=()
fi
# The process CPU clocks sum over every thread, so C runs with as many threads as a JMH fork:
# the JVM's own (counted by BenchmarkEnvironment) plus JMH's one extra (22 against 21 here).
c_args+=(--threads "$jvm_threads")

c_baseline() { # RESULT_NAME [--only BASELINE]
    local name="$1"; shift
    "$out/counter_cost" "${c_args[@]}" "$@" > "$out/$name.json"
}

jmh() { # RESULT_NAME JMH_ARGS...  (on the java of $JMH_JAVA, default: the PATH's)
    local name="$1"; shift
    # -foe: a benchmark that throws fails the run (JMH would otherwise go on and exit 0).
    # counters-jmh's profiler: CPU time per pair, split into kernel and user (the table's "kernel %").
    # shellcheck disable=SC2086
    if ! "${JMH_JAVA:-java}" -jar "$jar" "$@" -prof gc -prof dev.counters.jmh.CpuTimeProfiler -foe true -rf json -rff "$out/$name.json" \
            "${jmh_args[@]}" $extra_jmh_args >> "$out/jmh.log" 2>&1; then
        tail -n 60 "$out/jmh.log" >&2
        echo "benchmarks.sh: JMH failed on $name (full log: $out/jmh.log)" >&2
        exit 1
    fi
    python3 "$table" summary "$out/$name.json"
}

echo "== C baseline of every call"
c_baseline c-all

bench='dev\.counters\.benchmarks\.'
peers_run=()
while read -r kind baseline peers; do
    echo "== $kind (C baseline: $baseline; peers: $peers)"
    c_baseline "c-$kind-1-before" --only "$baseline"
    patterns=("${bench}CounterPairBenchmark\.startStopPair\$")
    if [[ "$peers" != "-" ]]; then
        patterns+=("${bench}PeerPairBenchmark\.($peers)\$")
        peers_run+=("$peers")
    fi
    jmh "jmh-$kind" "${patterns[@]}" -p "kind=$kind"
    if [[ -n "$jdk25" ]]; then
        JMH_JAVA="$jdk25/bin/java" jmh "jmh25ffm-$kind" "${bench}CounterPairBenchmark\.startStopPair\$" -p "kind=$kind"
        if ! $smoke; then
            JMH_JAVA="$jdk25/bin/java" jmh "jmh25jna-$kind" "${bench}CounterPairBenchmark\.startStopPair\$" -p "kind=$kind" \
                -jvmArgsPrepend -Ddev.counters.binding=jna
        fi
    fi
    c_baseline "c-$kind-2-after" --only "$baseline"
done < <(python3 "$table" plan "$out")

echo "== the other peers, the counter machinery alone, and the bare JNA calls"
exclude="$(IFS='|'; echo "${peers_run[*]:-none}")"
others=("${bench}PeerPairBenchmark\." "${bench}CounterMachineryBenchmark\.")
jna_floor_baselines="$(python3 "$table" jna-baselines)"
if [[ "$(uname -s)" == Linux ]]; then
    others+=("${bench}JnaFloorBenchmark\.")
fi
c_baseline c-others-1-before --only "$jna_floor_baselines"
jmh jmh-others "${others[@]}" -e "${bench}PeerPairBenchmark\.($exclude)\$"
c_baseline c-others-2-after --only "$jna_floor_baselines"

echo "== the integrations: a Micrometer observation, an OpenTelemetry span, a CounterScope (JFR event)"
# Their yardstick is a THREAD_TIMES pair measured in the same fork (docs/PERFORMANCE.md,
# docs/OPENTELEMETRY.md); on JDK 25 the same benchmarks run through FFM.
integrations="${bench}(ObservationCpuTimeBenchmark|SpanCpuTimeBenchmark|ScopeEventBenchmark)\."
jmh jmh-integrations "$integrations"
if [[ -n "$jdk25" ]]; then
    JMH_JAVA="$jdk25/bin/java" jmh jmh25ffm-integrations "$integrations"
fi

echo "== the first reading of a fresh JVM (scripts/startup-benchmark.sh)"
startup_args=(--no-build --out "$out/startup")
$smoke && startup_args+=(--smoke)
$use_jdk25 || startup_args+=(--no-jdk25)
bash "$root/scripts/startup-benchmark.sh" "${startup_args[@]}"

echo "== counter cost per start+stop pair (medians; log: $out/jmh.log)"
if $smoke; then
    python3 "$table" table "$out" --smoke
else
    python3 "$table" table "$out"
fi
