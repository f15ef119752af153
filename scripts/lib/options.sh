# Sourced by the scripts whose options follow one convention (benchmarks.sh, startup-benchmark.sh,
# jmh-profiler-figures.sh): --help prints the script's header comment, and an unknown option is
# refused with exit code 64 (EX_USAGE).

# Prints the comment block at the head of the running script (after the #! line), without the
# comment marks, and exits 0.
print_header_help() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
    exit 0
}

# Refuses option $1 on standard error, naming the script, and exits 64.
refuse_option() {
    echo "$(basename "$0"): unknown option '$1' (try --help)" >&2
    exit 64
}
