package dev.counters.measure;

import dev.counters.measure.internal.CostlyClock;
import dev.counters.measure.internal.CostlyCpuTimes;
import dev.counters.testing.FakeCounters;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A {@link Compare} over fake clocks: no warm-up, no {@code /proc}, no process clock, no JIT
 * compilation time (the real JIT's would stretch a warm-up on the fake clock), the budget kept on the
 * fake wall clock, the order of each round's blocks drawn from a fixed seed.
 */
public final class FakeCompare {
    private FakeCompare() {}

    public static Compare of(Task a, Task b, CostlyClock wall, CostlyCpuTimes cpu) {
        return Compare.of(a, b).noWarmUp()
                .wallCounter(() -> FakeCounters.nanoseconds(wall))
                .threadCounter(() -> FakeCounters.threadTimes(cpu))
                .processCounter(() -> null)
                .instruments(i -> i.withNanoClock(wall::read))
                .instruments(i -> i.withProc(path -> List.of()))
                .instruments(i -> i.withCompilationMillis(null))
                .instruments(i -> i.withRandom(new SplittableRandom(28)));
    }
}
