package dev.counters.measure;

import dev.counters.measure.internal.CostlyClock;
import dev.counters.measure.internal.CostlyCpuTimes;
import dev.counters.testing.FakeCounters;
import java.util.List;

/** A {@link Compare} over fake clocks: no warm-up, no {@code /proc}, no process clock, the budget kept on the fake wall clock. */
public final class FakeCompare {
    private FakeCompare() {}

    public static Compare of(Task a, Task b, CostlyClock wall, CostlyCpuTimes cpu) {
        return Compare.of(a, b).noWarmUp()
                .wallCounter(() -> FakeCounters.nanoseconds(wall))
                .threadCounter(() -> FakeCounters.threadTimes(cpu))
                .processCounter(() -> null)
                .nanoClock(wall::read)
                .proc(path -> List.of());
    }
}
