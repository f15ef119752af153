package dev.counters.jmh;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.jdk.JdkCounterProvider;
import org.junit.jupiter.api.Test;

/**
 * Issue #32 item 14: where a benchmarks jar was shaded without merging {@code META-INF/services},
 * the platform modules are not found, the JDK floor serves PROCESS_TIMES without a split, and the
 * process's kernel and user rows are missing: the profiler says why, as it does for its other refusals.
 */
class ProcessSplitNoticeTest {
    @Test
    void theMissingProcessRowsAreExplainedWithTheFloorsReasonAndTheFix() {
        CounterInfo floor = new JdkCounterProvider().describe(CounterKind.PROCESS_TIMES);
        assertFalse(floor.hasKernelUserSplit());

        String notice = CpuTimeProfiler.whyNoProcessSplit(floor);

        assertTrue(notice.startsWith("no cpu.process.kernel.norm or cpu.process.user.norm: PROCESS_TIMES is served by the 'jdk'"
                + " provider, which has no kernel/user split (" + floor.notes() + ")"), notice);
        assertTrue(notice.contains("ServicesResourceTransformer"), notice);
    }
}
