# Sourced by the benchmark scripts (through benchmarks-jar.sh) and .ci/run.

# Prints the home of a JDK 25 ($COUNTERS_JDK25_HOME first, then /usr/lib/jvm/*), or nothing when the
# machine has none. (.ci/run's own search also fetches one from PyPI.)
find_jdk25_home() {
    local home
    for home in "${COUNTERS_JDK25_HOME:-}" /usr/lib/jvm/*; do
        if [[ -n "$home" && -x "$home/bin/java" ]] && grep -qs '^JAVA_VERSION="25' "$home/release"; then
            echo "$home"
            return
        fi
    done
}

# Chooses the JDKs of a benchmark script: sets jdk25 to find_jdk25_home's answer when $1 is true
# (else, or where there is none, to nothing, and says so on standard error as "$2: no JDK 25 found
# ...: $3 left out"), and build_java_home to the JDK that builds the jars: that JDK 25 where it has
# javac, so that they hold the FFM bindings, else $JAVA_HOME.
choose_jdks() {
    local wanted=$1 script=$2 left_out=$3
    jdk25=""
    if $wanted; then
        jdk25="$(find_jdk25_home)"
        [[ -n "$jdk25" ]] || echo "$script: no JDK 25 found (set COUNTERS_JDK25_HOME): $left_out left out" >&2
    fi
    build_java_home="${JAVA_HOME:-}"
    if [[ -n "$jdk25" && -x "$jdk25/bin/javac" ]]; then
        build_java_home="$jdk25"
    fi
}
