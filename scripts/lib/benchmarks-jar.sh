# Sourced by the scripts that measure with the benchmarks jar (benchmarks.sh, startup-benchmark.sh):
# where the tree, the benchmarks module and its jar are, and what both scripts use besides: the
# option conventions (options.sh) and the choice of JDKs (jdk25.sh's choose_jdks).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
module="$root/counters-benchmarks"
jar="$module/target/counters-benchmarks.jar"
# shellcheck source=options.sh
source "$root/scripts/lib/options.sh"
# shellcheck source=jdk25.sh
source "$root/scripts/lib/jdk25.sh"
