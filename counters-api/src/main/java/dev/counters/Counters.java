package dev.counters;

import java.util.List;

/**
 * Creates counters for the running platform: the best provider found on the class or module path
 * serves each kind, and the portable JDK provider is the floor that works everywhere. Add
 * {@code counters-posix} or {@code counters-windows} to read the native clocks directly.
 *
 * <pre>{@code
 * Counter wall = Counters.performance();
 * CpuTimesCounter cpu = Counters.threadTimes();
 * Counters.available().forEach(System.out::println);   // what serves each kind here
 * }</pre>
 *
 * <p>Each call returns a new counter; counters are cheap, and one per thread is the rule.
 */
public final class Counters {
    private Counters() {}

    /** The coarse system tick; see {@link CounterKind#TICK} for what it reads and costs on each platform. */
    public static Counter tick() {
        return create(CounterKind.TICK);
    }

    /** The multimedia timer; the JDK alone has none, so this needs a platform module. */
    public static Counter multimedia() {
        return create(CounterKind.MULTIMEDIA);
    }

    /** The system's time of day; not monotonic. */
    public static Counter systemTime() {
        return create(CounterKind.SYSTEM_TIME);
    }

    /** The high-resolution monotonic counter. */
    public static Counter highPerformance() {
        return create(CounterKind.HIGH_PERFORMANCE);
    }

    /** The platform's best wall-clock counter: what to use when in doubt. */
    public static Counter performance() {
        return create(CounterKind.PERFORMANCE);
    }

    /** CPU time of the calling thread, split into kernel and user time. */
    public static CpuTimesCounter threadTimes() {
        return CounterRegistry.systemDefault().createCpuTimes(CounterKind.THREAD_TIMES);
    }

    /** CPU time of the whole process. */
    public static CpuTimesCounter processTimes() {
        return CounterRegistry.systemDefault().createCpuTimes(CounterKind.PROCESS_TIMES);
    }

    /**
     * A new counter of {@code kind}.
     *
     * @throws UnsupportedOperationException if no provider serves the kind here; the message names
     *     the platform, each provider's reason and the module to add
     */
    public static Counter create(CounterKind kind) {
        return CounterRegistry.systemDefault().create(kind);
    }

    /**
     * Every kind this platform serves, described by the provider that serves it. Creates no counter
     * and opens nothing; each info's {@link CounterInfo#measureResolution()} probes when asked.
     */
    public static List<CounterInfo> available() {
        return CounterRegistry.systemDefault().available();
    }
}
