package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.counters.Counters;
import dev.counters.measure.Task;
import dev.counters.testing.FreshJvm;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What the tasks keep from run to run is in the old generation when the pairs start, read from the
 * JVM's own memory pools; every instance has run once by then, and the loops are back where they were.
 */
class TaskStateTest {
    private static final int STATE_BYTES = 8 << 20;
    private static final List<Integer> RUNS = new ArrayList<>();

    /** A task whose first run grows 8 MB of small objects that it keeps, as an ArrayDeque grows its array. */
    public static final class Growing implements Task {
        private static int made;
        private final int id = made++;
        private long[][] kept;

        @Override
        public Object run() {
            RUNS.add(id);
            if (kept == null) {
                kept = new long[STATE_BYTES / 1024][];
                for (int i = 0; i < kept.length; i++) {
                    kept[i] = new long[1024 / Long.BYTES - 2];
                }
            }
            return kept;
        }
    }

    @Test
    void everyInstanceRunsOnceAndWhatItKeptIsThenInTheOldGeneration() throws Exception {
        Optional<MemoryPoolMXBean> old = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getName().endsWith("Old Gen") || pool.getName().equals("Tenured Gen")).findFirst();
        assumeTrue(old.isPresent(), "a collector with an old generation (G1, parallel, serial)");
        System.gc();
        RUNS.clear();
        Placements placements = Placements.of(Growing.class, Growing.class, 3, new SplittableRandom(7));
        Sink sink = new Sink();
        TaskLoop a = TaskLoops.copyFor(placements.a(), sink);
        TaskLoop b = TaskLoops.copyFor(placements.b(), sink);
        Pass pass = Pass.of(Counters.highPerformance(), Counters.threadTimes());
        long oldBefore = old.get().getUsage().getUsed();
        a.run();
        b.run(); // the warm-ups run each loop's current instance

        TaskState.tenure(pass, List.of(a, b));

        long promoted = old.get().getUsage().getUsed() - oldBefore;
        assertTrue(promoted >= 6L * STATE_BYTES * 3 / 4, "6 instances' state of 8 MB each in the old generation, "
                + (promoted >> 20) + " MB more there");
        assertEquals(6, RUNS.stream().distinct().count(), "every instance ran: " + RUNS);
        assertEquals(6, RUNS.size(), "the warmed-up ones not again: " + RUNS);
        Growing first = (Growing) Placements.instances(placements.a())[0];
        RUNS.clear();
        a.run();
        assertEquals(List.of(first.id), RUNS, "the loop is back at its first instance");
    }

    @Test
    void saysWhyItCannotWhenExplicitCollectionsAreDisabled() throws Exception {
        assertEquals(Optional.empty(), TaskState.cannotTenure(), "this JVM's System.gc() collects");
        assertEquals(List.of("-XX:+DisableExplicitGC"), FreshJvm.run(CannotTenure.class, "-XX:+DisableExplicitGC"));
        assertEquals(List.of("-XX:+ExplicitGCInvokesConcurrent"), FreshJvm.run(CannotTenure.class, "-XX:+ExplicitGCInvokesConcurrent"));
    }

    /** Prints which option {@link TaskState#cannotTenure()} names, in a fresh JVM. */
    public static final class CannotTenure {
        public static void main(String[] args) {
            System.out.println(TaskState.cannotTenure().map(why -> why.substring(0, why.indexOf(' '))).orElse("none"));
        }
    }
}
