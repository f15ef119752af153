package dev.counters.measure;

import dev.counters.measure.internal.CostlyClock;
import dev.counters.measure.internal.CostlyCpuTimes;

/**
 * The fixture of the tests of {@link Compare} over fake clocks: each task advances wall and CPU time
 * by a known amount, and records its name in {@code order} as it runs, so every ratio, interval,
 * verdict and order of runs is known exactly. Shared by {@link CompareTest} and {@link CompareStoppingTest}.
 */
abstract class CompareFixture {
    final CostlyClock wall = new CostlyClock(0);
    final CostlyCpuTimes cpu = new CostlyCpuTimes(0, 0);
    final StringBuilder order = new StringBuilder();

    /** A task named {@code name} that takes {@code wallNanos} of wall time, {@code cpuNanos} of it on the CPU. */
    Task task(char name, long wallNanos, long cpuNanos) {
        return () -> {
            order.append(name);
            wall.advance(wallNanos);
            cpu.advance(cpuNanos / 10, cpuNanos - cpuNanos / 10);
            return null;
        };
    }

    Compare compare(Task a, Task b) {
        return FakeCompare.of(a, b, wall, cpu);
    }
}
