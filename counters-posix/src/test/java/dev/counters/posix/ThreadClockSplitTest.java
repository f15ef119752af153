package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.counters.internal.CpuTimesSource;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThreadClockSplitTest {

    private static ThreadClockSplit split(List<Long> userAndSystem, List<Long> user) {
        Deque<Long> both = new ArrayDeque<>(userAndSystem);
        Deque<Long> users = new ArrayDeque<>(user);
        return new ThreadClockSplit(both::removeFirst, users::removeFirst);
    }

    private static long[] sample(ThreadClockSplit split) {
        long[] into = new long[CpuTimesSource.SAMPLE_LENGTH];
        into[CpuTimesSource.TOTAL] = -1;
        split.sampleInto(into);
        return into;
    }

    @Test
    void systemTimeIsProfMinusVirtAndUserTimeIsVirt() {
        ThreadClockSplit split = split(List.of(40L, 70L), List.of(30L, 50L));
        assertArrayEquals(new long[] {-1, 10, 30}, sample(split), "the total is not the split's business");
        assertArrayEquals(new long[] {-1, 20, 50}, sample(split));
    }

    @Test
    void aUserTickLandingBetweenTheTwoReadsDoesNotMakeSystemTimeGoBack() {
        ThreadClockSplit split = split(List.of(40L, 50L, 60L), List.of(30L, 41L, 45L));
        assertArrayEquals(new long[] {-1, 10, 30}, sample(split));
        assertArrayEquals(new long[] {-1, 10, 41}, sample(split), "50 - 41 = 9 would be a step back");
        assertArrayEquals(new long[] {-1, 15, 45}, sample(split));
    }
}
