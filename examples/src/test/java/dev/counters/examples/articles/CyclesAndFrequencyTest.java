package dev.counters.examples.articles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.Counters;
import dev.counters.Measures;
import dev.counters.examples.Truths;
import dev.counters.examples.articles.CyclesAndFrequency.Cycles;
import org.junit.jupiter.api.Test;

/**
 * The measured frequency against the one the platform module states and against the test's own
 * estimate (the same cycle kind over a 50 ms sleep, timed by System.nanoTime): a wall-rate cycle
 * counter (the time-stamp counter) ticks at one rate, so the three agree within 5%. A kind not
 * served is printed with the refusal Counters.create throws.
 */
class CyclesAndFrequencyTest {
    @Test
    void eachCycleKindIsMeasuredOrSaysWhyNot() throws Exception {
        String printed = Truths.printedBy(() -> CyclesAndFrequency.main(new String[0]));
        for (CounterKind kind : new CounterKind[] {CounterKind.CPU_CYCLES, CounterKind.THREAD_CYCLES}) {
            Cycles cycles = CyclesAndFrequency.measure(kind);
            if (!cycles.served()) {
                UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class, () -> Counters.create(kind));
                assertEquals(refused.getMessage(), cycles.notServed());
                assertTrue(printed.contains(kind + ": not served here: " + refused.getMessage()), printed);
                continue;
            }
            assertTrue(printed.contains(kind + ": " + cycles.source()), printed);
            assertEquals(5, cycles.measuredHz().length);
            for (double hz : cycles.measuredHz()) {
                assertTrue(hz > 0 && hz < 10e9, cycles.toString());
            }
            assertTrue(cycles.cyclesPerStep() > 0, cycles.toString());
            if (kind == CounterKind.CPU_CYCLES) {
                double stated = cycles.statedHz();
                double independent = overASleep(Counters.create(kind));
                assertTrue(Math.abs(cycles.medianHz() / stated - 1) < 0.05, cycles.medianHz() + " Hz against the stated " + stated);
                assertTrue(Math.abs(cycles.medianHz() / independent - 1) < 0.05, cycles.medianHz() + " Hz against the test's " + independent);
                assertEquals(Measures.CYCLES, kind.measures());
            }
        }
    }

    /** Cycles per second of System.nanoTime over a 50 ms sleep. */
    private static double overASleep(Counter cycles) throws InterruptedException {
        long before = System.nanoTime();
        cycles.start();
        Thread.sleep(50);
        cycles.stop();
        long nanos = System.nanoTime() - before;
        return cycles.getPeriodCount() * 1e9 / nanos;
    }
}
