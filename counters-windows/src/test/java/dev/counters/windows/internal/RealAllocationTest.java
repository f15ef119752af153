package dev.counters.windows.internal;

import dev.counters.CounterKind;
import dev.counters.testing.Allocations;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code start()} and {@code stop()} through the real Win32 layer allocate nothing: the
 * out-parameters are written into scratch memory allocated with the counter.
 */
@RealWindowsCalls
class RealAllocationTest {
    private static final int MEASURED_PAIRS = 20_000;

    private final WindowsKinds kinds = WindowsSystem.kinds().orElseThrow(() -> new AssertionError(WindowsSystem.unavailableReason()));

    @ParameterizedTest
    @EnumSource(names = {"TICK", "MULTIMEDIA", "SYSTEM_TIME", "HIGH_PERFORMANCE", "PERFORMANCE", "THREAD_TIMES", "PROCESS_TIMES", "CPU_CYCLES"})
    void startAndStopAllocateNothing(CounterKind kind) {
        Allocations.assertStartStopAllocateNothing(kinds.create(kind), MEASURED_PAIRS);
    }
}
