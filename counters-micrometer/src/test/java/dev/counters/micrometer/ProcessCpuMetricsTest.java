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
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The split against Micrometer's own {@code process.cpu.time} (the JDK's OperatingSystemMXBean). */
class ProcessCpuMetricsTest {
    private static final double NANOS_PER_SECOND = 1e9;
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
    void kernelWorkShowsAsKernelTime() throws Exception {
        Assumptions.assumeTrue(ProcessCpuMetrics.hasKernelUserSplit(), "no kernel/user split on this platform");
        Assumptions.assumeTrue(java.nio.file.Files.isReadable(java.nio.file.Path.of("/dev/zero")), "needs /dev/zero");
        new ProcessCpuMetrics().bindTo(meters);
        FunctionCounter kernel = meters.get("process.cpu.kernel").functionCounter();
        FunctionCounter user = meters.get("process.cpu.user").functionCounter();
        double kernelBefore = kernel.count();
        double userBefore = user.count();
        Work.systemCalls(Duration.ofMillis(300)); // reading /dev/zero: the kernel fills the buffer
        double kernelGrew = kernel.count() - kernelBefore;
        double userGrew = user.count() - userBefore;
        // The kernel's own split is sampled in ticks: of 300 ms spent mostly in read(2), well over a third is kernel time.
        assertTrue(kernelGrew >= 0.1, "kernel grew " + kernelGrew + " s, user " + userGrew + " s");
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
