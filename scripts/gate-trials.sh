#!/usr/bin/env bash
# Issue #47's record of the gate itself: how often `counters compare --fail-if slower` fails a build.
#   scripts/gate-trials.sh [RUNS] [LOAD]
# LOAD is idle (default) or busy (one core spun by a shell loop for the whole trial). BUDGET, when
# set, is passed as --budget (default: none, the library's default budget). For each case it runs
# RUNS processes and counts the exit codes: 1 is a failed gate (a regression), 0 a passed one, 4
# never (no --fail-if-undecided), anything else an error. The cases:
#   same     A against A,              --margin 2%: no failed gate expected
#   plus5    B does 5% more work,      --margin 2%: a failed gate expected
#   plus10   B does 10% more work,     --margin 5%: a failed gate expected
#   plus1    B does 1% more work,      --margin 2%: no failed gate expected
# Run i of a case takes its pair from family i mod n, everyday work in known amounts from counters-cli's
# test classes (GateWork; TrialTasksTest checks the amounts), each in 100, 101, 105 and 110 hundredths
# of its unit. FAMILIES (GateWork's class names, space-separated) picks them; by default the five
# whose fresh JVMs agree on the code, so that a size is a truth in time: Sort (Arrays.sort), Hash
# (CRC32 of 2 KiB), ListSum (a boxed ArrayList), Regex (a date in log lines) and Issue51's Work (a
# multiply-add loop). FAMILIES="Parse MapGet" runs the two whose JVMs disagree by 8% to twice
# (Long.parseLong, HashMap.get): the gate's record of what it does when a task scatters between
# JVMs. Needs counters-cli/target/counters.jar and counters-cli/target/test-classes.
# Reports go to OUT/LOAD/ (OUT: target/gate-trials); scripts/gate_trials_summary.py tallies them.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-100}"
load="${2:-idle}"
jar="$root/counters-cli/target/counters.jar"
tasks="$root/counters-cli/target/test-classes"
out="${OUT:-$root/target/gate-trials}/$load"
mkdir -p "$out"
spinner=""
if [ "$load" = busy ]; then
  sh -c 'while :; do :; done' &
  spinner=$!
  trap 'kill $spinner 2>/dev/null || true' EXIT
fi
families=()
for family in ${FAMILIES:-Sort Hash ListSum Regex Work}; do
  if [ "$family" = Work ]; then families+=("Issue51\$Work"); else families+=("GateWork\$$family"); fi
done
declare -A size=([same]=100 [plus5]=105 [plus10]=110 [plus1]=101)
declare -A margin=([same]=2% [plus5]=2% [plus10]=5% [plus1]=2%)
budget=()
[ -n "${BUDGET:-}" ] && budget=(--budget "$BUDGET")
for case in same plus5 plus10 plus1; do
  failed=0 passed=0 other=0
  for ((i = 1; i <= runs; i++)); do
    family="dev.counters.cli.trials.${families[$((i % ${#families[@]}))]}"
    set +e
    java -jar "$jar" compare --task-a "${family}100" --task-b "${family}${size[$case]}" --class-path "$tasks" \
      --fail-if slower --margin "${margin[$case]}" "${budget[@]}" --format json -q > "$out/$case-$i.json" 2> "$out/$case-$i.err"
    code=$?
    set -e
    echo "$code" > "$out/$case-$i.exit"
    case $code in 0) passed=$((passed + 1)) ;; 1) failed=$((failed + 1)) ;; *) other=$((other + 1)) ;; esac
  done
  echo "$case ($load): the gate failed $failed of $runs, passed $passed, other exits $other"
done
