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
# With --set real (issue #28), the real-code pairs of dev.counters.cli.trials instead, each
# process a default `counters compare --task-a A --task-b B` (fresh JVMs, the interval over them):
#   same      Crc32Work$Base against Crc32Work$Same   identical code, two class names: truth 1
#   crc1      Crc32Rounds$Base against Crc32Rounds$Plus1  1% more rounds over one 8 KiB array: truth 1.01 (60 s budget)
#   crc5      Crc32Rounds$Base against Crc32Rounds$Plus5  5% more rounds: truth 1.05
#   lookups   Lookups$Hash against Lookups$Tree       cache-sensitive
#   alloc     Everyday$PrimitiveArray against Everyday$BoxedList   allocation and GC
#   threads   Everyday$Sort against Everyday$ParallelSort          work on the common pool, whose parallelism is
#             set to 2 (-Djava.util.concurrent.ForkJoinPool.common.parallelism=2, which the forks inherit, and
#             JMH's too): on 2 CPUs it is 1 by default, and Arrays.parallelSort then sorts on the caller alone
#   wait      Everyday$Wait2ms against Everyday$Wait3ms            waiting (about 1.5 on wall time)
#   regex     Everyday$ManualSplit against Everyday$RegexSplit
#   strings   Everyday$Builder against Everyday$Concat
# and, only when named with --scenarios, issue #41's pairs of dev.counters.cli.trials.Fresh (judged against JMH):
#   deque     Fresh$ArrayQueue against Fresh$LinkedQueue    a linked structure (layout-sensitive)
#   sortms    Fresh$SortMillion against Fresh$SortMillionTwo tens of milliseconds a run (B sorts 20% more)
#   stream    Fresh$LoopSum against Fresh$StreamSum        a stream pipeline against its loop
#   checksum  Fresh$Crc32c against Fresh$Adler             two checksums of 64 KiB
#   twin      Fresh$WordCount against Fresh$WordCountTwin  identical code, two class names: truth 1
# The pairs without a constructed truth are judged against the JMH reference: with --jmh, before the
# loads and with no spin loop, each class of the chosen pairs alone in JMH (TrialTasksBenchmark, a
# test class of counters-cli: -f 3 -wi 5 -i 5, iterations of --jmh-time, 1 s by default against JMH's
# 10 s), its results and times kept in DIR/jmh. Without --jmh an earlier DIR/jmh is kept and read.
# --jmh-load busy runs the reference with one core kept busy, as the busy processes ran: a pair whose
# speed depends on the machine (parallelSort loses a core to the spin loop) has another truth there.
# Keep a busy reference and its busy processes in their own DIR.
# --jmh-along measures the reference beside the processes instead, under their load: before trials
# 1, 4, 7 and 10 (every third from --from), JMH's -f 3 -wi 5 -i 5 run of each task of the pair, A first
# then B, B first the next time, kept in DIR/jmh-along/LOAD/CLASS-TRIAL. On a shared machine a task's
# speed drifts over minutes, and JMH times A and B in different JVMs at different moments: a
# reference taken once, before the loads, judges processes that ran up to an hour later on another
# machine state. The summary then judges each load against all its forks (12 + 12 over the same
# minutes as the processes), and holds the processes to the median time and width of JMH's runs.
#
# With --set identical (issue #28, A against A: decisive at most 2 of 100 processes per setting),
# budget 10 s each unless --budget says otherwise:
#   same-object  Identical$SharedSort twice: every instance runs one shared object (Arrays.sort of 20,000 ints)
#   same-class   Identical$Sort twice: two instances of one class
#   aa           the built-in workload, --iterations-a 20000 --iterations-b 20000 (about 45 us a run), forks
#   aa-duet      the same with --order duet (each fork runs its pairs as a duet)
#
# A run replaces the results of the loads it runs and keeps the others', so idle and busy can be
# run apart into one DIR (and the summary reads them all); --from K adds trials K, K+1, ... to the
# results already there. Keep the sets apart: one DIR per --set.
#
#   scripts/compare-trials.sh [--trials N] [--from K] [--no-build] [--out DIR] [--loads "idle busy busy2"] [--scenarios "p5 aa ..."]
#   scripts/compare-trials.sh --set real --jmh --trials 0                   # the JMH reference alone
#   scripts/compare-trials.sh --set real --jmh --jmh-load busy --trials 10 --loads busy --out DIR2
#   scripts/compare-trials.sh --set real --trials 10 --loads "idle busy" [--scenarios "same crc5 wait"]
#   scripts/compare-trials.sh --set real --jmh-along --trials 10 --loads "idle busy" --scenarios "regex strings"
#   scripts/compare-trials.sh --set identical --trials 10 --loads idle
#   scripts/compare-trials.sh --scenarios "p5 duet-p5 aa duet-aa"      # the duet beside the pairs it would replace
# Needs JDK 17 (java, mvn), python3 and bc. 10 trials of both loads take up to ~25 minutes on the
# built-in workload, ~70 minutes on the real pairs; the JMH reference ~10 minutes.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$root/counters-cli/target/counters.jar"
# The trial tasks (dev.counters.cli.trials) are test classes: never in the published jar.
trial_tasks="$root/counters-cli/target/test-classes"
out="$root/counters-cli/target/compare-trials"
trials=10
build=true
loads="idle busy"
scenarios=""
set_name=xorshift
budget=""
jmh=false
jmh_along=false
jmh_time=1s
jmh_load=idle
first=1
arguments="$*"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --set) set_name="$2"; shift 2 ;;
    --trials) trials="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --loads) loads="$2"; shift 2 ;;
    --scenarios) scenarios="$2"; shift 2 ;;
    --no-build) build=false; shift ;;
    --budget) budget="$2"; shift 2 ;;
    --jmh) jmh=true; shift ;;
    --jmh-along) jmh_along=true; shift ;;
    --jmh-time) jmh_time="$2"; shift 2 ;;
    --jmh-load) jmh_load="$2"; shift 2 ;;
    --from) first="$2"; shift 2 ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
