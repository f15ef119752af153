package dev.counters;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import com.google.common.base.MoreObjects;
import com.google.common.base.Suppliers;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What a counter is: its kind, which provider serves it, the native API it reads, its frequency,
 * whether it is monotonic, what it measures and whether it splits CPU time into kernel and user
 * time. {@code counters list} prints one line of these per kind, so you can see which clock your
 * numbers come from before you trust them.
 *
 * <p>A plain value: reading, comparing, hashing or printing an info never touches the clock. The
 * one thing that is not a fact but a measurement, the {@link Resolution} on this machine, is asked
 * for explicitly with {@link #measureResolution()}, which probes the clock (for up to a quarter
 * of a second) the first time and remembers the answer. Two infos are equal when every fact is;
 * the resolution takes no part in {@link #equals}, {@link #hashCode} or {@link #toString}.
 *
 * <p>Built once per kind and process, the first time {@link Counter#getInfo()} or
 * {@link Counters#available()} needs it.
 *
 * @param kind the kind described
 * @param provider the provider that serves this counter, e.g. {@code "jdk"}, {@code "posix"}, {@code "windows"}
 * @param source the native API or JDK method the counter reads, e.g. {@code "clock_gettime(CLOCK_MONOTONIC)"}
 * @param frequency native ticks per second
 * @param monotonic whether readings never go backwards (false for the time of day, which can be set)
 * @param measures what the ticks stand for
 * @param kernelUserSplit whether the counter splits CPU time into kernel and user time
 * @param notes anything else worth knowing: a cheaper path that reads the same clock, a fallback
 *     taken, a missing split
 * @param resolutionProbe measures the resolution, once, when {@link #measureResolution()} first asks;
 *     not part of the value
 * @param binding how the source is reached: {@link #BINDING_FFM} (Foreign Function &amp; Memory
 *     downcalls, JDK 22+), {@link #BINDING_JNA}, {@link #BINDING_JVM} (a JDK method that reads the
 *     clock itself, such as {@code System.nanoTime()}), or a combination such as {@code "JVM + FFM"}
 *     where a kind reads two sources
 */
public record CounterInfo(
        CounterKind kind,
        String provider,
        String source,
        long frequency,
        boolean monotonic,
        Measures measures,
        boolean kernelUserSplit,
        String notes,
        Supplier<Resolution> resolutionProbe,
        String binding) {
    /** Read through Foreign Function &amp; Memory downcalls (JDK 22+). */
    public static final String BINDING_FFM = "FFM";
    /** Read through JNA. */
    public static final String BINDING_JNA = "JNA";
    /** Read by a JDK method, with no native binding of this library's own. */
    public static final String BINDING_JVM = "JVM";

    public CounterInfo {
        requireNonNull(kind, "kind");
        requireNonNull(provider, "provider");
        requireNonNull(source, "source");
        checkArgument(frequency > 0, "frequency must be positive, was %s", frequency);
        requireNonNull(measures, "measures");
        requireNonNull(notes, "notes");
        resolutionProbe = Suppliers.memoize(requireNonNull(resolutionProbe, "resolutionProbe")::get);
        requireNonNull(binding, "binding");
    }

    /** Starts describing a counter of {@code kind}; {@link Builder#build()} checks every required field is set. */
    public static Builder builder(CounterKind kind) {
        return new Builder(kind);
    }

    /**
     * The resolution measured on this machine: the first call probes the clock, which may take a
     * quarter of a second (and, for a cycle kind, may bind its native source); later calls return
     * the same answer at once.
     */
    public Resolution measureResolution() {
        return resolutionProbe.get();
    }

    /** Whether readings never go backwards (false for the time of day, which can be set). */
    public boolean isMonotonic() {
        return monotonic;
    }

    /** Whether the counter splits CPU time into kernel and user time. */
    public boolean hasKernelUserSplit() {
        return kernelUserSplit;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof CounterInfo)) {
            return false;
        }
        CounterInfo that = (CounterInfo) other;
        return kind == that.kind
                && provider.equals(that.provider)
                && source.equals(that.source)
                && frequency == that.frequency
                && monotonic == that.monotonic
                && measures == that.measures
                && kernelUserSplit == that.kernelUserSplit
                && notes.equals(that.notes)
                && binding.equals(that.binding);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, provider, source, frequency, monotonic, measures, kernelUserSplit, notes, binding);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("kind", kind)
                .add("provider", provider)
                .add("source", source)
                .add("binding", binding)
                .add("frequency", frequency)
                .add("monotonic", monotonic)
                .add("measures", measures)
                .add("kernelUserSplit", kernelUserSplit)
                .add("notes", notes.isEmpty() ? null : notes)
                .omitNullValues()
                .toString();
    }

    /** Collects a {@link CounterInfo}; provider, source, frequency and resolution are required. */
    public static final class Builder {
        private final CounterKind kind;
        private String provider;
        private String source;
        private long frequency;
        private Supplier<Resolution> resolution;
        private boolean monotonic;
        private Measures measures;
        private boolean kernelUserSplit;
        private String notes = "";
        private String binding = BINDING_JVM;

        private Builder(CounterKind kind) {
            this.kind = requireNonNull(kind, "kind");
            this.measures = kind.measures();
        }

        public Builder provider(String provider) {
            this.provider = requireNonNull(provider, "provider");
            return this;
        }

        public Builder source(String source) {
            this.source = requireNonNull(source, "source");
            return this;
        }

        public Builder frequency(long frequency) {
            checkArgument(frequency > 0, "frequency must be positive, was %s", frequency);
            this.frequency = frequency;
            return this;
        }

        /** A resolution already measured. */
        public Builder resolution(Resolution resolution) {
            requireNonNull(resolution, "resolution");
            this.resolution = () -> resolution;
            return this;
        }

        /** A resolution {@code probe} measures the first time it is asked for, at most once. */
        public Builder resolution(Supplier<Resolution> probe) {
            this.resolution = requireNonNull(probe, "probe");
            return this;
        }

        public Builder monotonic(boolean monotonic) {
            this.monotonic = monotonic;
            return this;
        }

        /** Overrides what the kind measures by default (rarely needed). */
        public Builder measures(Measures measures) {
            this.measures = requireNonNull(measures, "measures");
            return this;
        }

        public Builder kernelUserSplit(boolean kernelUserSplit) {
            this.kernelUserSplit = kernelUserSplit;
            return this;
        }

        public Builder notes(String notes) {
            this.notes = requireNonNull(notes, "notes");
            return this;
        }

        /** How the source is reached ({@link CounterInfo#BINDING_FFM}, ...); {@link CounterInfo#BINDING_JVM} unless set. */
        public Builder binding(String binding) {
            this.binding = requireNonNull(binding, "binding");
            return this;
        }

        public CounterInfo build() {
            checkState(provider != null, "CounterInfo for %s needs provider(...)", kind);
            checkState(source != null, "CounterInfo for %s needs source(...)", kind);
            checkState(frequency > 0, "CounterInfo for %s needs frequency(...)", kind);
            checkState(resolution != null, "CounterInfo for %s needs resolution(...)", kind);
            return new CounterInfo(kind, provider, source, frequency, monotonic, measures, kernelUserSplit, notes, resolution, binding);
        }
    }
}
