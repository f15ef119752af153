# Sourced by the benchmark scripts: prints the home of a JDK 25 ($COUNTERS_JDK25_HOME first, then
# /usr/lib/jvm/*), or nothing when the machine has none. (.ci/run's own search also fetches one from PyPI.)
find_jdk25_home() {
    local home
    for home in "${COUNTERS_JDK25_HOME:-}" /usr/lib/jvm/*; do
        if [[ -n "$home" && -x "$home/bin/java" ]] && grep -qs '^JAVA_VERSION="25' "$home/release"; then
            echo "$home"
            return
        fi
    done
}
