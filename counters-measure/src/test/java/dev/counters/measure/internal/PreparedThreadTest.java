package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.internal.ThreadControl;
import dev.counters.measure.PreparationStep;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class PreparedThreadTest {
    private final FakeThreadControl control = new FakeThreadControl();

    @Test
    void pinsToTheLastAllowedCpuRaisesAndRestoresInReverseOrder() {
        try (PreparedThread prepared = PreparedThread.prepare(control, true, true)) {
            assertArrayEquals(new int[] {3}, control.affinity);
            assertEquals(-20, control.priority);
            assertTrue(prepared.fullyApplied());
            assertEquals(List.of(PreparationStep.PIN, PreparationStep.RAISE_PRIORITY),
                    prepared.steps().stream().map(PreparationStep::action).toList());
            assertEquals("pinned to CPU 3 (was [0, 1, 2, 3])", prepared.steps().get(0).description());
        }
        assertArrayEquals(new int[] {0, 1, 2, 3}, control.affinity);
        assertEquals(0, control.priority);
        assertEquals(List.of("pin 3", "raise", "lower", "unpin"), control.log);
    }

    @Test
    void pinsToTheCpuAskedFor() {
        try (PreparedThread prepared = PreparedThread.prepare(control, true, 1, false)) {
            assertArrayEquals(new int[] {1}, control.affinity);
            assertEquals(1, prepared.steps().size());
        }
        assertArrayEquals(new int[] {0, 1, 2, 3}, control.affinity);
    }

    @Test
    void refusedStepIsReportedAndTheOthersStillRestored() {
        control.permitRaise = false;
        try (PreparedThread prepared = PreparedThread.prepare(control, true, true)) {
            assertFalse(prepared.fullyApplied());
            PreparationStep raise = prepared.steps().get(1);
            assertFalse(raise.applied());
            assertEquals("not applied: permission denied (EACCES)", raise.description());
        }
        assertArrayEquals(new int[] {0, 1, 2, 3}, control.affinity);
        assertEquals(List.of("pin 3", "raise refused", "unpin"), control.log);
    }

    @Test
    void withoutAPlatformModuleEveryStepSaysNotApplied() {
        try (PreparedThread prepared = PreparedThread.prepare(Optional.empty(), ThreadControls.NO_PLATFORM_MODULE, true, -1, true)) {
            assertEquals(2, prepared.steps().size());
            for (PreparationStep step : prepared.steps()) {
                assertFalse(step.applied());
                assertTrue(step.description().startsWith("not applied: no platform module"), step.description());
            }
        }
    }

    @Test
    void aControlThatThrowsBecomesANotAppliedStep() {
        ThreadControl failing = new FakeThreadControl() {
            @Override
            public Adjustment pinCurrentThread(int cpu) {
                throw new IllegalStateException("sched_setaffinity failed with error 22");
            }
        };
        try (PreparedThread prepared = PreparedThread.prepare(failing, true, false)) {
            assertFalse(prepared.steps().get(0).applied());
            assertTrue(prepared.steps().get(0).description().contains("error 22"));
        }
    }

    @Test
    void mustBeClosedOnThePreparedThread() throws Exception {
        PreparedThread prepared = PreparedThread.prepare(control, true, false);
        Throwable fromOtherThread = CompletableFuture.supplyAsync(() -> {
            try {
                prepared.close();
                return null;
            } catch (IllegalStateException e) {
                return e;
            }
        }).get();
        assertTrue(fromOtherThread instanceof IllegalStateException);
        assertArrayEquals(new int[] {3}, control.affinity, "nothing restored from the wrong thread");
        prepared.close();
        prepared.close();
        assertArrayEquals(new int[] {0, 1, 2, 3}, control.affinity);
        assertEquals(List.of("pin 3", "unpin"), control.log);
    }

    @Test
    void rejectsANegativeCpu() {
        assertThrows(IllegalArgumentException.class, () -> PreparedThread.prepare(control, true, -2, false));
    }

    @Test
    void serviceLoaderReportsWhatItFound() {
        // With or without a platform module on the test class path, the answer is never silent.
        assertTrue(ThreadControls.best().isPresent() ^ ThreadControls.unavailableReason().isPresent());
        ThreadControls.unavailableReason().ifPresent(reason -> assertFalse(reason.isBlank()));
    }
}
