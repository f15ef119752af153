#!/usr/bin/env bash
# The must-show trials of `counters compare` (issues #13, #21): separate processes of
#   java -jar counters.jar compare --format json -q --every-pair --iterations-a 2000000 --iterations-b M --budget B ...
# on the built-in workload (A = 2,000,000 xorshift steps, a few ms), each scenario on an idle
# machine ("idle") and with one or two cores kept busy by shell spin loops this script starts and
# ends by their PIDs ("busy", "busy2"):
#   p5        B = 1.05 x A, budget 5 s      expected: slower, interval holding 1.05
#   p1        B = 1.01 x A, budget 10 s     expected: slower, interval holding 1.01
#   p05       B = 1.005 x A, budget 30 s    expected: slower, interval holding 1.005
#   aa        B = A, budget 5 s             expected: indistinguishable, interval holding 1
#   naive-p5  as p5, --order sequential     (all of A, then all of B: the naive way)
#   naive-aa  as aa, --order sequential
# and, only when named with --scenarios (issue #21, item 4: A and B at once on two pinned threads):
#   duet-p5   as p5, --order duet
#   duet-p1   as p1, --order duet
#   duet-aa   as aa, --order duet
# The true ratio is M / 2,000,000: the workload's time is linear in its steps (a 2,000,000 against
# 4,000,000 step comparison, run first and kept in linearity.json, measures its fixed part).
# Trial i runs every scenario once, in turn, so a change of the machine's load over the trials
# touches every scenario alike. Every line of elapsed.txt carries the load average and the steal
# share of the process's run. Prints the tables of compare_trials_summary.py.
#
# With --set real (issue #28), the real-code pairs of dev.counters.examples.trials instead, each
# process a default `counters compare --task-a A --task-b B` (fresh JVMs, the interval over them):
#   same      Crc32Work$Base against Crc32Work$Same   identical code, two class names: truth 1
#   crc1      Crc32Work$Base against Crc32Work$Plus1  1% more bytes: truth 1.01 (60 s budget)
#   crc5      Crc32Work$Base against Crc32Work$Plus5  5% more bytes: truth 1.05
#   lookups   Lookups$Hash against Lookups$Tree       cache-sensitive (JMH gives the reference)
#   alloc     Everyday$PrimitiveArray against Everyday$BoxedList   allocation and GC
#   threads   Everyday$Sort against Everyday$ParallelSort          work on the common pool
#   wait      Everyday$Wait2ms against Everyday$Wait3ms            waiting: 1.5 on wall time
#   regex     Everyday$ManualSplit against Everyday$RegexSplit
#   strings   Everyday$Builder against Everyday$Concat
# The JMH reference on the same classes (-f 3 -wi 5 -i 5) is not part of the script yet (see
# docs/MEASURE.md); the pairs without a constructed truth are reported without a verdict on coverage.
#
#   scripts/compare-trials.sh [--trials N] [--no-build] [--out DIR] [--loads "idle busy busy2"] [--scenarios "p5 aa ..."]
#   scripts/compare-trials.sh --set real --trials 3 --loads idle [--scenarios "same crc5 wait"]
#   scripts/compare-trials.sh --scenarios "p5 duet-p5 aa duet-aa"      # the duet beside the pairs it would replace
# Needs JDK 17 (java, mvn), python3 and bc. 10 trials of both loads take up to ~25 minutes.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$root/examples/target/counters.jar"
out="$root/examples/target/compare-trials"
trials=10
build=true
loads="idle busy"
scenarios=""
set_name=xorshift
while [[ $# -gt 0 ]]; do
  case "$1" in
    --set) set_name="$2"; shift 2 ;;
    --trials) trials="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --loads) loads="$2"; shift 2 ;;
    --scenarios) scenarios="$2"; shift 2 ;;
    --no-build) build=false; shift ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
if [[ -z "$scenarios" ]]; then
  if [[ "$set_name" == real ]]; then
    scenarios="same crc1 crc5 lookups alloc threads wait regex strings"
  else
    scenarios="p5 p1 p05 aa naive-p5 naive-aa"
  fi
fi

if $build; then
  (cd "$root" && mvn -B -q -pl examples -am package -DskipTests -Dpitest.skip=true)
