package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Task;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PlacementsTest {
    /** The order every instance of either class was made in, across the test. */
    static final List<String> MADE = new ArrayList<>();

    /** Returns itself, so the test sees which instance ran. */
    public static final class First implements Task {
        public First() {
            MADE.add("A");
        }

        @Override
        public Object run() {
            return this;
        }
    }

    public static final class Second implements Task {
        public Second() {
            MADE.add("B");
        }

        @Override
        public Object run() {
            return this;
        }
    }

    /** Sets off a full collection while the first of it is being made; each instance knows its number. */
    public static final class CollectedWhileMadeFirst implements Task {
        static int made;
        final int number = ++made;

        public CollectedWhileMadeFirst() {
            if (number == 1) {
                System.gc();
            }
        }

        @Override
        public Object run() {
            return number;
        }
    }

    @Test
    void anInstanceWhoseMakingACollectionInterruptedIsMadeAgainAndTheFirstDropped() throws Exception {
        long collections = GcCount.total();
        Placements placements = Placements.of(CollectedWhileMadeFirst.class, Second.class, 3, new SplittableRandom(7));
        assertTrue(GcCount.total() >= collections + 2, "the collection inside the making, and the one before the remaking");
        Task[] as = Placements.instances(placements.a());
        assertEquals(List.of(2, 3, 4), List.of(as[0].run(), as[1].run(), as[2].run()), "instance 1 was dropped");
        assertEquals(3, Placements.instances(placements.b()).length);
    }

    @Test
    void eachTaskIsMadeOfItsOwnInstancesAllDistinct() throws Exception {
        Placements placements = Placements.of(First.class, Second.class, 4, new SplittableRandom(1));
        Task[] as = Placements.instances(placements.a());
        assertEquals(4, as.length);
        assertEquals(4, Set.of(as).size(), "four distinct instances");
        for (Task instance : as) {
            assertTrue(instance instanceof First);
        }
        assertTrue(placements.a().run() instanceof First, "run directly, the first instance");
        assertTrue(placements.b().run() instanceof Second);
        assertNotSame(as, Placements.instances(placements.a()), "a copy each time");
    }

    @Test
    void aForkWithALongShareOfTheBudgetMakesTwiceTheInstances() {
        assertEquals(Placements.INSTANCES, Placements.instancesFor(Duration.ofSeconds(4)), "20 s over 5 forks");
        assertEquals(Placements.INSTANCES, Placements.instancesFor(Placements.LONG_SHARE.minusMillis(1)));
        assertEquals(Placements.MORE_INSTANCES, Placements.instancesFor(Placements.LONG_SHARE));
        assertEquals(Placements.MORE_INSTANCES, Placements.instancesFor(Duration.ofMillis(7500)), "60 s over 8 forks");
        assertEquals(2 * Placements.INSTANCES, Placements.MORE_INSTANCES);
    }

    @Test
    void theOrderTheInstancesAreMadeInIsDrawnAfresh() throws Exception {
        Set<String> orders = new HashSet<>();
        for (long seed = 0; seed < 20; seed++) {
            MADE.clear();
            Placements.of(First.class, Second.class, 4, new SplittableRandom(seed));
            assertEquals(8, MADE.size());
            assertEquals(4, MADE.stream().filter("A"::equals).count());
            orders.add(String.join("", MADE));
        }
        assertTrue(orders.size() > 10, "20 draws gave only " + orders);
        assertNotEquals(Set.of("AAAABBBB"), orders);
    }

    @Test
    void aTaskOfItsOwnIsItsOnlyInstance() throws Exception {
        Task plain = () -> 7;
        assertArrayEquals(new Task[] {plain}, Placements.instances(plain));
        assertEquals(First.class, Placements.of(First.class, Second.class, 1, new SplittableRandom(1)).a().getClass());
    }

    /** A task whose class cannot be initialised. */
    public static final class FailsToInitialise implements Task {
        static final int SIZE = Integer.parseInt("not a number");

        @Override
        public Object run() {
            return SIZE;
        }
    }

    @Test
    void aStaticInitialiserThatThrowsIsNamedAsTheCallThatFailed() {
        Placements.MakingFailed failed = org.junit.jupiter.api.Assertions.assertThrows(Placements.MakingFailed.class,
                () -> Placements.of(First.class, FailsToInitialise.class, 1, new SplittableRandom(3)));
        assertEquals("B", failed.task());
        assertEquals("its static initialiser", failed.call());
        assertTrue(failed.getMessage().startsWith("task B failed in its static initialiser: java.lang.NumberFormatException"),
                failed.getMessage());
    }
}
