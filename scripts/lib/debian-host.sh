# Sourced by the scripts that run test suites on a foreign JVM (windows-tests-under-wine.sh,
# aarch64-tests-under-qemu.sh): their log lines, and Debian packages installed as root when a tool
# they need is missing. The sourcing script sets LOG_TAG (the prefix of its log lines) and ROOT_HINT
# (what to install by hand where neither root nor sudo is at hand) first.

log() { printf '[%s] %s\n' "$LOG_TAG" "$*" >&2; }
die() { printf '[%s] FAILED: %s\n' "$LOG_TAG" "$*" >&2; exit 1; }

# Runs its arguments as root: directly when this is root, else through sudo without a password prompt.
as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -n "$@"
    else
        die "'$*' needs root and there is no sudo; $ROOT_HINT"
    fi
}

# Installs Debian's packages $@ (apt-get update first), without questions.
apt_install() {
    log "installing Debian's $*"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >&2
}