case "$set_name" in
  real) default_scenarios="same crc1 crc5 lookups alloc threads wait regex strings" ;;
  identical) default_scenarios="same-object same-class aa aa-duet" ;;
  xorshift) default_scenarios="p5 p1 p05 aa naive-p5 naive-aa" ;;
  *) echo "unknown set $set_name (xorshift, real or identical)" >&2; exit 2 ;;
esac
scenarios="${scenarios:-$default_scenarios}"
if { $jmh || $jmh_along; } && [[ "$set_name" != real ]]; then
  echo "--jmh and --jmh-along are the reference of --set real" >&2
  exit 2
fi
classpath_file="$root/counters-cli/target/trials-classpath.txt"

if $build; then
  # The test class path too (written by every module of the reactor, counters-cli last): the JMH reference's jars.
  (cd "$root" && mvn -B -q -pl counters-cli -am package dependency:build-classpath -DskipTests -Dpitest.skip=true \
    -Dmdep.includeScope=test -Dmdep.outputFile="$classpath_file")
fi

a=2000000
declare -A b_of=([p5]=2100000 [p1]=2020000 [p05]=2010000 [aa]=2000000 [naive-p5]=2100000 [naive-aa]=2000000
  [duet-p5]=2100000 [duet-p1]=2020000 [duet-aa]=2000000)
declare -A budget_of=([p5]=5s [p1]=10s [p05]=30s [aa]=5s [naive-p5]=5s [naive-aa]=5s
  [duet-p5]=5s [duet-p1]=10s [duet-aa]=5s)
declare -A order_of=([p5]=alternating [p1]=alternating [p05]=alternating [aa]=alternating
  [naive-p5]=sequential [naive-aa]=sequential [duet-p5]=duet [duet-p1]=duet [duet-aa]=duet)
t=dev.counters.cli.trials
declare -A real_a=([same]="$t.Crc32Work\$Base" [crc1]="$t.Crc32Rounds\$Base" [crc5]="$t.Crc32Rounds\$Base"
  [lookups]="$t.Lookups\$Hash" [alloc]="$t.Everyday\$PrimitiveArray" [threads]="$t.Everyday\$Sort"
  [wait]="$t.Everyday\$Wait2ms" [regex]="$t.Everyday\$ManualSplit" [strings]="$t.Everyday\$Builder"
  [deque]="$t.Fresh\$ArrayQueue" [sortms]="$t.Fresh\$SortMillion" [stream]="$t.Fresh\$LoopSum"
  [checksum]="$t.Fresh\$Crc32c" [twin]="$t.Fresh\$WordCount")
declare -A real_b=([same]="$t.Crc32Work\$Same" [crc1]="$t.Crc32Rounds\$Plus1" [crc5]="$t.Crc32Rounds\$Plus5"
  [lookups]="$t.Lookups\$Tree" [alloc]="$t.Everyday\$BoxedList" [threads]="$t.Everyday\$ParallelSort"
  [wait]="$t.Everyday\$Wait3ms" [regex]="$t.Everyday\$RegexSplit" [strings]="$t.Everyday\$Concat"
  [deque]="$t.Fresh\$LinkedQueue" [sortms]="$t.Fresh\$SortMillionTwo" [stream]="$t.Fresh\$StreamSum"
  [checksum]="$t.Fresh\$Adler" [twin]="$t.Fresh\$WordCountTwin")
