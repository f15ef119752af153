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
 * <p>Made with {@link #builder(CounterKind)}; a provider outside this project builds its counters'
 * infos the same way.
 */
public final class CounterInfo {
    /**
     * How a counter's source is reached. {@code counters list} prints {@link #toString()}: {@code FFM},
     * {@code JNA}, {@code JVM}, or {@code JVM + FFM} / {@code JVM + JNA} where a CPU-times kind reads
     * its total from the JVM and its kernel/user split natively.
     */
    public enum Binding {
        /** Foreign Function &amp; Memory downcalls (JDK 22+), about the cost of C. */
        FFM("FFM"),
        /** JNA direct mapping (JDK 17+). */
        JNA("JNA"),
        /** A JDK method that reads the clock itself, such as {@code System.nanoTime()}: no native binding of this library's own. */
        JVM("JVM"),
        /** The total from the JVM, the kernel/user split through FFM. */
        JVM_AND_FFM("JVM + FFM"),
        /** The total from the JVM, the kernel/user split through JNA. */
        JVM_AND_JNA("JVM + JNA");

        private final String label;

        Binding(String label) {
            this.label = label;
        }

        /** Whether any of the source is reached through JNA (whose cost and native-access advice differ from FFM's). */
        public boolean usesJna() {
            return this == JNA || this == JVM_AND_JNA;
        }

        /** This native binding with a JVM total beside it: {@code FFM} becomes {@code JVM + FFM}. */
        public Binding withJvmTotal() {
            switch (this) {
                case FFM:
                    return JVM_AND_FFM;
                case JNA:
                    return JVM_AND_JNA;
                default:
                    throw new IllegalStateException(this + " is not a native binding to pair with a JVM total");
            }
        }

        /** The label {@code counters list} prints, e.g. {@code "JVM + FFM"}. */
        @Override
        public String toString() {
            return label;
        }
    }

    private final CounterKind kind;
    private final String provider;
    private final String source;
    private final long frequency;
    private final boolean monotonic;
    private final Measures measures;
    private final boolean kernelUserSplit;
    private final String notes;
    private final Supplier<Resolution> resolution;
    private final Binding binding;

    private CounterInfo(Builder builder) {
        this.kind = builder.kind;
        this.provider = builder.provider;
        this.source = builder.source;
        this.frequency = builder.frequency;
        this.monotonic = builder.monotonic;
        this.measures = builder.measures;
        this.kernelUserSplit = builder.kernelUserSplit;
        this.notes = builder.notes;
        this.resolution = Suppliers.memoize(builder.resolution::get);
        this.binding = builder.binding;
    }

    /** The kind described. */
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

    /** What the ticks stand for. */
    public Measures measures() {
        return measures;
    }

    /** Anything else worth knowing: a cheaper path that reads the same clock, a fallback taken, a missing split; empty if nothing. */
    public String notes() {
        return notes;
    }

    /** How the source is reached. */
    public Binding binding() {
        return binding;
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
        return resolution.get();
    }

    /** Whether readings never go backwards (false for the time of day, which can be set). */
    public boolean isMonotonic() {
        return monotonic;
    }

    /** Whether the counter splits CPU time into kernel and user time. */
    public boolean hasKernelUserSplit() {
        return kernelUserSplit;
    }

    /** Equal when every fact is; the resolution takes no part. */
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
                && binding == that.binding;
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
        private Binding binding = Binding.JVM;

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

        /** How the source is reached; {@link Binding#JVM} unless set. */
        public Builder binding(Binding binding) {
            this.binding = requireNonNull(binding, "binding");
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
