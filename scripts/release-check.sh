#!/usr/bin/env bash
# Checks a release the way its users will meet it (run by .ci/run; by hand from the project root):
#   1. builds the committed HEAD twice, from two clean clones, with the release profile, as version
#      $RELEASE_CHECK_VERSION (default 1.0.0), and deploys each into a staging folder (checksums
#      included): the published jars, sources and javadoc jars and poms of both must be byte-identical;
#   2. checks that counters-bom lists every published module, at the parent's version;
#   3. builds scripts/release-consumers from the staged folder alone (an empty local repository; the
#      staged folder is the one source of dev.counters, which the local repository's records confirm)
#      and runs the app on the class path and the module path, as one uber jar (maven-shade) and as a
#      Spring Boot executable jar, each on JDK 17 and on JDK 25: on JDK 25 TICK and THREAD_TIMES must
#      read through FFM, on JDK 17 through JNA; on JDK 25 also as a jlink image, which must hold no JNA;
#   4. fetches the command line (counters-cli's executable jar) from the staged folder alone, as the
#      README tells a user to, and runs `counters list` with it on JDK 17 (JNA) and JDK 25 (FFM).
# Tests are neither compiled nor run in these builds (.ci/run has run them), so counters-api's test fixtures
# (its tests.jar, which a real release publishes too) are not staged. Needs git, Maven, a JDK 17 (the java on the
# PATH) and a JDK 25 with javac (scripts/lib/jdk25.sh, or COUNTERS_JDK25_HOME); Maven Central for the
# consumers' plugins not yet in ~/.m2.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/jdk25.sh

version=${RELEASE_CHECK_VERSION:-1.0.0}
work=$PWD/target/release-check
jdk25=$(find_jdk25_home)
[[ -n "$jdk25" && -x "$jdk25/bin/javac" ]] || { echo "release-check: a JDK 25 with javac is needed (set COUNTERS_JDK25_HOME)" >&2; exit 1; }
jdk17=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
"$jdk17/bin/java" -version 2>&1 | grep -q '"17' || { echo "release-check: the java on the PATH must be JDK 17, is $jdk17" >&2; exit 1; }
started=$(date +%s)
phase=$started
rm -rf "$work"
mkdir -p "$work"

snapshot=$(sed -n 's|^  <version>\(.*\)</version>$|\1|p' pom.xml | sed -n 1p)

