package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.nativeaccess.Scratch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code sysconf(_SC_CLK_TCK)} and {@code times()}, which the other tests rely on to read {@code /proc}, against the system's own tools. */
class TimesBindingTest {

    @Test
    void clockTicksPerSecondIsWhatGetconfSays() throws IOException, InterruptedException {
        Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
        String answer = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, getconf.waitFor());
        assertEquals(Long.parseLong(answer), Kernel.clockTicksPerSecond());
    }

    @Test
    void timesAgreesWithProcSelfStat() {
        Work.compute(Duration.ofMillis(50));
        Scratch tms = Kernel.CALLS.allocate(TestLibcDirect.TMS_BYTES);
        ProcStat before = ProcStat.process();
        long elapsed = TestLibcDirect.times(tms.address());
        ProcStat after = ProcStat.process();
        assertTrue(elapsed != -1, "times() succeeded");
        long utime = tms.longAt(TestLibcDirect.TMS_UTIME_OFFSET);
        long stime = tms.longAt(TestLibcDirect.TMS_STIME_OFFSET);
        assertTrue(before.utimeTicks() <= utime && utime <= after.utimeTicks(), before + " / " + utime + " / " + after);
        assertTrue(before.stimeTicks() <= stime && stime <= after.stimeTicks(), before + " / " + stime + " / " + after);
    }
}
