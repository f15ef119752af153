package dev.counters.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import dev.counters.Counters;
import dev.counters.internal.CpuTimesSource;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.VirtualThreadRunner;
import dev.counters.testing.Work;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The handler against independent truth: the JDK's own reading of the thread's CPU clock
 * ({@code ThreadMXBean}) around each observation, and the counters' exact kernel + user = total.
 */
class CpuTimeObservationHandlerTest {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Ample for one read of the thread CPU clock on any machine this runs on, however loaded. */
    private static final long CLOCK_SLACK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final MeterRegistry meters = new SimpleMeterRegistry();
    private final ObservationRegistry observations = ObservationRegistry.create();
    private final CpuTimeObservationHandler handler = new CpuTimeObservationHandler(meters);

    CpuTimeObservationHandlerTest() {
        observations.observationConfig().observationHandler(handler);
    }

    @Test
    void theCpuTimerLiesWithinWhatThreadMxBeanReadsAroundTheObservation() {
        observe("warm", () -> Work.burnCpu(Duration.ofMillis(5)));
        long before = THREADS.getCurrentThreadCpuTime();
        observe("work", () -> Work.burnCpu(Duration.ofMillis(60)));
        long after = THREADS.getCurrentThreadCpuTime();

        Timer cpu = timer("work.cpu");
        assertEquals(1, cpu.count());
        long recorded = (long) cpu.totalTime(TimeUnit.NANOSECONDS);
        long outside = after - before;
        assertTrue(recorded <= outside + CLOCK_SLACK_NANOS, "recorded " + recorded + " ns, ThreadMXBean around it " + outside);
        assertTrue(recorded >= TimeUnit.MILLISECONDS.toNanos(60) - CLOCK_SLACK_NANOS,
                "recorded " + recorded + " ns for at least 60 ms of work");
    }

    @Test
    void kernelPlusUserIsTheTotalExactlyAndSystemCallsShowAsKernelTime(@TempDir Path folder) {
        assumeSplit();
        Path file = folder.resolve("kernel-work");
        for (int i = 0; i < 5; i++) {
            observe("io", () -> kernelWork(file));
        }
        Timer total = timer("io.cpu");
        Timer kernel = timer("io.cpu.kernel");
        Timer user = timer("io.cpu.user");
        assertEquals(5, total.count());
        assertEquals(5, kernel.count());
        assertEquals(5, user.count());
        long totalNanos = (long) total.totalTime(TimeUnit.NANOSECONDS);
        assertEquals(totalNanos, (long) kernel.totalTime(TimeUnit.NANOSECONDS) + (long) user.totalTime(TimeUnit.NANOSECONDS));
        assertTrue(totalNanos > 0, "some CPU time was recorded");
    }

    @Test
    void theTimersCarryTheObservationsLowCardinalityTagsOnly() {
        Observation.createNotStarted("tagged", observations)
                .lowCardinalityKeyValue("uri", "/compute")
                .highCardinalityKeyValue("user", "u-12345")
                .observe(() -> Work.burnCpu(Duration.ofMillis(1)));
        Timer cpu = meters.find("tagged.cpu").tag("uri", "/compute").timer();
        assertNotNull(cpu, "tagged.cpu with uri=/compute");
        assertNull(cpu.getId().getTag("user"), "no high-cardinality tag");
    }

    @Test
    void nestedObservationsOnOneThreadEachGetTheirOwnFigures() {
        observe("outer", () -> {
            Work.burnCpu(Duration.ofMillis(20));
            observe("inner", () -> Work.burnCpu(Duration.ofMillis(20)));
            observe("inner", () -> Work.burnCpu(Duration.ofMillis(20)));
        });
        Timer outer = timer("outer.cpu");
        Timer inner = timer("inner.cpu");
        assertEquals(1, outer.count());
        assertEquals(2, inner.count());
        double innerMillis = inner.totalTime(TimeUnit.MILLISECONDS);
        double outerMillis = outer.totalTime(TimeUnit.MILLISECONDS);
        assertTrue(innerMillis >= 40 - 1, "inner " + innerMillis + " ms");
        assertTrue(outerMillis >= innerMillis + 20 - 1, "outer " + outerMillis + " ms holds inner " + innerMillis + " ms and its own 20");
    }

