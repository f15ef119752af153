#!/usr/bin/env bash
# What a change to the counters' hot path costs a start()/stop() pair: the pair benchmarks of the jar
# built from a baseline commit against the jar built from the working tree, run interleaved in one
# session (ABBA: A B, then B A, ...) on JDK 17 and on JDK 25, so that a machine's drift and load fall on
# both alike; prints each benchmark's median, minimum and 10th percentile over every measured iteration.
#
#   scripts/pair-ab.sh <baseline-commit> [rounds]     # e.g. scripts/pair-ab.sh 3f7381b 6
#
# Issue 44 item 10 decided with it that the thread-owner check of every kind costs under 1 ns a pair
# (docs/PERFORMANCE.md, "The thread-owner check"). Each round runs CounterMachineryBenchmark.sourceCounterPair
# (the counter over a fake source: the state machine alone, the most sensitive) and
# CounterPairBenchmark.startStopPair for TICK and PERFORMANCE: one fork, 5 x 200 ms warm-up, 20 x 100 ms.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/lib/jdk25.sh"
baseline=${1:?usage: scripts/pair-ab.sh <baseline-commit> [rounds]}
rounds=${2:-4}
choose_jdks true pair-ab.sh "the JDK 25 runs"
work="$(mktemp -d "${TMPDIR:-/tmp}/counters-pair-ab.XXXXXX")"
trap 'rm -rf "$work"' EXIT

build() { # $1: source tree, $2: the jar to write
    (cd "$1" && JAVA_HOME="$build_java_home" mvn -q -B -Dstyle.color=never -pl counters-benchmarks -am package \
        -DskipTests -Dpitest.skip=true -Ddocs.check.skip=true)
    cp "$1/counters-benchmarks/target/counters-benchmarks.jar" "$2"
}
mkdir "$work/baseline-tree"
git -C "$root" archive "$baseline" | tar -x -C "$work/baseline-tree"
build "$work/baseline-tree" "$work/baseline.jar"
build "$root" "$work/change.jar"

javas=("17:java")
[[ -n "$jdk25" ]] && javas+=("25:$jdk25/bin/java")
for round in $(seq 1 "$rounds"); do
    order="baseline change"
    (( round % 2 )) || order="change baseline"
    for entry in "${javas[@]}"; do
        for jar in $order; do
            result="$work/r$round-${entry%%:*}-$jar.json"
            # Another JMH run holds /tmp/jmh.lock: wait for it rather than run beside it.
            until "${entry#*:}" -jar "$work/$jar.jar" 'CounterPairBenchmark.startStopPair|CounterMachineryBenchmark.sourceCounterPair' \
                -p kind=TICK,PERFORMANCE -f 1 -wi 5 -w 200ms -i 20 -r 100ms -rf json -rff "$result" > "$result.log" 2>&1; do
                grep -q "Unable to acquire the JMH lock" "$result.log" || { cat "$result.log" >&2; exit 1; }
                sleep 10
            done
            echo "round $round, JDK ${entry%%:*}, $jar: done" >&2
        done
    done
done
python3 - "$work" <<'PY'
import collections, glob, json, re, statistics, sys
raw = collections.defaultdict(list)
for path in glob.glob(sys.argv[1] + "/r*.json"):
    _, jdk, jar = re.search(r"r(\d+)-(\d+)-(\w+)\.json$", path).groups()
    for bench in json.load(open(path)):
        name = bench["benchmark"].rsplit(".", 1)[1] + (f"[{bench['params']['kind']}]" if bench.get("params") else "")
        raw[(jdk, name, jar)] += [x for fork in bench["primaryMetric"]["rawData"] for x in fork]
def p10(xs):
    return sorted(xs)[int(0.1 * (len(xs) - 1))]
print("| JDK | benchmark | ns/pair median: baseline -> change (diff) | min | p10 | iterations |")
print("|---|---|---|---|---|---|")
for jdk, name in sorted({(k[0], k[1]) for k in raw}):
    a, b = raw[(jdk, name, "baseline")], raw[(jdk, name, "change")]
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"| {jdk} | {name} | {ma:.2f} -> {mb:.2f} ({mb - ma:+.2f}) | {min(a):.2f} -> {min(b):.2f} "
          f"| {p10(a):.2f} -> {p10(b):.2f} | {len(a)}/{len(b)} |")
PY
