package dev.counters.measure.internal;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * How many garbage collections this JVM has made so far, over all its collectors
 * ({@link GarbageCollectorMXBean#getCollectionCount()}): read before and after a run, outside its
 * clocks, it tells whether the run paid for a collection. Collectors that do not count (-1) add nothing.
 */
final class GcCount {
    private static final List<GarbageCollectorMXBean> COLLECTORS = ManagementFactory.getGarbageCollectorMXBeans();

    private GcCount() {}

    /** The collections made so far by every collector that counts them. */
    static long total() {
        long total = 0;
        for (int i = 0; i < COLLECTORS.size(); i++) {
            total += Math.max(0, COLLECTORS.get(i).getCollectionCount());
        }
        return total;
    }
}
