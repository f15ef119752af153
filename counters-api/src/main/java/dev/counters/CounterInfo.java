package dev.counters;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import com.google.common.base.MoreObjects;
import java.util.Objects;

/**
 * What a counter is: its kind, which provider serves it, the native API it reads, its frequency
 * and measured {@link Resolution}, whether it is monotonic, what it measures, and whether it
 * splits CPU time into kernel and user time. {@code counters list} prints one line of these per
 * kind, so you can see which clock your numbers come from before you trust them.
 *
 * <p>Built once per kind and process, the first time {@link Counter#getInfo()} is called.
 */
public final class CounterInfo {
    private final CounterKind kind;
    private final String provider;
    private final String source;
    private final long frequency;
    private final Resolution resolution;
    private final boolean monotonic;
    private final Measures measures;
    private final boolean kernelUserSplit;
    private final String notes;

    private CounterInfo(Builder builder) {
        this.kind = builder.kind;
        this.provider = builder.provider;
        this.source = builder.source;
        this.frequency = builder.frequency;
        this.resolution = builder.resolution;
        this.monotonic = builder.monotonic;
        this.measures = builder.measures;
        this.kernelUserSplit = builder.kernelUserSplit;
        this.notes = builder.notes;
    }

    /** Starts describing a counter of {@code kind}; {@link Builder#build()} checks every required field is set. */
    public static Builder builder(CounterKind kind) {
        return new Builder(kind);
    }

    public CounterKind kind() {
        return kind;
    }

    /** The provider that serves this counter, e.g. {@code "jdk"}, {@code "posix"}, {@code "windows"}. */
    public String provider() {
        return provider;
    }

    /** The native API or JDK method the counter reads, e.g. {@code "clock_gettime(CLOCK_MONOTONIC)"}. */
    public String source() {
        return source;
    }

    /** Native ticks per second. */
    public long frequency() {
        return frequency;
    }

    /** The resolution measured on this machine. */
    public Resolution resolution() {
        return resolution;
    }

    /** Whether readings never go backwards (false for the time of day, which can be set). */
    public boolean isMonotonic() {
        return monotonic;
    }

    /** What the ticks stand for. */
    public Measures measures() {
        return measures;
    }

    /** Whether the counter splits CPU time into kernel and user time. */
    public boolean hasKernelUserSplit() {
        return kernelUserSplit;
    }

    /** Anything else worth knowing: a cheaper path that reads the same clock, a fallback taken, a missing split. */
    public String notes() {
        return notes;
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
                && resolution.equals(that.resolution)
                && monotonic == that.monotonic
                && measures == that.measures
                && kernelUserSplit == that.kernelUserSplit
                && notes.equals(that.notes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, provider, source, frequency, resolution, monotonic, measures, kernelUserSplit, notes);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("kind", kind)
                .add("provider", provider)
                .add("source", source)
                .add("frequency", frequency)
                .add("resolution", resolution)
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
        private Resolution resolution;
        private boolean monotonic;
        private Measures measures;
        private boolean kernelUserSplit;
        private String notes = "";

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

        public Builder resolution(Resolution resolution) {
            this.resolution = requireNonNull(resolution, "resolution");
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

        public CounterInfo build() {
            checkState(provider != null, "CounterInfo for %s needs provider(...)", kind);
            checkState(source != null, "CounterInfo for %s needs source(...)", kind);
            checkState(frequency > 0, "CounterInfo for %s needs frequency(...)", kind);
            checkState(resolution != null, "CounterInfo for %s needs resolution(...)", kind);
            return new CounterInfo(this);
        }
    }
}
