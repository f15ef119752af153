#!/usr/bin/env bash
# Issue #47's suite figure: ten everyday task classes, compiled twice (build A, and build B in which
# three of them changed: Crc does 10% more work, Sort 5% more, Split 20% less), compared in one
# command at the default budgets, with the gate on:
#   counters compare --tasks-in gate.suite --class-path-a A --class-path-b B --fail-if slower --margin 2%
# The issue asks for at most 5 minutes. Prints the report (Markdown), the exit code (1 expected: two
# regressions) and the wall time. Needs counters-cli/target/counters.jar and
# counters-measure/target/classes (to compile the tasks against).
#   scripts/gate-suite-trial.sh [FORMAT]     (FORMAT: markdown, the default, table or json)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
format="${1:-markdown}"
work="$root/target/gate-suite"
rm -rf "$work"
mkdir -p "$work/src-a/gate/suite" "$work/src-b/gate/suite" "$work/a" "$work/b"

# task NAME HUNDREDTHS_IN_A HUNDREDTHS_IN_B FIELDS BODY: BODY returns a long and does its work
# `units` times (units = hundredths of the class's unit of work, 100 in build A).
task() {
  local name=$1 in_a=$2 in_b=$3 fields=$4 body=$5
  for build in a b; do
    local units=$in_a
    [ "$build" = b ] && units=$in_b
    cat > "$work/src-$build/gate/suite/$name.java" <<JAVA
package gate.suite;

import java.util.*;
import java.util.regex.*;
import java.util.zip.CRC32;

public final class $name implements dev.counters.measure.Task {
    private final int units = $units;
    private final SplittableRandom random = new SplittableRandom(47);
    $fields

    @Override
    public Object run() {
        long result = 0;
        $body
        return result;
    }
}
JAVA
  done
}

task Parse 100 100 'private final String[] texts = random.ints(4_000).mapToObj(Integer::toString).toArray(String[]::new);' \
  'for (int i = 0; i < units * 40; i++) { result += Integer.parseInt(texts[i % texts.length]); }'
task Lookup 100 100 'private final Map<String, Integer> map = new HashMap<>(); { for (int i = 0; i < 20_000; i++) map.put("k" + i, i); }' \
  'for (int i = 0; i < units * 50; i++) { result += map.get("k" + ((i * 7919) % 20_000)); }'
task Crc 100 110 'private final byte[] data = new byte[2_000]; { random.nextBytes(data); } private final CRC32 crc = new CRC32();' \
  'crc.reset(); for (int i = 0; i < units; i++) { crc.update(data); } result = crc.getValue();'
task Sort 100 105 'private final int[][] arrays = new int[110][]; { for (int i = 0; i < arrays.length; i++) arrays[i] = random.ints(200).toArray(); }' \
  'for (int i = 0; i < units; i++) { int[] copy = arrays[i].clone(); Arrays.sort(copy); result += copy[100]; }'
task Split 100 80 'private final String line = String.join(",", Collections.nCopies(20, "alpha"));' \
  'for (int i = 0; i < units; i++) { result += line.split(",").length; }'
task Regex 100 100 'private final Pattern pattern = Pattern.compile("(\\\\w+)@(\\\\w+)\\\\.com"); private final String text = "write to someone@example.com today";' \
  'for (int i = 0; i < units; i++) { Matcher m = pattern.matcher(text); if (m.find()) result += m.group(2).length(); }'
task Builder 100 100 '' \
  'StringBuilder b = new StringBuilder(); for (int i = 0; i < units * 20; i++) { b.append(i).append(";"); } result = b.length();'
task Stream 100 100 'private final List<Integer> values = random.ints(2_000, 0, 1_000).boxed().toList();' \
  'result = values.stream().limit(units * 20L).filter(v -> v % 3 == 0).mapToLong(v -> v * 2L).sum();'
task Boxed 100 100 '' \
  'List<Long> list = new ArrayList<>(); for (long i = 0; i < units * 50; i++) { list.add(i); } for (Long v : list) { result += v; }'
task TreeLookup 100 100 'private final TreeMap<Integer, Integer> map = new TreeMap<>(); { for (int i = 0; i < 10_000; i++) map.put(i * 3, i); }' \
  'for (int i = 0; i < units * 20; i++) { Integer v = map.floorKey((i * 7919) % 30_000); result += v == null ? 0 : v; }'

cp="$root/counters-measure/target/classes"
javac --release 17 -cp "$cp" -d "$work/a" "$work"/src-a/gate/suite/*.java
javac --release 17 -cp "$cp" -d "$work/b" "$work"/src-b/gate/suite/*.java

start=$(date +%s)
set +e
java -jar "$root/counters-cli/target/counters.jar" compare --tasks-in gate.suite --class-path-a "$work/a" \
  --class-path-b "$work/b" --fail-if slower --margin 2% --format "$format" -q
code=$?
set -e
echo "exit code: $code; wall time: $(($(date +%s) - start)) s"