    @Test
    void anObservationThatNeverOpensAScopeRecordsNoCpuTimeButCountsAsNoScope() throws Exception {
        Observation observation = Observation.start("handoff", observations);
        Work.burnCpu(Duration.ofMillis(2));
        Thread other = new Thread(observation::stop, "other");
        other.start();
        other.join();

        assertNull(meters.find("handoff.cpu").timer(), "no CPU timer without a scope: nothing tells its work from other work");
        assertEquals(1, meters.get("handoff.cpu.unmeasured").tag(CpuTimeMeters.REASON_TAG, "no-scope").counter().count());
        assertEquals(0, meters.get("handoff.cpu.covered").timer().totalTime(TimeUnit.NANOSECONDS), "nothing covered");
        observe("handoff", () -> Work.burnCpu(Duration.ofMillis(1)));
        assertEquals(1, timer("handoff.cpu").count(), "the next observation, with its scope, is measured");
    }

    @Test
    void aClockThatFailsCountsAsUnmeasuredAndNeverFailsTheObservedWork() {
        // A THREAD_TIMES clock whose reads fail from the second on: the first observation's stop, the next one's start.
        int[] reads = {0};
        CpuTimeObservationHandler failing = new CpuTimeObservationHandler(meters, () -> FakeCounters.threadTimes(into -> {
            if (++reads[0] > 1) {
                throw CounterException.nativeFailure("clock_gettime(CLOCK_THREAD_CPUTIME_ID)", 22, "Invalid argument");
            }
            into[CpuTimesSource.TOTAL] = reads[0];
        }));
        ObservationRegistry failingObservations = ObservationRegistry.create();
        failingObservations.observationConfig().observationHandler(failing);
        boolean[] ran = {false, false};

        Observation.createNotStarted("flaky", failingObservations).observe(() -> ran[0] = true);
        Observation.createNotStarted("flaky", failingObservations).observe(() -> ran[1] = true);

        assertTrue(ran[0] && ran[1], "the observed work ran both times");
        assertNull(meters.find("flaky.cpu").timer(), "no CPU figure from a failed clock");
        assertEquals(2, meters.get("flaky.cpu.unmeasured").tag(CpuTimeMeters.REASON_TAG, "clock-failed").counter().count(),
                "each observation's clock failed: the first at its first read, the second when it was made");
    }

