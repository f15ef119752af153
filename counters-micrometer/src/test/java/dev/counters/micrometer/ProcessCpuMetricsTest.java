package dev.counters.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.testing.Work;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The split against Micrometer's own {@code process.cpu.time} (the JDK's OperatingSystemMXBean). */
class ProcessCpuMetricsTest {
    private static final double NANOS_PER_SECOND = 1e9;
    /** The unit of /proc's times (sysconf(_SC_CLK_TCK)): 100 on every Linux architecture the JDK runs on. */
    private static final long USER_HZ = 100;
    private final MeterRegistry meters = new SimpleMeterRegistry();

    @Test
    void kernelPlusUserGrowsAsMicrometersProcessCpuTimeDoes() {
        Assumptions.assumeTrue(ProcessCpuMetrics.hasKernelUserSplit(), "no kernel/user split on this platform");
        new ProcessorMetrics().bindTo(meters);
        new ProcessCpuMetrics(Tags.of("app", "test")).bindTo(meters);
        FunctionCounter kernel = meters.get("process.cpu.kernel").tag("app", "test").functionCounter();
        FunctionCounter user = meters.get("process.cpu.user").tag("app", "test").functionCounter();
        FunctionCounter total = meters.get("process.cpu.time").functionCounter();
        assertEquals("ns", total.getId().getBaseUnit(), "Micrometer's process.cpu.time is in ns");
        assertEquals("seconds", kernel.getId().getBaseUnit());

        double oursBefore = (kernel.count() + user.count()) * NANOS_PER_SECOND;
        double theirsBefore = total.count();
        Work.burnCpu(Duration.ofMillis(300));
        double theirsAfter = total.count();
        double oursAfter = (kernel.count() + user.count()) * NANOS_PER_SECOND;

        double ours = oursAfter - oursBefore;
        double theirs = theirsAfter - theirsBefore;
        // Where the JDK reads process.cpu.time through times(), user and system time are each cut to 10 ms ticks.
        assertTrue(theirs >= TimeUnit.MILLISECONDS.toNanos(300 - 2 * 10), "process.cpu.time grew " + theirs + " ns");
        // The two are read one after the other while the JVM's own threads run too: 10% and 30 ms.
        double slack = 0.1 * theirs + TimeUnit.MILLISECONDS.toNanos(30);
        assertTrue(Math.abs(ours - theirs) <= slack, "kernel+user grew " + ours + " ns, process.cpu.time " + theirs + " ns");
        assertTrue(oursAfter <= theirsAfter + TimeUnit.MILLISECONDS.toNanos(30),
                "since binding (" + oursAfter + " ns) cannot exceed since process start (" + theirsAfter + " ns)");
        assertTrue(kernel.count() >= 0 && user.count() > 0, "user " + user.count() + " s, kernel " + kernel.count() + " s");
    }

    @Test
    void onLinuxWithCountersPosixTheSplitIsThere() {
        Assumptions.assumeTrue(System.getProperty("os.name").startsWith("Linux"), "counters-posix splits on Linux");
        assertTrue(ProcessCpuMetrics.hasKernelUserSplit(), "getrusage(RUSAGE_SELF) splits kernel from user time");
    }

    @Test
    void kernelWorkShowsAsTheKernelsOwnAccountingOfIt() throws Exception {
        Assumptions.assumeTrue(ProcessCpuMetrics.hasKernelUserSplit(), "no kernel/user split on this platform");
        Path stat = Path.of("/proc/self/stat");
        Assumptions.assumeTrue(Files.isReadable(stat) && Files.isReadable(Path.of("/dev/zero")), "needs /proc/self/stat and /dev/zero");
        new ProcessCpuMetrics().bindTo(meters);
        FunctionCounter kernel = meters.get("process.cpu.kernel").functionCounter();
        FunctionCounter user = meters.get("process.cpu.user").functionCounter();
        long stimeBefore = stimeTicks(stat);
        double kernelBefore = kernel.count();
        double userBefore = user.count();
        Work.systemCalls(Duration.ofMillis(300)); // reading /dev/zero: the kernel fills the buffer
        double kernelGrew = kernel.count() - kernelBefore;
        double userGrew = user.count() - userBefore;
        double procKernel = (stimeTicks(stat) - stimeBefore) / (double) USER_HZ;
        // Not a fixed share: the kernel splits a process's run time by sampled ticks, and keeps each part from going
        // back, so over a short interval kernel work may show as user time (under load, 43 ms of 570 ms here). The
        // truth is its own split of the same interval, in /proc/self/stat: within two of its ticks and 10%.
        String detail = "kernel grew " + kernelGrew + " s, user " + userGrew + " s; /proc/self/stat stime grew " + procKernel + " s";
        assertTrue(kernelGrew > 0, detail);
        assertEquals(procKernel, kernelGrew, 2.0 / USER_HZ + 0.1 * procKernel, detail);
    }

    /** The process's kernel time in clock ticks: field 15 of /proc/self/stat, the 13th after the command name. */
    private static long stimeTicks(Path stat) throws IOException {
        String text = Files.readString(stat);
        String[] fields = text.substring(text.lastIndexOf(')') + 2).trim().split(" ");
        return Long.parseLong(fields[12]);
    }

    @Test
    void theMetersKeepCountingAfterTheBinderIsCollected() {
        Assumptions.assumeTrue(ProcessCpuMetrics.hasKernelUserSplit(), "no kernel/user split on this platform");
        new ProcessCpuMetrics().bindTo(meters);
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Work.burnCpu(Duration.ofMillis(20));
        double user = meters.get("process.cpu.user").functionCounter().count();
        assertTrue(user > 0, "process.cpu.user read " + user + " after a GC; a weakly held clock reads NaN");
    }

    @Test
    void aNullRegistryOrTagsAreRefused() {
        assertThrows(NullPointerException.class, () -> new ProcessCpuMetrics(null));
        NullPointerException refused = assertThrows(NullPointerException.class, () -> new ProcessCpuMetrics().bindTo(null));
        assertTrue(refused.getMessage().contains("MeterRegistry"), refused.getMessage());
    }
}
