package dev.counters.measure.internal;

import com.google.common.collect.ImmutableList;
import dev.counters.internal.Ranking;
import dev.counters.internal.ServiceProviders;
import dev.counters.internal.ThreadControl;
import dev.counters.measure.PreparationStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Finds the {@link ThreadControl} that the platform modules ({@code counters-posix},
 * {@code counters-windows}) provide, with {@link ServiceLoader}: the available one of highest
 * rank. When none is available, {@link #unavailableReason()} says why, in words fit for a
 * {@link PreparationStep}.
 */
public final class ThreadControls {
    public static final String NO_PLATFORM_MODULE =
            "no platform module (add counters-posix or counters-windows to the class or module path)";

    private ThreadControls() {}

    /** The best available control on this platform, if any. */
    public static Optional<ThreadControl> best() {
        return Holder.BEST;
    }

    /** Why {@link #best()} is empty: no platform module, or each found control's reason; empty when a control is available. */
    public static Optional<String> unavailableReason() {
        return Holder.REASON;
    }

    /** The best available of {@code candidates}; exposed for tests and for callers with their own set. */
    static Optional<ThreadControl> choose(List<ThreadControl> candidates) {
        return Ranking.best(candidates);
    }

    static String reasonNoneAvailable(List<ThreadControl> candidates, List<String> loadFailures) {
        if (candidates.isEmpty() && loadFailures.isEmpty()) {
            return NO_PLATFORM_MODULE;
        }
        List<String> reasons = new ArrayList<>(loadFailures);
        for (ThreadControl control : candidates) {
            reasons.add(control.name() + ": " + control.unavailableReason().orElse("available"));
        }
        return String.join("; ", reasons);
    }

    private static final class Holder {
        static final Optional<ThreadControl> BEST;
        static final Optional<String> REASON;

        static {
            ServiceProviders<ThreadControl> found = ServiceProviders.load(ServiceLoader.load(ThreadControl.class));
            List<ThreadControl> loaded = found.providers();
            List<String> failures = new ArrayList<>();
            for (ServiceProviders.Failure failure : found.failures()) {
                failures.add(failure.type() + " failed to load (" + failure.error() + ")");
            }
            BEST = choose(ImmutableList.copyOf(loaded));
            REASON = BEST.isPresent() ? Optional.empty() : Optional.of(reasonNoneAvailable(loaded, failures));
        }
    }
}