declare -A real_budget=([crc1]=60s)
# The common pool's parallelism is CPUs - 1: on 2 CPUs, 1, and Arrays.parallelSort then sorts on the caller.
pool=-Djava.util.concurrent.ForkJoinPool.common.parallelism=2
declare -A real_jvm=([threads]="$pool")
declare -A identical_task=([same-object]="$t.Identical\$SharedSort" [same-class]="$t.Identical\$Sort")
for s in $scenarios; do
  case "$set_name" in
    real) known="${real_a[$s]:-}" ;;
    identical) [[ " $default_scenarios " == *" $s "* ]] && known=yes || known="" ;;
    *) known="${order_of[$s]:-}" ;;
  esac
  if [[ -z "$known" ]]; then
    echo "unknown scenario $s of --set $set_name (see the header of $0)" >&2
    exit 2
  fi
done

mkdir -p "$out"
for load in $loads; do
  if ((first > 1)); then
    continue  # more trials of the same loads: the earlier ones stay
  fi
  rm -f "$out/$load"-*.json "$out/$load"-*.failed
  if $jmh_along; then
    rm -rf "$out/jmh-along/$load"
  fi
  for log in elapsed.txt failures.txt; do
    if [[ -f "$out/$log" ]]; then
      grep -v "^$load " "$out/$log" > "$out/$log.tmp" || true
      mv "$out/$log.tmp" "$out/$log"
    fi
  done
done
# The trials run a copy, so that a rebuild meanwhile cannot change the jar under them.
cp "$jar" "$out/counters.jar"
jar="$out/counters.jar"

# One `counters compare` process of scenario $1, its JSON report on standard output.
compare_once() {
  local s="$1"
  case "$set_name" in
    real)
      java ${real_jvm[$s]:-} -jar "$jar" compare --task-a "${real_a[$s]}" --task-b "${real_b[$s]}" --class-path "$trial_tasks" \
        --budget "${budget:-${real_budget[$s]:-20s}}" --format json -q ;;
    identical)
      case "$s" in
        aa) java -jar "$jar" compare --iterations-a 20000 --iterations-b 20000 --budget "${budget:-10s}" --format json -q ;;
        aa-duet) java -jar "$jar" compare --iterations-a 20000 --iterations-b 20000 --order duet \
          --budget "${budget:-10s}" --format json -q ;;
        *) java -jar "$jar" compare --task-a "${identical_task[$s]}" --task-b "${identical_task[$s]}" \
          --class-path "$trial_tasks" --budget "${budget:-10s}" --format json -q ;;
      esac ;;
    *)
      # The pairs of one JVM, as issues #13 and #21 measured them: --forks 0.
      java -jar "$jar" compare --iterations-a "$a" --iterations-b "${b_of[$s]}" --order "${order_of[$s]}" \
        --budget "${budget:-${budget_of[$s]}}" --warm-up 500ms --format json -q --every-pair --forks 0 ;;
  esac
}

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
  echo "run: $0 $arguments"
  echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "date: $(date -u +%FT%TZ)"
  echo "uptime before: $(uptime)"
  echo "java: $(java -version 2>&1 | head -1)"
  echo "cpus: $(nproc)"
} >> "$out/machine.txt"

if [[ "$set_name" == xorshift ]]; then
  java -jar "$jar" compare --iterations-a "$a" --iterations-b $((2 * a)) --budget 10s --warm-up 500ms --format json -q \
    --forks 0 > "$out/linearity.json"
fi

