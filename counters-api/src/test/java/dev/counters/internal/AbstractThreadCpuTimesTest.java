package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link AbstractThreadCpuTimes}: the thread it names, no reading once closed, one release. */
class AbstractThreadCpuTimesTest {

    /** Times that read a constant and count their releases. */
    private static final class CountingTimes extends AbstractThreadCpuTimes {
        int releases;

        CountingTimes(long nativeThreadId) {
            super(nativeThreadId);
        }

        @Override
        public void sample(long[] into) {
            checkOpen();
            into[CpuTimesSource.TOTAL] = 3;
        }

        @Override
        protected void release() {
            releases++;
        }
    }

    @Test
    void namesTheThreadItReads() {
        assertEquals(4242, new CountingTimes(4242).nativeThreadId());
    }

    @Test
    void readsUntilClosedAndNeverAfter() {
        CountingTimes times = new CountingTimes(17);
        long[] sample = new long[CpuTimesSource.SAMPLE_LENGTH];
        times.sample(sample);
        assertEquals(3, sample[CpuTimesSource.TOTAL]);
        times.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> times.sample(sample));
        assertEquals("The CPU times of thread 17 were closed; open them again to read", e.getMessage());
    }

    @Test
    void releasesOnTheFirstCloseOnly() {
        CountingTimes times = new CountingTimes(17);
        assertEquals(0, times.releases);
        times.close();
        times.close();
        assertEquals(1, times.releases);
    }

    @Test
    void releasesNothingByDefault() {
        AbstractThreadCpuTimes plain = new AbstractThreadCpuTimes(5) {
            @Override
            public void sample(long[] into) {
                checkOpen();
            }
        };
        plain.close();
        assertTrue(assertThrows(IllegalStateException.class, () -> plain.sample(new long[3])).getMessage().contains("thread 5"));
    }
}
