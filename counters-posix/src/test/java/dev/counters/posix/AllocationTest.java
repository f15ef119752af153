package dev.counters.posix;

import dev.counters.CounterKind;
import dev.counters.testing.Allocations;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code start()} and {@code stop()} of every POSIX kind allocate nothing. */
class AllocationTest {
    private static final int MEASURED_PAIRS = 50_000;

    private final PosixCounterProvider provider = new PosixCounterProvider();

    @ParameterizedTest
    @EnumSource(names = {"TICK", "MULTIMEDIA", "SYSTEM_TIME", "HIGH_PERFORMANCE", "PERFORMANCE", "THREAD_TIMES", "PROCESS_TIMES"})
    void startAndStopAllocateNothing(CounterKind kind) {
        Allocations.assertStartStopAllocateNothing(provider.create(kind), MEASURED_PAIRS);
    }
}