# JMH's classes (TrialTasksBenchmark and its generated code, test classes of counters-cli) and jars.
if $jmh || $jmh_along; then
  rm -rf "$out/jmh-classes"
  mkdir -p "$out/jmh-classes"
  (cd "$root/counters-cli/target/test-classes" && cp --parents META-INF/BenchmarkList META-INF/CompilerHints dev/counters/cli/trials/*.class \
    dev/counters/cli/trials/jmh_generated/*.class "$out/jmh-classes/")
  jmh_jars=$(tr ':' '\n' < "$classpath_file" | grep -E '/(jmh-core|jopt-simple|commons-math3)-[^/]*\.jar$' | paste -sd:)
fi

# Class $1 alone in $2 JMH forks of -wi 5 -i 5, into $3.json (results) and $3.log.
jmh_run() {
  java -Djmh.ignoreLock=true -cp "$jar:$out/jmh-classes:$jmh_jars" org.openjdk.jmh.Main \
    'dev.counters.cli.trials.TrialTasksBenchmark' -p "task=$1" -f "$2" -wi 5 -i 5 -w "$jmh_time" -r "$jmh_time" \
    -jvmArgsAppend "$pool" -rf json -rff "$3.json" > "$3.log"
}

# Before process $2 of pair $1 under load $3 (--jmh-along), in every third trial from --from: JMH's -f 3
# run of each task, A first, then B first the next time. DIR/jmh-along/LOAD/elapsed.txt: class, trial, seconds.
jmh_along_once() {
  local s="$1" i="$2" load="$3" class
  if (((i - first) % 3 != 0)); then
    return
  fi
  local classes=("${real_a[$s]}" "${real_b[$s]}")
  if (((i - first) / 3 % 2 == 1)); then
    classes=("${real_b[$s]}" "${real_a[$s]}")
  fi
  mkdir -p "$out/jmh-along/$load"
  for class in "${classes[@]}"; do
    local start end
    start=$(date +%s.%N)
    jmh_run "$class" 3 "$out/jmh-along/$load/$class-$i"
    end=$(date +%s.%N)
    echo "$class $i $(echo "$end - $start" | bc)" >> "$out/jmh-along/$load/elapsed.txt"
  done
}

# The JMH reference: each class of the chosen pairs alone, in JMH's forks, on the classes of the
# very jar the comparisons run, no spin loop (one with --jmh-load busy). DIR/jmh/elapsed.txt: class,
# seconds, load average.
if $jmh; then
  case "$jmh_load" in
    idle) ;;
    busy)
      bash -c 'while :; do :; done' &
      spinners+=($!)
      echo "JMH reference: spin loop started, PID $!" >> "$out/machine.txt" ;;
    *) echo "unknown --jmh-load $jmh_load (idle or busy)" >&2; exit 2 ;;
  esac
  # Only the chosen pairs' classes are measured again; the others' results stay.
  for class in $classes; do
    rm -f "$out/jmh/$class.json" "$out/jmh/$class.log"
    if [[ -f "$out/jmh/elapsed.txt" ]]; then
      grep -vF "$class " "$out/jmh/elapsed.txt" > "$out/jmh/elapsed.tmp" || true
      mv "$out/jmh/elapsed.tmp" "$out/jmh/elapsed.txt"
    fi
    start=$(date +%s.%N)
    jmh_run "$class" 3 "$out/jmh/$class"
    end=$(date +%s.%N)
    echo "$class $(echo "$end - $start" | bc) $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/jmh/elapsed.txt"
    echo "JMH $class: $(grep -E '^TrialTasksBenchmark' "$out/jmh/$class.log" | tail -1)" >&2
  done
  echo "$jmh_load" > "$out/jmh/load.txt"
  stop_spinners
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
  last=$((first + trials - 1))
  for ((i = first; i <= last; i++)); do
    for s in $scenarios; do
      if $jmh_along; then
        jmh_along_once "$s" "$i" "$load"
      fi
      read -r steal0 total0 < <(steal_ticks)
      start=$(date +%s.%N)
      if ! compare_once "$s" > "$out/$load-$s-$i.json"; then
        # A failed process is kept aside and counted, not lost in the tables nor ending the trials.
        mv "$out/$load-$s-$i.json" "$out/$load-$s-$i.failed"
        echo "$load $s $i" >> "$out/failures.txt"
        echo "$load trial $i/$last $s: the process failed (see $out/$load-$s-$i.failed)" >&2
        continue
      fi
      end=$(date +%s.%N)
      read -r steal1 total1 < <(steal_ticks)
      steal=$(echo "scale=4; ($steal1 - $steal0) / ($total1 - $total0 + 1)" | bc)
      echo "$load $s $i $(echo "$end - $start" | bc) $(cut -d' ' -f1-3 /proc/loadavg) $steal" >> "$out/elapsed.txt"
      echo "$load trial $i/$last $s: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("%s %.4f [%.4f, %.4f] by %s, %s" % (d["verdict"], d["ratio"], d["ratio_low"], d["ratio_high"], d["decided_by"], d["machine"]))' "$out/$load-$s-$i.json")" >&2
    done
  done
  stop_spinners
done
echo "uptime after: $(uptime)" >> "$out/machine.txt"
case "$set_name" in
  real) python3 "$root/scripts/compare_trials_summary.py" --real "$out" ;;
  identical) python3 "$root/scripts/compare_trials_summary.py" --identical "$out" ;;
  *) python3 "$root/scripts/compare_trials_summary.py" "$out" ;;
esac
