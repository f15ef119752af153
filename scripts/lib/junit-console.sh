# Sourced by the scripts that run test suites on a foreign JVM (windows-tests-under-wine.sh,
# aarch64-tests-under-qemu.sh): the JUnit Platform console launcher and its summary. The sourcing
# script defines REPO and CACHE, and log and die (lib/debian-host.sh).

# Sets JUNIT_JAR to the console launcher of the root pom's <junit.platform.version>, fetched once
# from Maven Central into $CACHE.
ensure_junit_launcher() {
    local version
    version=$(sed -n 's:.*<junit.platform.version>\(.*\)</junit.platform.version>.*:\1:p' "$REPO/pom.xml" | sed -n 1p)
    [ -n "$version" ] || die "no <junit.platform.version> in $REPO/pom.xml"
    JUNIT_JAR=$CACHE/junit-platform-console-standalone-$version.jar
    if [ ! -f "$JUNIT_JAR" ]; then
        log "downloading junit-platform-console-standalone $version from Maven Central"
        mkdir -p "$CACHE"
        mvn -N -q -B -f "$REPO/pom.xml" dependency:copy \
            -Dartifact="org.junit.platform:junit-platform-console-standalone:$version" \
            -DoutputDirectory="$CACHE" >&2 \
            || die "Maven could not fetch junit-platform-console-standalone $version"
    fi
}

# The number on the console launcher's summary line "[   12 tests found   ]" for label $1, in file $2.
summary_count() {
    sed -n "s/^\\[ *\\([0-9][0-9]*\\) $1 *\\]\$/\\1/p" "$2" | tail -n 1
}
