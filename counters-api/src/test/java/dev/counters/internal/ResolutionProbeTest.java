package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Resolution;
import dev.counters.testing.FakeTickSource;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResolutionProbeTest {

    @Test
    void findsTheSmallestAndTypicalStep() {
        long[] steps = {5, 7, 7, 7, 9, 7, 11, 7};
        long[] value = {0};
        int[] index = {0};
        int[] readsAtValue = {0};
        TickSource source = () -> {
            if (++readsAtValue[0] == 3) {
                readsAtValue[0] = 0;
                value[0] += steps[index[0]++ % steps.length];
            }
            return value[0];
        };
        Resolution resolution = ResolutionProbe.measure(source, 1_000_000_000L, 16, Duration.ofSeconds(10));
        assertEquals(Duration.ofNanos(5), resolution.smallest());
        assertEquals(Duration.ofNanos(7), resolution.typical());
        assertEquals(16, resolution.stepsSeen());
        assertEquals(Optional.empty(), resolution.declared());
    }

    @Test
    void convertsStepsWithTheFrequency() {
        Resolution resolution = ResolutionProbe.measure(FakeTickSource.at(0).steppingBy(1), 1000, 4, Duration.ofSeconds(10));
        assertEquals(Duration.ofMillis(1), resolution.smallest());
        assertEquals(4, resolution.stepsSeen());
    }

    @Test
    void aClockThatNeverMovesReportsTheBudgetAndNoSteps() {
        Resolution resolution = ResolutionProbe.measure(FakeTickSource.at(42), 1000, 4, Duration.ofMillis(20));
        assertEquals(0, resolution.stepsSeen());
        assertEquals(Duration.ofMillis(20), resolution.smallest());
    }

    @Test
    void probesTheTotalOfACpuTimesSource() {
        long[] total = {0};
        CpuTimesSource source = into -> {
            total[0] += 3;
            into[CpuTimesSource.TOTAL] = total[0];
        };
        Resolution resolution = ResolutionProbe.measure(source, 1_000_000_000L);
        assertEquals(Duration.ofNanos(3), resolution.smallest());
        assertEquals(ResolutionProbe.STEPS, resolution.stepsSeen());
    }

    @Test
    void realClockHasAPositiveResolution() {
        Resolution resolution = ResolutionProbe.measure(System::nanoTime, 1_000_000_000L);
        assertTrue(resolution.stepsSeen() > 0);
        assertTrue(!resolution.smallest().isNegative() && !resolution.smallest().isZero());
        assertTrue(resolution.smallest().compareTo(resolution.typical()) <= 0);
    }

    @Test
    void rejectsNonsense() {
        assertThrows(IllegalArgumentException.class, () -> ResolutionProbe.measure(System::nanoTime, 0));
        assertThrows(IllegalArgumentException.class, () -> ResolutionProbe.measure(System::nanoTime, 1, 0, Duration.ofMillis(1)));
        assertThrows(NullPointerException.class, () -> ResolutionProbe.measure((TickSource) null, 1));
    }

    /** Issue #23 item 4: a budget that is not positive was accepted, and its value reported as a resolution. */
    @Test
    void rejectsABudgetThatIsNotPositive() {
        assertThrows(IllegalArgumentException.class, () -> ResolutionProbe.measure(System::nanoTime, 1, 8, Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> ResolutionProbe.measure(System::nanoTime, 1, 8, Duration.ofNanos(-1)));
        assertThrows(NullPointerException.class, () -> ResolutionProbe.measure(System::nanoTime, 1, 8, null));
    }
}
