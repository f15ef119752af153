package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.internal.ThreadControl.Adjustment;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class RestoringAdjustmentTest {

    @Test
    void restoresOnceOnTheThreadThatMadeIt() {
        AtomicInteger restored = new AtomicInteger();
        Adjustment adjustment = Adjustment.restoring("pinned to CPU 1 (was 0-1)", restored::incrementAndGet);
        assertTrue(adjustment.applied());
        assertEquals("pinned to CPU 1 (was 0-1)", adjustment.description());
        assertEquals("pinned to CPU 1 (was 0-1)", adjustment.toString());
        adjustment.close();
        adjustment.close();
        assertEquals(1, restored.get());
        assertEquals("pinned to CPU 1 (was 0-1) (restored)", adjustment.toString());
    }

    @Test
    void closingOnAnotherThreadIsRefusedAndRestoresNothing() throws InterruptedException {
        AtomicInteger restored = new AtomicInteger();
        Adjustment adjustment = Adjustment.restoring("nice -20 (was 0)", restored::incrementAndGet);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                adjustment.close();
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "intruder");
        other.start();
        other.join();
        IllegalStateException e = (IllegalStateException) thrown.get();
        assertTrue(e.getMessage().contains("close() was called on 'intruder'"), e.getMessage());
        assertTrue(e.getMessage().contains("try-with-resources"), e.getMessage());
        assertEquals(0, restored.get());
        adjustment.close();
        assertEquals(1, restored.get());
    }

    @Test
    void needsADescriptionAndAnUndo() {
        assertThrows(NullPointerException.class, () -> Adjustment.restoring(null, () -> {}));
        assertThrows(NullPointerException.class, () -> Adjustment.restoring("x", null));
    }
}