    @Test
    void anObservationOnAVirtualThreadRecordsNoCpuTimeButCountsAsUnmeasured() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        VirtualThreadRunner.call(() -> {
            observe("virtual", () -> Work.compute(5));
            observe("virtual", () -> Work.compute(5));
            return null;
        });
        assertNull(meters.find("virtual.cpu").timer(), "no CPU timer: a virtual thread has no CPU clock");
        assertEquals(2, meters.get("virtual.cpu.unmeasured").tag(CpuTimeMeters.REASON_TAG, "virtual-thread").counter().count());
    }

    /**
     * Issue #32 item 3: an observation's own low-cardinality {@code reason} is kept on the unmeasured
     * counter, which says why it is unmeasured under a key of its own (both landed in one meter,
     * {@code reason=other-thread}, before).
     */
    @Test
    void anObservationsOwnReasonTagIsKeptWhenItIsUnmeasured() throws Exception {
        for (String reason : List.of("timeout", "evicted", "timeout")) {
            Observation job = Observation.createNotStarted("job", observations).lowCardinalityKeyValue("reason", reason).start();
            Thread other = new Thread(job::stop, "other");
            other.start();
            other.join();
        }
        assertEquals(2, meters.get("job.cpu.unmeasured").tags("reason", "timeout", CpuTimeMeters.REASON_TAG, "no-scope")
                .counter().count());
        assertEquals(1, meters.get("job.cpu.unmeasured").tags("reason", "evicted", CpuTimeMeters.REASON_TAG, "no-scope")
                .counter().count());
    }

    /** Issue #32 item 3: the CPU timers carry the {@code error} tag Micrometer's wall-time timer carries, with the same values. */
    @Test
    void theCpuTimersCarryTheWallTimersErrorTag() {
        observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        observe("call", () -> Work.burnCpu(Duration.ofMillis(1)));
        assertThrows(IllegalStateException.class, () -> observe("call", () -> {
            throw new IllegalStateException("failed on purpose");
        }));
        for (String error : List.of("none", "IllegalStateException")) {
            Timer wall = meters.get("call").tag("error", error).timer();
            Timer cpu = meters.get("call.cpu").tag("error", error).timer();
            assertEquals(1, wall.count(), "wall time, error=" + error);
            assertEquals(1, cpu.count(), "CPU time, error=" + error);
            assertEquals(wall.getId().getTags(), cpu.getId().getTags(), "the two series join on every tag");
        }
    }

    /**
     * Issue #32 item 1: without a platform module (the module's second test run, with counters-posix and
     * counters-windows off the class path) the JDK floor has no honest split, and only the total is recorded.
     */
    @Test
    void withoutAPlatformModuleOnlyTheTotalIsRecorded() {
        org.junit.jupiter.api.Assumptions.assumeTrue("jdk".equals(Counters.threadTimes().getInfo().provider()),
                "a platform module serves THREAD_TIMES here");
        observe("floor", () -> Work.burnCpu(Duration.ofMillis(5)));
        assertEquals(1, timer("floor.cpu").count());
        assertNull(meters.find("floor.cpu.kernel").timer(), "no kernel timer from a split the JDK cannot measure");
        assertNull(meters.find("floor.cpu.user").timer(), "no user timer from a split the JDK cannot measure");
    }

    @Test
    void itComposesWithMicrometersOwnMeterHandler() {
        observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        observe("both", () -> Work.burnCpu(Duration.ofMillis(5)));
        assertEquals(1, timer("both").count(), "Micrometer's wall-clock timer");
        assertEquals(1, timer("both.cpu").count(), "this handler's CPU timer");
    }

    @Test
    void twoHandlersOnOneRegistryKeepTheirOwnClocks() {
        MeterRegistry second = new SimpleMeterRegistry();
        observations.observationConfig().observationHandler(new CpuTimeObservationHandler(second));
        observe("twice", () -> Work.burnCpu(Duration.ofMillis(2)));
        assertEquals(1, timer("twice.cpu").count());
        assertEquals(1, second.get("twice.cpu").timer().count());
    }

    @Test
    void itSupportsEveryContextAndIgnoresAStopItDidNotStart() {
        Observation.Context context = new Observation.Context();
        assertTrue(handler.supportsContext(context));
        context.setName("never-started");
        handler.onStop(context);
        assertTrue(meters.getMeters().isEmpty(), "nothing recorded for a stop without a start");
    }

    @Test
    void aContextWithoutANameIsRefusedWithWhatToDo() {
        Observation.Context context = new Observation.Context();
        handler.onStart(context);
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> handler.onStop(context));
        assertTrue(refused.getMessage().contains("has no name"), refused.getMessage());
    }

    @Test
    void aNullRegistryIsRefused() {
        NullPointerException refused = assertThrows(NullPointerException.class, () -> new CpuTimeObservationHandler(null));
        assertTrue(refused.getMessage().contains("MeterRegistry"), refused.getMessage());
    }

    private void observe(String name, Runnable work) {
        Observation.createNotStarted(name, observations).observe(work);
    }

    private Timer timer(String name) {
        return meters.get(name).timer();
    }

    private static void assumeSplit() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Counters.threadTimes().getInfo().hasKernelUserSplit(),
                "this platform's THREAD_TIMES has no kernel/user split");
    }

    /** Work that is mostly system calls: writing and syncing a small file. */
    private static void kernelWork(Path file) {
        try {
            for (int i = 0; i < 200; i++) {
                Files.write(file, new byte[4096]);
                Files.readAllBytes(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
