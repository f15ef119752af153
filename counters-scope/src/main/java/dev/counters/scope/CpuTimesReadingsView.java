package dev.counters.scope;

import dev.counters.CpuTimesReadings;

/** The read-only face of a CPU-times counter in a {@link CounterScope}: total, kernel and user, nothing to restart. */
final class CpuTimesReadingsView extends ReadingsView implements CpuTimesReadings {
    private final CpuTimesReadings counter;

    CpuTimesReadingsView(CpuTimesReadings counter) {
        super(counter);
        this.counter = counter;
    }

    @Override
    public long getKernelPeriodCount() {
        return counter.getKernelPeriodCount();
    }
}
