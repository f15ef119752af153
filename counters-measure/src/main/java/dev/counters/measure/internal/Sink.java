package dev.counters.measure.internal;

import dev.counters.measure.Task;

/**
 * Swallows values so that the JIT compiler cannot eliminate the code that computed them, the way
 * JMH's {@code Blackhole} does. A value passed to {@code consume} is compared against, or stored
 * into, fields the compiler must treat as observable, so the computation stays in the measured
 * code; the cost is a few nanoseconds and no allocation (for primitives).
 *
 * <p>{@code Measure} owns one and feeds it each {@link Task} result. Use one yourself when a
 * measured loop produces values it would otherwise drop:
 *
 * <pre>{@code
 * Sink sink = new Sink();
 * for (int i = 0; i < n; i++) {
 *     sink.consume(hash(keys[i]));
 * }
 * }</pre>
 *
 * <p>Its state is volatile fields only, so threads may share one: the two workers of a
 * {@linkplain CompareTerms.Order#DUET duet} feed the same sink, each after its run has been timed. In a
 * hot loop give each thread its own: sharing one makes its cache line travel between the CPUs.
 */
public final class Sink {
    /** Two volatile values that are never equal: no primitive can equal both, but the JIT cannot know that. */
    private volatile long left = 1;
    private volatile long right = 2;
    private volatile double leftDouble = 1;
    private volatile double rightDouble = 2;
    /** Reached only if a value equals both sentinels, which never happens; keeps the comparison alive. */
    private volatile Object escaped;
    /** The last object consumed: published through a volatile write, so its computation must happen. */
    private volatile Object last;

    /** Keeps {@code value} (and whatever computed it) alive. */
    public void consume(Object value) {
        last = value;
    }

    /** Keeps {@code value} alive without boxing it. */
    public void consume(long value) {
        if (value == left & value == right) {
            escaped = Long.valueOf(value);
        }
    }

    /** Keeps {@code value} alive without boxing it. */
    public void consume(int value) {
        consume((long) value);
    }

    /** Keeps {@code value} alive without boxing it. */
    public void consume(boolean value) {
        consume(value ? 1L : 0L);
    }

    /** Keeps {@code value} alive without boxing it. */
    public void consume(double value) {
        if (value == leftDouble & value == rightDouble) {
            escaped = Double.valueOf(value);
        }
    }

    @Override
    public String toString() {
        return "Sink (last object consumed: " + (last == null ? "none" : last.getClass().getSimpleName()) + ")";
    }
}
