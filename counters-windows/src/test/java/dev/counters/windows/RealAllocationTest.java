package dev.counters.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.counters.Counter;
import dev.counters.CounterKind;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code start()} and {@code stop()} through the real Win32 layer allocate nothing, as the JVM's
 * own per-thread allocation counter sees it: the out-parameters are written into scratch memory
 * allocated with the counter. The JIT may allocate once in the measuring thread while it
 * recompiles or deoptimises the loop, so the least of a few rounds is taken: a hot path that
 * allocated would do so in every round, at least once per pair.
 */
@RealWin32
class RealAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final int WARM_UP_PAIRS = 20_000;
    private static final int MEASURED_PAIRS = 20_000;
    private static final int ROUNDS = 5;

    private final WindowsKinds kinds = SystemWin32.kinds().orElseThrow(() -> new AssertionError(SystemWin32.unavailableReason()));

    @ParameterizedTest
    @EnumSource(names = {"TICK", "MULTIMEDIA", "SYSTEM_TIME", "HIGH_PERFORMANCE", "PERFORMANCE", "THREAD_TIMES", "PROCESS_TIMES"})
    void startAndStopAllocateNothing(CounterKind kind) {
        Counter counter = kinds.create(kind);
        pairs(counter, WARM_UP_PAIRS);
        long idle = allocatedDuring(counter, 0);
        long busy = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS && busy > idle; round++) {
            busy = Math.min(busy, allocatedDuring(counter, MEASURED_PAIRS));
        }
        System.out.printf("%s: %d bytes over %d start/stop pairs (%d bytes measuring nothing)%n", kind, busy, MEASURED_PAIRS, idle);
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
