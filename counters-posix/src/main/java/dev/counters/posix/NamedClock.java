package dev.counters.posix;

import static java.util.Objects.requireNonNull;

/** A POSIX clock: its C name (as users read it in {@code CounterInfo}) and its {@code clockid_t} on this platform. */
record NamedClock(String name, int id) {

    NamedClock {
        requireNonNull(name, "name");
    }

    /** {@code "clock_gettime(CLOCK_MONOTONIC)"}: the API named in infos and exceptions. */
    String gettimeApi() {
        return "clock_gettime(" + name + ")";
    }

    /** {@code "clock_getres(CLOCK_MONOTONIC)"}. */
    String getresApi() {
        return "clock_getres(" + name + ")";
    }
}
