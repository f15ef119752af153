package dev.counters.measure;

/**
 * The work to measure. Return its result rather than discarding it: {@link Measure} and
 * {@link Compare} hand every result to a sink that keeps it reachable, so the JIT compiler cannot
 * prove the work useless and remove it (the way JMH's {@code Blackhole} keeps benchmark results
 * alive).
 *
 * <pre>{@code
 * Measure.of(() -> Arrays.stream(data).sorted().toArray()).repetitions(20).run();
 * }</pre>
 */
@FunctionalInterface
public interface Task {
    /** Does the work once and returns its result (or anything derived from it; {@code null} is allowed). */
    Object run() throws Exception;
}
