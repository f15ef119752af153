#!/usr/bin/env bash
# Measures what one start+stop pair of every counter kind costs, beside its peers (JDK, Guava)
# and beside the same OS calls made from C (the physical limit), and prints the table described
# in docs/PERFORMANCE.md.
#
#   scripts/benchmarks.sh            full run: JMH 2 forks x (3 warm-up + 5 measured) x 1 s per
#                                    benchmark, C 15 batches of 20 ms (about 6 minutes on 2 cores)
#   scripts/benchmarks.sh --smoke    one short iteration of every benchmark, for CI: fails if any
#                                    benchmark or the C baseline errors (under 3 minutes)
# Options:
#   --no-build        reuse counters-benchmarks/target/counters-benchmarks.jar
#   --out DIR         where the results go (default counters-benchmarks/target/benchmark-results)
#   --jmh-args "..."  extra JMH arguments, appended last (e.g. "-f 1 -i 3")
#
# Needs: JDK 17, Maven, gcc, python3. Results: DIR/{environment,jmh,c-before,c-after}.json,
# DIR/jmh.log, DIR/table.md. Not a timing gate: a missed target is reported, not failed.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
module="$root/counters-benchmarks"
jar="$module/target/counters-benchmarks.jar"
out="$module/target/benchmark-results"
smoke=false
build=true
extra_jmh_args=""

while [[ $# -gt 0 ]]; do
    case "$1" in
        --smoke) smoke=true ;;
        --no-build) build=false ;;
        --out) out="$2"; shift ;;
        --jmh-args) extra_jmh_args="$2"; shift ;;
        -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "benchmarks.sh: unknown option '$1' (try --help)" >&2; exit 64 ;;
    esac
    shift
done

for tool in java gcc python3; do
    command -v "$tool" >/dev/null || { echo "benchmarks.sh: '$tool' is needed and not on the PATH" >&2; exit 69; }
done
mkdir -p "$out"

if $build; then
    echo "== building the benchmarks jar"
    (cd "$root" && mvn -q -B -Dstyle.color=never -pl counters-benchmarks -am package -DskipTests)
fi
[[ -f "$jar" ]] || { echo "benchmarks.sh: $jar is missing; run without --no-build" >&2; exit 66; }

echo "== compiling the C baseline (gcc -O2)"
gcc -O2 -Wall -Wextra -Werror -o "$out/counter_cost" "$module/src/main/c/counter_cost.c" -lpthread

echo "== what serves each kind here"
java -cp "$jar" dev.counters.benchmarks.BenchmarkEnvironment > "$out/environment.json"
kinds="$(python3 -c 'import json,sys; print(",".join(k["kind"] for k in json.load(open(sys.argv[1]))["kinds"] if k["available"]))' "$out/environment.json")"
jvm_threads="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["jvm_threads"])' "$out/environment.json")"
echo "kinds: $kinds"

if $smoke; then
    c_args=(--batches 3 --batch-ms 5)
    jmh_args=(-f 1 -wi 0 -i 1 -r 100ms)
else
    c_args=(--batches 15 --batch-ms 20)
    jmh_args=()
fi
# The process CPU clocks sum over every thread, so C runs with as many threads as the JVM.
c_args+=(--threads "$((jvm_threads > 1 ? jvm_threads - 1 : 0))")

echo "== C baseline, before JMH"
"$out/counter_cost" "${c_args[@]}" > "$out/c-before.json"

echo "== JMH (log: $out/jmh.log)"
# -foe: a benchmark that throws fails the run (JMH would otherwise go on and exit 0).
# shellcheck disable=SC2086
if ! java -jar "$jar" 'dev\.counters\.benchmarks\..*' -p "kind=$kinds" -prof gc -foe true \
        -rf json -rff "$out/jmh.json" "${jmh_args[@]}" $extra_jmh_args > "$out/jmh.log" 2>&1; then
    tail -n 60 "$out/jmh.log" >&2
    echo "benchmarks.sh: JMH failed (full log: $out/jmh.log)" >&2
    exit 1
fi
grep -E '^(# Run complete|Benchmark +\(kind\)|[A-Za-z]+PairBenchmark\.|PeerPairBenchmark)' "$out/jmh.log" \
    | grep -v '·gc\.\(alloc\.rate \|count\|time\)' || true

echo "== C baseline, after JMH"
"$out/counter_cost" "${c_args[@]}" > "$out/c-after.json"

echo "== counter cost per start+stop pair (medians)"
python3 "$root/scripts/benchmarks_table.py" --environment "$out/environment.json" --jmh "$out/jmh.json" \
    --c "$out/c-before.json" --c "$out/c-after.json" --markdown "$out/table.md" $($smoke && echo --smoke)
