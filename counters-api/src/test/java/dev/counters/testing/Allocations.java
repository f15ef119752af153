package dev.counters.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.counters.Counter;
import java.lang.management.ManagementFactory;

/**
 * Proves that {@code start()} and {@code stop()} allocate nothing, as the JVM's own per-thread
 * allocation counter sees it. The JIT may allocate once in the measuring thread while it
 * recompiles or deoptimises the loop (re-materialising scalar-replaced objects), so the least of
 * a few rounds is taken: a hot path that allocated would do so in every round, at least once per pair.
 */
public final class Allocations {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final int WARM_UP_PAIRS = 20_000;
    private static final int ROUNDS = 5;

    private Allocations() {}

    /** Asserts that {@code measuredPairs} start/stop pairs of {@code counter}, once warm, allocate no byte; prints the figures. */
    public static void assertStartStopAllocateNothing(Counter counter, int measuredPairs) {
        pairs(counter, WARM_UP_PAIRS);
        long idle = allocatedDuring(counter, 0);
        long busy = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS && busy > idle; round++) {
            busy = Math.min(busy, allocatedDuring(counter, measuredPairs));
        }
        String kind = counter.getInfo().kind().toString();
        System.out.printf("%s: %d bytes over %d start/stop pairs (%d bytes measuring nothing)%n", kind, busy, measuredPairs, idle);
        assertEquals(idle, busy, kind + " allocated during start()/stop()");
    }

    private static long allocatedDuring(Counter counter, int pairs) {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        pairs(counter, pairs);
        return THREADS.getCurrentThreadAllocatedBytes() - before;
    }

    private static void pairs(Counter counter, int pairs) {
        for (int i = 0; i < pairs; i++) {
            counter.start();
            counter.stop();
        }
    }
}
