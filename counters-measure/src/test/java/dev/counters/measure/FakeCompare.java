package dev.counters.measure;

import java.util.List;

/** A {@link Compare} over fake clocks: no warm-up, no {@code /proc}, the budget kept on the fake wall clock. */
final class FakeCompare {
    private FakeCompare() {}

    static Compare of(Task a, Task b, FakeCounters.CostlyClock wall, FakeCounters.CostlyCpuTimes cpu) {
        return Compare.of(a, b).noWarmUp()
                .wallCounter(() -> FakeCounters.nanosecondCounter(wall))
                .threadCounter(() -> FakeCounters.threadTimesCounter(cpu))
                .nanoClock(wall::read)
                .proc(path -> List.of());
    }
}