# 1. Two clean builds of one commit, each staged.
for build in a b; do
  git clone -q --no-local . "$work/clone-$build"
  # The version a release would carry, in every pom (what `mvn versions:set` does, without the plugin).
  find "$work/clone-$build" -name pom.xml -not -path '*/release-consumers/*' \
    -exec sed -i "s|<version>$snapshot</version>|<version>$version</version>|" {} +
  echo "== release-check: build $build of $(git rev-parse --short HEAD) as $version"
  # shellcheck disable=SC2086 # RELEASE_CHECK_MAVEN_ARGS: extra options, words (e.g. -X)
  (cd "$work/clone-$build" && mvn -B -q -Dstyle.color=never -P release deploy -DskipTests -Dpitest.skip=true ${RELEASE_CHECK_MAVEN_ARGS:-} \
    -pl '!counters-benchmarks,!examples' -DaltDeploymentRepository=staging::file://"$work/staging-$build")
  echo "== release-check: build $build took $(($(date +%s) - phase)) s"
  phase=$(date +%s)
done

published() { (cd "$1" && find dev -type f \( -name '*.jar' -o -name '*.pom' \) | sort | xargs sha256sum); }
published "$work/staging-a" > "$work/sha256-a.txt"
published "$work/staging-b" > "$work/sha256-b.txt"
echo "== release-check: sha256 of the published files, build a (build b identical unless said below)"
cat "$work/sha256-a.txt"
if ! diff -u "$work/sha256-a.txt" "$work/sha256-b.txt"; then
  echo "release-check: the two builds of one commit differ (above): the build is not reproducible" >&2
  exit 1
fi
echo "== release-check: the staging folder"
(cd "$work/staging-a" && find . -type f | sort)
for file in $(cd "$work/staging-a" && find . -name '*.jar' -o -name '*.pom'); do
  for sum in md5 sha1; do
    [[ -f "$work/staging-a/$file.$sum" ]] || { echo "release-check: $file has no .$sum checksum" >&2; exit 1; }
  done
done

# Every class that runs has its source at the same path in the -sources.jar, the release-22 classes of a
# multi-release jar (META-INF/versions/22) included, so a debugger on JDK 25 shows the code that ran.
python3 - "$work/staging-a" <<'PYTHON' || exit 1
import pathlib, re, sys, zipfile
missing = []
for jar in sorted(pathlib.Path(sys.argv[1]).rglob("*.jar")):
    if jar.name != f"{jar.parent.parent.name}-{jar.parent.name}.jar":
        continue  # the main artifact (ARTIFACT-VERSION.jar) only: its classifiers are sources, javadoc, builds of it
    sources = jar.with_name(jar.name[:-len(".jar")] + "-sources.jar")
    with zipfile.ZipFile(jar) as classes, zipfile.ZipFile(sources) as java:
        have = set(java.namelist())
        for name in classes.namelist():
            if name.endswith(".class"):
                source = re.sub(r"\$.*$", "", name[:-len(".class")]) + ".java"
                if source not in have:
                    missing.append(f"{sources.name} lacks {source} (for {name})")
print("\n".join(missing) or "release-check: every class has its source in the -sources.jar, META-INF/versions/22 included")
sys.exit(1 if missing else 0)
PYTHON
echo "== release-check: counters-posix's -sources.jar"
unzip -l "$work/staging-a/dev/counters/counters-posix/$version/counters-posix-$version-sources.jar"

# 2. The BOM: every deployed module but the parent and the BOM itself, at the parent's version.
bom=$work/staging-a/dev/counters/counters-bom/$version/counters-bom-$version.pom
for module in $(cd "$work/staging-a/dev/counters" && ls | grep -v -e '^counters-parent$' -e '^counters-bom$'); do
  grep -q "<artifactId>$module</artifactId>" "$bom" || { echo "release-check: counters-bom lacks $module" >&2; exit 1; }
done
grep -q '<parent>' "$bom" && { echo "release-check: counters-bom has a parent: its users would import the parent's versions" >&2; exit 1; }
grep -q "<version>$version</version>" "$bom" || { echo "release-check: counters-bom is not at version $version" >&2; exit 1; }

# 3. Consumers, from the staged folder and an empty local repository. ~/.m2 serves the third-party
#    artifacts the build has already fetched (Maven Central the rest); it never holds dev.counters
#    artifacts of this version, and the check after the build makes sure they came from staging.
cache=${RELEASE_CHECK_CACHE:-$HOME/.m2/repository}  # a local repository to take third-party artifacts from
cat > "$work/settings.xml" <<EOF
<settings>
  <localRepository>$work/consumer-m2</localRepository>
  <profiles><profile><id>staged</id>
    <repositories>
      <repository><id>staging</id><url>file://$work/staging-a</url></repository>
      <repository><id>cache</id><url>file://$cache</url></repository>
    </repositories>
    <pluginRepositories><pluginRepository><id>cache</id><url>file://$cache</url></pluginRepository></pluginRepositories>
  </profile></profiles>
  <activeProfiles><activeProfile>staged</activeProfile></activeProfiles>
</settings>
EOF
cp -r scripts/release-consumers "$work/consumers"
echo "== release-check: the consumers build"
(cd "$work/consumers" && MAVEN_OPTS= mvn -B -q -Dstyle.color=never -s "$work/settings.xml" -Dcounters.version="$version" package)
echo "== release-check: the consumers built in $(($(date +%s) - phase)) s"
phase=$(date +%s)
for record in $(find "$work/consumer-m2/dev/counters" -name _remote.repositories); do
  if grep -v '^#' "$record" | grep -qv '>staging='; then
    echo "release-check: a dev.counters artifact came from elsewhere than the staged folder: $record" >&2
    cat "$record" >&2
    exit 1
  fi
done

app=$work/consumers/app/target
# The module path on JDK 17-21 resolves JNA only when asked: the platform modules require it statically,
# so that a jlink image on JDK 22+ can leave it out (README, "Add the dependency").
runs17=(
  "class path|--enable-native-access=ALL-UNNAMED -cp $app/app-1.jar:$app/lib/* example.consumer.Main"
  "module path|--add-modules com.sun.jna --enable-native-access=com.sun.jna,dev.counters.nativeaccess,dev.counters.posix -p $app/app-1.jar:$app/lib -m example.consumer/example.consumer.Main"
  "uber jar (maven-shade)|-jar $work/consumers/shaded/target/shaded-app.jar"
  "Spring Boot jar|-jar $work/consumers/boot/target/boot-app.jar"
)
runs25=(
  "${runs17[0]}"
  "module path|--enable-native-access=dev.counters.nativeaccess,dev.counters.posix -p $app/app-1.jar:$app/lib -m example.consumer/example.consumer.Main"
  "${runs17[2]}"
  "${runs17[3]}"
)
failed=0
# check KIND OUTPUT EXPECTED: TICK and THREAD_TIMES read through EXPECTED, and the JVM warned of nothing.
check() {
  for counter in TICK THREAD_TIMES; do
    echo "$2" | grep -q "^$counter binding=[^=]*$3 provider=" \
      || { echo "release-check: $1: $counter is not read through $3" >&2; failed=1; }
  done
  if echo "$2" | grep -q WARNING; then
    echo "release-check: $1: the JVM warned (native access not enabled as the README says?)" >&2
    failed=1
  fi
}
for jdk in "$jdk17" "$jdk25"; do
  if [[ $jdk == "$jdk25" ]]; then expected=FFM; runs=("${runs25[@]}"); else expected=JNA; runs=("${runs17[@]}"); fi
  for run in "${runs[@]}"; do
    kind=${run%%|*}
    # shellcheck disable=SC2086 # the options are words
    output=$("$jdk/bin/java" ${run#*|} 2>&1) || { echo "$output"; echo "release-check: $kind failed on $jdk" >&2; failed=1; continue; }
    echo "== $kind on $(basename "$jdk")"
    echo "$output"
    check "$kind on $jdk" "$output" "$expected"
  done
done

# A jlink image of the module-path app on JDK 25: the platform module is named (jlink binds no services
# by default), JNA is not in it, and FFM reads every native kind.
image=$work/jlink-image
"$jdk25/bin/jlink" --module-path "$app/app-1.jar:$app/lib" --add-modules example.consumer,dev.counters.posix \
  --strip-debug --no-header-files --no-man-pages --output "$image"
echo "== jlink image on $(basename "$jdk25"): java --list-modules"
"$image/bin/java" --list-modules
if "$image/bin/java" --list-modules | grep -q '^com\.sun\.jna'; then
  echo "release-check: the jlink image holds JNA" >&2; failed=1
fi
output=$("$image/bin/java" --enable-native-access=dev.counters.nativeaccess,dev.counters.posix \
  -m example.consumer/example.consumer.Main 2>&1) || { echo "$output"; echo "release-check: the jlink image failed" >&2; failed=1; }
echo "== jlink image on $(basename "$jdk25")"
echo "$output"
check "the jlink image" "$output" FFM
# Run without native access, the image reads the JDK's clocks and must name the flag that lets FFM serve,
# not ask for the JNA it cannot hold (issue 50, item 6).
output=$("$image/bin/java" -m example.consumer/example.consumer.Main 2>&1) || { echo "$output"; echo "release-check: the jlink image without native access failed" >&2; failed=1; }
echo "$output" | grep -q "could not bind a native layer: FFM could not link: .*--enable-native-access=dev.counters.nativeaccess,dev.counters.posix" \
  || { echo "$output"; echo "release-check: the jlink image without native access does not name --enable-native-access" >&2; failed=1; }

# 4. The command line, fetched as the README says (the staged folder standing in for Maven Central).
echo "== release-check: the command line from the staged folder"
(cd "$work" && MAVEN_OPTS= mvn -B -q -Dstyle.color=never -s "$work/settings.xml" \
  org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
  -Dartifact="dev.counters:counters-cli:$version:jar:all" -DoutputDirectory="$work/cli")
cli=$work/cli/counters-cli-$version-all.jar
for jdk in "$jdk17" "$jdk25"; do
  if [[ $jdk == "$jdk25" ]]; then expected=FFM; else expected=JNA; fi
  output=$("$jdk/bin/java" -jar "$cli" list 2>&1) || { echo "$output"; echo "release-check: counters list failed on $jdk" >&2; failed=1; continue; }
  echo "== java -jar $(basename "$cli") list on $(basename "$jdk")"
  echo "$output"
  echo "$output" | grep -q "TICK .*$expected" || { echo "release-check: counters list on $jdk: TICK is not read through $expected" >&2; failed=1; }
  if echo "$output" | grep -q WARNING; then echo "release-check: counters list on $jdk: the JVM warned" >&2; failed=1; fi
done
echo "== release-check: the runs took $(($(date +%s) - phase)) s; all of it $(($(date +%s) - started)) s"
exit $failed
