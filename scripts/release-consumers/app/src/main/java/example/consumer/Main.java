package example.consumer;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.Counters;
import java.util.Arrays;

/**
 * Reads TICK and THREAD_TIMES as the README shows, and prints for each what reads it and what one
 * start/stop pair costs here (the median of 21 batches; a figure to compare, not a check); then, as
 * {@code counters list} does, what serves every kind this platform has.
 */
public final class Main {
    private static final int PAIRS_PER_BATCH = 20_000;
    private static final int BATCHES = 21;

    private Main() {}

    public static void main(String[] args) {
        System.out.printf("java %s, %s%n", Runtime.version(), Main.class.getModule().isNamed() ? "module path" : "class path");
        report("TICK", Counters.tick());
        report("THREAD_TIMES", Counters.threadTimes());
        for (CounterInfo info : Counters.available()) {
            System.out.printf("list %-16s binding=%s provider=%s source=%s%n", info.kind(), info.binding(), info.provider(),
                    info.source());
        }
    }

    private static void report(String kind, Counter counter) {
        CounterInfo info = counter.getInfo();
        System.out.printf("%s binding=%s provider=%s source=%s pair=%d ns notes=%s%n", kind, info.binding(), info.provider(),
                info.source(), medianPairNanos(counter), info.notes().isEmpty() ? "-" : info.notes());
    }

    private static long medianPairNanos(Counter counter) {
        long[] batches = new long[BATCHES];
        for (int batch = 0; batch < BATCHES; batch++) {
            long began = System.nanoTime();
            for (int pair = 0; pair < PAIRS_PER_BATCH; pair++) {
                counter.start();
                counter.stop();
            }
            batches[batch] = (System.nanoTime() - began) / PAIRS_PER_BATCH;
        }
        Arrays.sort(batches);
        return batches[BATCHES / 2];
    }
}
