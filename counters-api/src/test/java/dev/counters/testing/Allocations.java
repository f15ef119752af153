package dev.counters.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.counters.Counter;
import java.lang.management.ManagementFactory;

/**
 * Proves that an operation allocates nothing, as the JVM's own per-thread allocation counter
 * sees it: {@code start()} and {@code stop()} of a counter, or a read through a view. The JIT may
 * allocate once in the measuring thread while it recompiles or deoptimises the loop
 * (re-materialising scalar-replaced objects), so the least of a few rounds is taken: an operation
 * that allocated would do so in every round, at least once per repetition. On a loaded machine the
 * JIT's compiler threads lag behind, so a round that still allocates is followed by more warm-up and
 * a pause for the compiler before the next; an operation whose code allocates allocates in all of them.
 */
public final class Allocations {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final int WARM_UP_REPETITIONS = 20_000;
    private static final int ROUNDS = 40;
    private static final long COMPILER_PAUSE_MILLIS = 25;

    private Allocations() {}

    /** Asserts that {@code measuredPairs} start/stop pairs of {@code counter}, once warm, allocate no byte; prints the figures. */
    public static void assertStartStopAllocateNothing(Counter counter, int measuredPairs) {
        assertAllocatesNothing(counter.getInfo().kind() + " start()/stop()", () -> {
            counter.start();
            counter.stop();
        }, measuredPairs);
    }

    /** Asserts that {@code repetitions} runs of {@code operation}, once warm, allocate no byte; prints the figures. */
    public static void assertAllocatesNothing(String operationName, Runnable operation, int repetitions) {
        repeat(operation, WARM_UP_REPETITIONS);
        long idle = allocatedDuring(operation, 0);
        long busy = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS && busy > idle; round++) {
            if (round > 0) {
                repeat(operation, WARM_UP_REPETITIONS);
                pauseForTheCompiler();
            }
            busy = Math.min(busy, allocatedDuring(operation, repetitions));
        }
        System.out.printf("%s: %d bytes over %d repetitions (%d bytes measuring nothing)%n", operationName, busy, repetitions, idle);
        assertEquals(idle, busy, operationName + " allocated");
    }

    private static void pauseForTheCompiler() {
        try {
            Thread.sleep(COMPILER_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the JIT", e);
        }
    }

    private static long allocatedDuring(Runnable operation, int repetitions) {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        repeat(operation, repetitions);
        return THREADS.getCurrentThreadAllocatedBytes() - before;
    }

    private static void repeat(Runnable operation, int repetitions) {
        for (int i = 0; i < repetitions; i++) {
            operation.run();
        }
    }
}
