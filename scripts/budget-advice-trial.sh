#!/usr/bin/env bash
# Issue #51's check of "A budget of about N s would decide": a comparison of a pair of known
# difference with a short budget, undecided, names a budget (and the JVMs it runs); the same
# comparison is then run again with that budget and as many forks, and the script counts how often
# that run decided (slower, faster or indistinguishable) and how often it decided right.
#   scripts/budget-advice-trial.sh [ROUNDS] [SHORT_BUDGET] [PAIR...]
# PAIR is A:B:TRUTH with classes of dev.counters.cli.trials.Issue51, e.g. Work100:Work105:slower.
# Needs counters-cli/target/counters.jar and counters-cli/target/test-classes (mvn -DskipTests package
# test-compile). Prints one line per round and a summary; the JSON reports go to target/budget-advice/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rounds="${1:-10}"
short="${2:-6s}"
shift $(( $# > 2 ? 2 : $# )) || true
pairs=("$@")
[ ${#pairs[@]} -gt 0 ] || pairs=(Work100:Work105:slower Work100:Work101:slower)
jar="$root/counters-cli/target/counters.jar"
tasks="$root/counters-cli/target/test-classes"
out="$root/target/budget-advice"
mkdir -p "$out"
field() { python3 -c "import json,sys; v=json.load(open(sys.argv[1])).get(sys.argv[2]); print('' if v is None else v)" "$1" "$2"; }
advised=0 decided=0 right=0
for ((round = 1; round <= rounds; round++)); do
  for pair in "${pairs[@]}"; do
    IFS=: read -r a b truth <<< "$pair"
    name="$a-$b-$round"
    java -jar "$jar" compare --task-a "dev.counters.cli.trials.Issue51\$$a" --task-b "dev.counters.cli.trials.Issue51\$$b" \
      --class-path "$tasks" --budget "$short" --format json -q > "$out/$name-short.json" || true
    verdict=$(field "$out/$name-short.json" verdict)
    budget_ms=$(field "$out/$name-short.json" budget_to_decide_ms)
    forks=$(field "$out/$name-short.json" forks_to_decide)
    if [ -z "$budget_ms" ]; then
      echo "round $round $a/$b: $verdict at $short, no budget advised"
      continue
    fi
    advised=$((advised + 1))
    seconds=$(( (budget_ms + 999) / 1000 ))
    java -jar "$jar" compare --task-a "dev.counters.cli.trials.Issue51\$$a" --task-b "dev.counters.cli.trials.Issue51\$$b" \
      --class-path "$tasks" --budget "${seconds}s" --forks "$forks" --format json -q > "$out/$name-advised.json" || true
    again=$(field "$out/$name-advised.json" verdict)
    ratio=$(field "$out/$name-advised.json" ratio)
    case "$again" in slower|faster|indistinguishable) decided=$((decided + 1)) ;; esac
    [ "$again" = "$truth" ] && right=$((right + 1))
    echo "round $round $a/$b: $verdict at $short advised ${seconds}s over $forks JVMs -> $again (B/A $ratio)"
  done
done
echo "advised $advised times; the advised budget decided $decided of $advised, rightly $right"
