#!/usr/bin/env bash
# The must-show trials of `counters compare` (issue #13): separate processes of
#   java -jar examples/target/counters.jar compare --format json -q ...
# on the built-in workload, A = 2,000,000 xorshift steps (a few ms),
# budget 18 s (so that each process, JVM start and exit included, ends within 20 s under load), default target (±1%)
# and confidence (99%):
#   a        B = 1.05 x A              expected: slower, interval holding 1.05
#   b        B = A                     expected: indistinguishable, interval holding 1.00
#   d        B = 1.01 x A              how often slower is found; mean interval width
#   naive-a  as a, --order sequential  (all of A, then all of B: the naive way)
#   naive-b  as b, --order sequential
# Trial i runs every scenario once, in turn, so a change of the machine's load over the
# trials touches every scenario alike. Prints the summary table of compare_trials_summary.py.
#
#   scripts/compare-trials.sh [--trials N] [--no-build] [--out DIR] [--budget TIME]
# Needs JDK 17 (java, mvn) and python3. Takes about N x 70 s (10 trials: ~12-15 minutes).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$root/examples/target/counters.jar"
out="$root/examples/target/compare-trials"
trials=10
budget=18s
build=true
while [[ $# -gt 0 ]]; do
  case "$1" in
    --trials) trials="$2"; shift 2 ;;
    --budget) budget="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --no-build) build=false; shift ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done

if $build; then
  (cd "$root" && mvn -B -q -pl examples -am package -DskipTests -Dpitest.skip=true)
fi
mkdir -p "$out"
rm -f "$out"/*.json "$out"/elapsed.txt
# The trials run a copy, so that a rebuild meanwhile cannot change the jar under them.
cp "$jar" "$out/counters.jar"
jar="$out/counters.jar"

a=2000000
declare -A b_of=([a]=2100000 [b]=2000000 [d]=2020000 [naive-a]=2100000 [naive-b]=2000000)
declare -A order_of=([a]=alternating [b]=alternating [d]=alternating [naive-a]=sequential [naive-b]=sequential)
scenarios=(a b d naive-a naive-b)

{
  echo "date: $(date -u +%FT%TZ)"
  echo "uptime before: $(uptime)"
  echo "java: $(java -version 2>&1 | head -1)"
} > "$out/machine.txt"

for ((i = 1; i <= trials; i++)); do
  for s in "${scenarios[@]}"; do
    start=$(date +%s.%N)
    java -jar "$jar" compare --iterations-a "$a" --iterations-b "${b_of[$s]}" --order "${order_of[$s]}" \
      --budget "$budget" --format json -q > "$out/$s-$i.json"
    end=$(date +%s.%N)
    echo "$s $i $(echo "$end - $start" | bc) $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/elapsed.txt"
    echo "trial $i/$trials $s: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(", ".join("%s %.4f [%.4f, %.4f] %s" % (c["clock"], c["ratio"], c["ratio_low"], c["ratio_high"], c["verdict"]) for c in d["clocks"]))' "$out/$s-$i.json")" >&2
  done
done
echo "uptime after: $(uptime)" >> "$out/machine.txt"
python3 "$root/scripts/compare_trials_summary.py" "$out"
