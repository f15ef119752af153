#!/usr/bin/env bash
# How long a fresh JVM takes to its first reading, Counters.performance() started and stopped:
# one new JVM per sample, with every library module on the class path and with counters-api alone,
# on JDK 17 and on JDK 25, the configurations interleaved round by round; and, as the floor, the
# same JVMs timing only ServiceLoader finding and creating the providers. Prints the median and
# quartiles of each figure (see dev.counters.benchmarks.StartupBenchmark) as a Markdown table.
#
#   scripts/startup-benchmark.sh                   20 fresh JVMs per configuration (about 1 minute)
#   scripts/startup-benchmark.sh --baseline REV    the same, side by side with revision REV, built in a
#                                                  temporary git worktree (never installed) and removed after
#   scripts/startup-benchmark.sh --smoke           one JVM per configuration, for CI (a few seconds)
#   scripts/startup-benchmark.sh --stages          only this tree's first reading, timed in stages (what the
#                                                  floor is made of: FirstReading.STAGE_NAMES), medians per stage
# Options:
#   --runs N              fresh JVMs per configuration (default 20)
#   --baseline-tree DIR   a checkout already built with `mvn package -DskipTests`, instead of --baseline
#   --no-build            reuse counters-benchmarks/target (counters-benchmarks.jar and startup-lib/)
#   --no-jdk25            measure on the default java only
#   --out DIR             where the results go (default counters-benchmarks/target/startup-results)
# "Every module" is each library module's jar (api, native, posix, windows, scope, measure) with their
# third-party jars, one jar each as a user's class path holds them; "counters-api alone" is its jar with
# Guava's. A baseline runs its own modules' jars with this tree's third-party jars. Not a timing gate.
set -euo pipefail

# shellcheck source=lib/benchmarks-jar.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/benchmarks-jar.sh"
lib="$module/target/startup-lib"
out="$module/target/startup-results"
runs=20
build=true
use_jdk25=true
baseline=""
baseline_tree=""
stages=false

while [[ $# -gt 0 ]]; do
    case "$1" in
        --smoke) runs=1 ;;
        --stages) stages=true ;;
        --runs) runs="$2"; shift ;;
        --baseline) baseline="$2"; shift ;;
        --baseline-tree) baseline_tree="$2"; shift ;;
        --no-build) build=false ;;
        --no-jdk25) use_jdk25=false ;;
        --out) out="$2"; shift ;;
        -h|--help) print_header_help ;;
        *) refuse_option "$1" ;;
    esac
    shift
done

# The jars are built on JDK 25 where there is one, so that they hold the FFM bindings (as benchmarks.sh does).
choose_jdks "$use_jdk25" startup-benchmark.sh "JDK 25"

if $build; then
    echo "== building the benchmarks jar and its class path${jdk25:+ on JDK 25}"
    (cd "$root" && JAVA_HOME="$build_java_home" mvn -q -B -Dstyle.color=never -pl counters-benchmarks -am package -DskipTests -Dpitest.skip=true)
fi
[[ -f "$jar" && -d "$lib" ]] || { echo "startup-benchmark.sh: $jar or $lib is missing; run without --no-build" >&2; exit 66; }

cleanup_worktree=""
if [[ -n "$baseline" ]]; then
    baseline_tree="$(mktemp -d "${TMPDIR:-/tmp}/counters-baseline.XXXXXX")"
    rmdir "$baseline_tree"
    echo "== building the baseline $baseline in $baseline_tree"
    git -C "$root" worktree add --detach -q "$baseline_tree" "$baseline"
    cleanup_worktree="$baseline_tree"
    trap 'git -C "$root" worktree remove --force "$cleanup_worktree"' EXIT
    (cd "$baseline_tree" && JAVA_HOME="$build_java_home" mvn -q -B -Dstyle.color=never package -DskipTests -Dpitest.skip=true)
fi

# class_path TREE WHICH: the class path of every library module ("all") or of counters-api alone ("api"),
# with TREE's module jars (this tree's come from startup-lib) and this tree's third-party jars.
class_path() {
    local tree="$1" which="$2" entries=() name
    for file in "$lib"/*.jar; do
        name="$(basename "$file")"
        case "$name" in
            jackson-*|jmh-*|jopt-simple-*) continue ;;                   # the benchmarks' own, not the library's
            counters-api-*) ;;
            counters-*) [[ "$which" == all ]] || continue ;;
            guava-*|failureaccess-*|listenablefuture-*|jspecify-*|error_prone_annotations-*|j2objc-annotations-*) ;;
            *) [[ "$which" == all ]] || continue ;;
        esac
        if [[ -n "$tree" && "$name" == counters-* ]]; then
            local artifact="${name%-*-SNAPSHOT.jar}"
            file="$(ls "$tree/$artifact/target/$artifact"-*.jar | grep -v -- '-tests.jar$' | head -n 1)"
        fi
        entries+=("$file")
    done
    (IFS=:; echo "${entries[*]}")
}

label_of() { # TREE
    if [[ -n "$1" ]]; then git -C "$1" rev-parse --short HEAD; else echo "this tree"; fi
}

configs=()
for java_home in "$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")" ${jdk25:+"$jdk25"}; do
    version="$("$java_home/bin/java" -version 2>&1 | sed -n '1s/.*version "\([0-9]*\).*/\1/p')"
    if $stages; then
        configs+=(--config "JDK $version, every module, in stages|$java_home/bin/java|$(class_path "" all)|--stages")
        configs+=(--config "JDK $version, counters-api alone, in stages|$java_home/bin/java|$(class_path "" api)|--stages")
        continue
    fi
    for tree in ${baseline_tree:+"$baseline_tree"} ""; do
        for which in all api; do
            description="every module"
            [[ "$which" == all ]] || description="counters-api alone"
            configs+=(--config "JDK $version, $description, $(label_of "$tree")|$java_home/bin/java|$(class_path "$tree" "$which")")
        done
    done
    # The floor: ServiceLoader finding and creating the providers of this tree, which any registry must do first.
    for which in all api; do
        description="every module"
        [[ "$which" == all ]] || description="counters-api alone"
        configs+=(--config "JDK $version, $description, ServiceLoader alone|$java_home/bin/java|$(class_path "" "$which")|--service-loader-only")
    done
done

mkdir -p "$out"
echo "== the first reading of a fresh JVM: $runs per configuration, interleaved (results in $out)"
java -cp "$jar" dev.counters.benchmarks.StartupBenchmark --runs "$runs" --out "$out" "${configs[@]}"