fi
mkdir -p "$out"
rm -f "$out"/*.json "$out"/elapsed.txt
# The trials run a copy, so that a rebuild meanwhile cannot change the jar under them.
cp "$jar" "$out/counters.jar"
jar="$out/counters.jar"

a=2000000
declare -A b_of=([p5]=2100000 [p1]=2020000 [p05]=2010000 [aa]=2000000 [naive-p5]=2100000 [naive-aa]=2000000
  [duet-p5]=2100000 [duet-p1]=2020000 [duet-aa]=2000000)
declare -A budget_of=([p5]=5s [p1]=10s [p05]=30s [aa]=5s [naive-p5]=5s [naive-aa]=5s
  [duet-p5]=5s [duet-p1]=10s [duet-aa]=5s)
declare -A order_of=([p5]=alternating [p1]=alternating [p05]=alternating [aa]=alternating
  [naive-p5]=sequential [naive-aa]=sequential [duet-p5]=duet [duet-p1]=duet [duet-aa]=duet)
t=dev.counters.examples.trials
declare -A real_a=([same]="$t.Crc32Work\$Base" [crc1]="$t.Crc32Work\$Base" [crc5]="$t.Crc32Work\$Base"
  [lookups]="$t.Lookups\$Hash" [alloc]="$t.Everyday\$PrimitiveArray" [threads]="$t.Everyday\$Sort"
  [wait]="$t.Everyday\$Wait2ms" [regex]="$t.Everyday\$ManualSplit" [strings]="$t.Everyday\$Builder")
declare -A real_b=([same]="$t.Crc32Work\$Same" [crc1]="$t.Crc32Work\$Plus1" [crc5]="$t.Crc32Work\$Plus5"
  [lookups]="$t.Lookups\$Tree" [alloc]="$t.Everyday\$BoxedList" [threads]="$t.Everyday\$ParallelSort"
  [wait]="$t.Everyday\$Wait3ms" [regex]="$t.Everyday\$RegexSplit" [strings]="$t.Everyday\$Concat")
declare -A real_budget=([crc1]=60s)
for s in $scenarios; do
  if [[ "$set_name" == real && -z "${real_a[$s]:-}" ]]; then
    echo "unknown real-code pair $s (see the header of $0)" >&2
    exit 2
  fi
  if [[ "$set_name" != real && -z "${order_of[$s]:-}" ]]; then
    echo "unknown scenario $s (see the header of $0)" >&2
    exit 2
  fi
done

spinners=()
stop_spinners() {
  for pid in "${spinners[@]}"; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  spinners=()
}
trap stop_spinners EXIT

steal_ticks() { awk '/^cpu /{print $9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat; }

{
  echo "date: $(date -u +%FT%TZ)"
  echo "uptime before: $(uptime)"
  echo "java: $(java -version 2>&1 | head -1)"
  echo "cpus: $(nproc)"
} > "$out/machine.txt"

if [[ "$set_name" != real ]]; then
  java -jar "$jar" compare --iterations-a "$a" --iterations-b $((2 * a)) --budget 10s --warm-up 500ms --format json -q \
    --forks 0 > "$out/linearity.json"
fi

for load in $loads; do
  case "$load" in
    idle) loops=0 ;;
    busy) loops=1 ;;
    busy2) loops=2 ;;
    *) echo "unknown load $load (idle, busy or busy2)" >&2; exit 2 ;;
  esac
  for ((l = 0; l < loops; l++)); do
    bash -c 'while :; do :; done' &
    spinners+=($!)
    echo "$load: spin loop started, PID $!" >> "$out/machine.txt"
  done
  for ((i = 1; i <= trials; i++)); do
    for s in $scenarios; do
      read -r steal0 total0 < <(steal_ticks)
      start=$(date +%s.%N)
      if [[ "$set_name" == real ]]; then
        java -jar "$jar" compare --task-a "${real_a[$s]}" --task-b "${real_b[$s]}" --budget "${real_budget[$s]:-20s}" \
          --format json -q > "$out/$load-$s-$i.json"
      else
        # The pairs of one JVM, as issues #13 and #21 measured them: --forks 0.
        java -jar "$jar" compare --iterations-a "$a" --iterations-b "${b_of[$s]}" --order "${order_of[$s]}" \
          --budget "${budget_of[$s]}" --warm-up 500ms --format json -q --every-pair --forks 0 > "$out/$load-$s-$i.json"
      fi
      end=$(date +%s.%N)
      read -r steal1 total1 < <(steal_ticks)
      steal=$(echo "scale=4; ($steal1 - $steal0) / ($total1 - $total0 + 1)" | bc)
      echo "$load $s $i $(echo "$end - $start" | bc) $(cut -d' ' -f1-3 /proc/loadavg) $steal" >> "$out/elapsed.txt"
      echo "$load trial $i/$trials $s: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("%s %.4f [%.4f, %.4f] by %s, %s" % (d["verdict"], d["ratio"], d["ratio_low"], d["ratio_high"], d["decided_by"], d["machine"]))' "$out/$load-$s-$i.json")" >&2
    done
  done
  stop_spinners
done
echo "uptime after: $(uptime)" >> "$out/machine.txt"
if [[ "$set_name" == real ]]; then
  python3 "$root/scripts/compare_trials_summary.py" --real "$out"
else
  python3 "$root/scripts/compare_trials_summary.py" "$out"
fi
