package dev.counters.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void anAdjustmentNotAppliedSaysWhyAndRestoresNothing() {
        ThreadControl.Adjustment adjustment = ThreadControl.Adjustment.notApplied("sched_setaffinity failed with EPERM");
        assertFalse(adjustment.applied());
        assertEquals("not applied: sched_setaffinity failed with EPERM", adjustment.description());
        adjustment.close();
        assertFalse(adjustment.applied());
    }
}
