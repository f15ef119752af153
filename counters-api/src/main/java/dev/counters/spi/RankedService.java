package dev.counters.spi;

import java.util.Optional;

/**
 * What every service counters finds with {@link java.util.ServiceLoader} says about itself, so
 * that one rule picks among them: of the services that are available here, the highest
 * {@link #rank()} wins, and among equal ranks the one found first.
 *
 * <p>A {@link CounterProvider} is the one such service a provider outside this project implements;
 * it says per kind what it serves ({@link CounterProvider#support}), and needs
 * {@link #unavailableReason()} only to step aside altogether.
 */
public interface RankedService {
    /** A short name shown in reports and messages, e.g. {@code "posix"}. */
    String name();

    /** Higher wins among available services; see {@link CounterProvider#RANK_PLATFORM} and its neighbours. */
    int rank();

    /**
     * Why this service cannot work here at all (wrong OS, library missing, native access denied), in
     * words fit for a user; empty, the default, when it can.
     */
    default Optional<String> unavailableReason() {
        return Optional.empty();
    }
}
