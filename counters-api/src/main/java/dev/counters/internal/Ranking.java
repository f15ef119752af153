package dev.counters.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.spi.RankedService;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The one rule that picks among services found with {@link java.util.ServiceLoader} (counter
 * providers, thread controls, thread CPU-time readers): the available ones, highest
 * {@link RankedService#rank() rank} first, equal ranks in the order they were found, so the choice
 * never depends on anything but rank and the class path's order.
 */
public final class Ranking {
    private Ranking() {}

    /** The available ones of {@code found}, best first. */
    public static <S extends RankedService> List<S> bestFirst(List<S> found) {
        List<S> available = new ArrayList<>();
        for (S service : requireNonNull(found, "found")) {
            if (service.unavailableReason().isEmpty()) {
                available.add(service);
            }
        }
        available.sort(HighestRankFirst.INSTANCE); // stable: equal ranks keep the found order
        return available;
    }

    /** The best available of {@code found}, or empty when none is available. */
    public static <S extends RankedService> Optional<S> best(List<S> found) {
        List<S> ranked = bestFirst(found);
        return ranked.isEmpty() ? Optional.empty() : Optional.of(ranked.get(0));
    }

    /** Each of {@code found} that is unavailable, as {@code "name: reason"}, in the found order. */
    public static List<String> unavailableReasons(List<? extends RankedService> found) {
        List<String> reasons = new ArrayList<>();
        for (RankedService service : requireNonNull(found, "found")) {
            Optional<String> reason = service.unavailableReason();
            if (reason.isPresent()) {
                reasons.add(service.name() + ": " + reason.get());
            }
        }
        return reasons;
    }

    // An enum, not a lambda: the first counter of a process is made without the lambda machinery
    // (FirstReadingTest; docs/PERFORMANCE.md, "The first reading").
    private enum HighestRankFirst implements Comparator<RankedService> {
        INSTANCE;

        @Override
        public int compare(RankedService a, RankedService b) {
            return Integer.compare(b.rank(), a.rank());
        }
    }
}
