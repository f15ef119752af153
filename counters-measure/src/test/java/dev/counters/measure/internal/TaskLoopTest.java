package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Task;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TaskLoopTest {
    @Test
    void eachTaskGetsALoopOfItsOwnClassACopyOfOneCode() {
        Sink sink = new Sink();
        TaskLoop a = TaskLoops.copyFor(() -> 1, sink);
        TaskLoop b = TaskLoops.copyFor(() -> 2, sink);
        assertNotEquals(a.getClass(), b.getClass(), "a class each, so that the JIT profiles each task's call alone");
        assertTrue(a.getClass().isHidden());
        assertNotEquals(TaskLoopCode.class, a.getClass());
        assertTrue(a.getClass().getName().startsWith(TaskLoopCode.class.getName()),
                "the compile command names the loops by this start: " + a.getClass().getName());
        assertTrue(TaskLoops.LOOP_METHODS.startsWith(TaskLoopCode.class.getName() + "*"));
    }

    @Test
    void aRunIsOneInvocationUntilToldHowMany() throws Exception {
        int[] calls = {0};
        TaskLoop loop = TaskLoops.copyFor(() -> ++calls[0], new Sink());
        assertEquals(1, loop.run());
        loop.invocations(8);
        assertEquals(9, loop.run(), "the last of 8 invocations");
        assertEquals(9, calls[0]);
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> loop.invocations(0));
        assertTrue(none.getMessage().contains("at least one invocation"), none.getMessage());
    }

    @Test
    void theInstancesOfAPlacementTakeTurnsOneRoundEach() throws Exception {
        Placements placements = Placements.of(PlacementsTest.First.class, PlacementsTest.Second.class, 4,
                new SplittableRandom(1));
        Task[] instances = Placements.instances(placements.a());
        TaskLoop loop = TaskLoops.copyFor(placements.a(), new Sink());
        for (int round = 0; round < 8; round++) {
            assertSame(instances[round % 4], loop.run(), "round " + round);
            assertSame(instances[round % 4], loop.run(), "one instance for the whole round");
            loop.next();
        }
    }

    @Test
    void aTaskAloneIsRunEveryRound() throws Exception {
        Task alone = () -> "alone";
        TaskLoop loop = TaskLoops.copyFor(alone, new Sink());
        loop.next();
        assertEquals("alone", loop.run());
    }
}
