package dev.counters.spi;

import dev.counters.internal.ThreadControl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.internal.CounterMisuse;
import org.junit.jupiter.api.Test;

class KindSupportAndAdjustmentTest {

    @Test
    void supportSaysWhyNot() {
        assertTrue(KindSupport.supported().isSupported());
        assertEquals("", KindSupport.supported().reason());
        assertEquals("supported", KindSupport.supported().toString());
        KindSupport no = KindSupport.unsupported("not Windows");
        assertFalse(no.isSupported());
        assertEquals("not Windows", no.reason());
        assertEquals("unsupported: not Windows", no.toString());
        assertThrows(NullPointerException.class, () -> KindSupport.unsupported(null));
    }

    @Test
    void aBlankReasonIsStillARefusal() {
        KindSupport blank = KindSupport.unsupported(" ");
        assertFalse(blank.isSupported());
        assertEquals("no reason given", blank.reason());
        assertEquals(KindSupport.unsupported("x"), KindSupport.unsupported("x"), "a value: equal reasons are equal");
    }

    @Test
    void misuseMessagesSayWhatToCallFirst() {
        assertEquals("pause() called before start(): call start() first", CounterMisuse.calledBeforeStart("pause()").getMessage());
        assertEquals("restartFromStop() needs a stopped counter: call start() and stop() first",
                CounterMisuse.restartNeedsStop().getMessage());
        assertEquals("The counter is running: call stop() before reading it", CounterMisuse.notReadable(true).getMessage());
        assertEquals("Nothing to read yet: call start() and then stop() before reading the counter",
                CounterMisuse.notReadable(false).getMessage());
    }

    @Test
    void anAdjustmentNotAppliedSaysWhyAndRestoresNothing() {
        ThreadControl.Adjustment adjustment = ThreadControl.Adjustment.notApplied("sched_setaffinity failed with EPERM");
        assertFalse(adjustment.applied());
        assertEquals("not applied: sched_setaffinity failed with EPERM", adjustment.description());
        adjustment.close();
        assertFalse(adjustment.applied());
    }
}
