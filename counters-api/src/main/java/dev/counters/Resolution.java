package dev.counters;

import dev.counters.internal.Durations;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Optional;

/**
 * How finely a counter can tell two instants apart, measured on this machine by spinning on the
 * clock until it changes: the smallest step seen, the typical (median) step, and the resolution
 * the operating system claims ({@code clock_getres}), where it claims one.
 *
 * <p>A timing shorter than a few {@link #typical()} steps is mostly quantisation noise.
 */
public record Resolution(Duration smallest, Duration typical, int stepsSeen, Optional<Duration> declared) {

    public Resolution {
        requireNonNull(smallest, "smallest");
        requireNonNull(typical, "typical");
        requireNonNull(declared, "declared");
    }

    /** This resolution with the operating system's declared figure added. */
    public Resolution withDeclared(Duration declaredResolution) {
        return new Resolution(smallest, typical, stepsSeen, Optional.of(declaredResolution));
    }

    @Override
    public String toString() {
        return Durations.format(smallest)
                + (typical.equals(smallest) ? "" : " (typical " + Durations.format(typical) + ")")
                + declared.map(d -> " [declared " + Durations.format(d) + "]").orElse("");
    }
}
