package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.counters.internal.CpuTimesSource;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

/** The order of the two reads, which decides whether an interval times the split's own system call. */
class CpuClockTimesTest {
    private static final int RUSAGE_SELF = 0;

    private final StringBuilder calls = new StringBuilder();

    private CpuClockTimes source() {
        PosixCalls real = JnaPosixCalls.bind();
        PosixCalls logging = (PosixCalls) Proxy.newProxyInstance(PosixCalls.class.getClassLoader(),
                new Class<?>[] {PosixCalls.class}, (proxy, method, arguments) -> {
                    if (method.getName().equals("getrusage")) {
                        calls.append("getrusage ");
                    }
                    return method.invoke(real, arguments);
                });
        RusageSplit split = new RusageSplit(logging, RUSAGE_SELF, "RUSAGE_SELF", false);
        return new CpuClockTimes(() -> {
            calls.append("total ");
            return System.nanoTime();
        }, split);
    }

    @Test
    void opensWithTheSplitSoItsCallFallsBeforeTheInterval() {
        source().sampleStart(new long[CpuTimesSource.SAMPLE_LENGTH]);
        assertEquals("getrusage total ", calls.toString());
    }

    @Test
    void closesWithTheTotalSoTheSplitsCallFallsAfterTheInterval() {
        CpuClockTimes source = source();
        source.sampleEnd(new long[CpuTimesSource.SAMPLE_LENGTH]);
        source.sample(new long[CpuTimesSource.SAMPLE_LENGTH]);
        assertEquals("total getrusage total getrusage ", calls.toString());
    }
}
