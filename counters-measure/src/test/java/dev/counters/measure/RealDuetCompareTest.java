package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.counters.measure.ClockComparison;
import dev.counters.measure.internal.SpinWorkload;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A duet on the real clocks and the platform's thread control (counters-posix is on the test class
 * path): k against 2k steps of the built-in workload. Only what no load can move is asserted: the
 * thread CPU ratio's interval reaches near 2, and the workers are gone afterwards.
 */
class RealDuetCompareTest {

    @Test
    @Timeout(60)
    void twiceTheStepsTakeAboutTwiceTheCpuTime() {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "a duet needs 2 CPUs");
        long k = 400_000;
        CompareResult result = Compare.of(SpinWorkload.of(k), SpinWorkload.of(2 * k))
                .order(Compare.Order.DUET)
                .budget(Duration.ofSeconds(4))
                .warmUp(Duration.ofMillis(300))
                .target(0.02)
                .run();
        String report = result.toString();
        ClockComparison cpu = result.threadCpu();
        assertTrue(cpu.interval().low() <= 2.3 && cpu.interval().high() >= 1.7, report);
        assertTrue(cpu.ratio() > 1.5 && cpu.ratio() < 2.5, report);
        assertEquals(Verdict.SLOWER, cpu.verdict(), report);
        assertEquals(Compare.Order.DUET, result.order());
        assertEquals(2, result.preparation().size(), report);
        assertTrue(result.preparation().get(0).action().equals("pin worker 1"), report);
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            assertFalse(thread.getName().startsWith("counters duet worker"), thread + " outlived run()");
        }
    }
}
