package dev.counters.windows.internal;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.Counters;
import java.util.Arrays;

/**
 * A whole JVM's use of counters-windows, run by {@link RealFfmWindowsCallsTest} in a child JVM that logs
 * every class it loads: how the layer was bound, which provider serves each clock kind after a
 * {@code start()}/{@code stop()}, and thread control's view of the CPUs. Prints one
 * {@code key=value} line each.
 */
public final class FfmOnlyReport {
    static final CounterKind[] KINDS = {CounterKind.TICK, CounterKind.MULTIMEDIA, CounterKind.SYSTEM_TIME,
        CounterKind.HIGH_PERFORMANCE, CounterKind.PERFORMANCE, CounterKind.THREAD_TIMES, CounterKind.PROCESS_TIMES};

    private FfmOnlyReport() {}

    public static void main(String[] args) {
        System.out.println("binding=" + WindowsSystem.binding().name());
        System.out.println("ffmProblem=" + WindowsSystem.binding().ffmProblem());
        for (CounterKind kind : KINDS) {
            Counter counter = Counters.create(kind);
            counter.start();
            counter.stop();
            System.out.println("served." + kind + "=" + counter.getInfo().provider());
        }
        System.out.println("cpus=" + Arrays.toString(new WindowsThreadControl().allowedCpus()));
    }
}
