package dev.counters.micrometer;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.testing.VirtualThreadRunner;
import dev.counters.testing.Work;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.NullObservation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An observation's CPU time is the sum over threads of the stretches in which its scope was open
 * (issue #42), against the truth each piece of work reads from the JDK's own thread CPU clock: work
 * on other threads that the scope reached is added, work a thread did for someone else in between
 * never is, and what cannot be measured is counted with its reason.
 */
class CpuAcrossThreadsTest {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Ample for the reads of the thread CPU clock at the edges of a stretch, however loaded the machine. */
    private static final long SLACK_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private final MeterRegistry meters = new SimpleMeterRegistry();
    private final ObservationRegistry observations = ObservationRegistry.create();
    private final ExecutorService pool = Executors.newSingleThreadExecutor();

    CpuAcrossThreadsTest() {
        observations.observationConfig().observationHandler(new CpuTimeObservationHandler(meters));
    }

    @AfterEach
    void stopThePool() {
        pool.shutdownNow();
    }

    @Test
    void stretchesOnEveryThreadTheScopeReachedAreAdded() throws Exception {
        AtomicLong truth = new AtomicLong();
        Observation request = Observation.start("hop", observations);
        try (Observation.Scope scope = request.openScope()) {
            truth.addAndGet(burn(10));
        }
        pool.submit(scoped(request, () -> truth.addAndGet(burn(40)))).get();
        try (Observation.Scope scope = request.openScope()) {
            truth.addAndGet(burn(10));
        }
        request.stop();

        long recorded = nanos("hop.cpu");
        assertTrue(recorded >= truth.get() - SLACK_NANOS && recorded <= truth.get() + 3 * SLACK_NANOS,
                "recorded " + recorded + " ns for " + truth + " ns of work on two threads");
    }

    @Test
    void aThreadThatServesAnotherRequestInBetweenNeverAddsItsWork() throws Exception {
        Observation first = Observation.start("served", observations);
        Observation second = Observation.start("other", observations);
        long firstTruth = pool.submit(scoped(first, () -> burn(10))).get();
        pool.submit(scoped(second, () -> burn(60))).get();
        pool.submit(() -> burn(30)).get();   // work of no observation at all
        firstTruth += pool.submit(scoped(first, () -> burn(10))).get();
        Thread stopper = new Thread(first::stop);   // stopped on a thread that never ran it: nothing of the pool's added
        stopper.start();
        stopper.join();
        second.stop();

        long recorded = nanos("served.cpu");
        assertTrue(recorded >= firstTruth - SLACK_NANOS && recorded <= firstTruth + 2 * SLACK_NANOS,
                "recorded " + recorded + " ns for " + firstTruth + " ns of its own work; 90 ms of others' work on the same thread");
    }

    @Test
    void anUnrelatedScopeOpenedInsideSuspendsTheStretchBelowIt() {
        Observation outer = Observation.start("outer", observations);
        long truth;
        try (Observation.Scope scope = outer.openScope()) {
            truth = burn(10);
            Observation foreign = Observation.createNotStarted("foreign", observations).parentObservation(null).start();
            try (Observation.Scope restored = foreign.openScope()) {
                burn(60);
            }
            foreign.stop();
            truth += burn(10);
        }
        outer.stop();

        long recorded = nanos("outer.cpu");
        assertTrue(recorded <= truth + 2 * SLACK_NANOS, "recorded " + recorded + " ns for " + truth + " ns; the foreign 60 ms left out");
        assertTrue(nanos("foreign.cpu") >= TimeUnit.MILLISECONDS.toNanos(60) - SLACK_NANOS, "the foreign observation has its own");
    }

    @Test
    void aChildsStretchOnAnotherThreadCountsForItsParent() throws Exception {
        Observation parent = Observation.start("parent", observations);
        long truth;
        try (Observation.Scope scope = parent.openScope()) {
            truth = burn(10);
        }
        Observation child = Observation.createNotStarted("child", observations).parentObservation(parent).start();
        truth += pool.submit(scoped(child, () -> burn(30))).get();
        child.stop();
        parent.stop();

        long recorded = nanos("parent.cpu");
        assertTrue(recorded >= truth - SLACK_NANOS && recorded <= truth + 3 * SLACK_NANOS, "recorded " + recorded + " ns for " + truth);
        assertTrue(nanos("child.cpu") <= nanos("parent.cpu"), "the child's part is within its parent's");
    }

    @Test
    void theCoveredWallTimeLeavesOutWhatNoScopeCovered() throws Exception {
        Observation request = Observation.start("gap", observations);
        long began = System.nanoTime();
        try (Observation.Scope scope = request.openScope()) {
            Thread.sleep(40);
        }
        Thread.sleep(100);
        request.stop();
        long wall = System.nanoTime() - began;

        double covered = meters.get("gap.cpu.covered").timer().totalTime(TimeUnit.NANOSECONDS);
        assertTrue(covered >= TimeUnit.MILLISECONDS.toNanos(40) && covered < wall - TimeUnit.MILLISECONDS.toNanos(90),
                "covered " + covered + " ns of " + wall + " ns of wall time, 40 ms of it in the scope");
    }

    /** A pool thread that hands over the result that ends the request, and leaves the scope after the stop: its CPU is kept. */
    @Test
    void aStretchStillOpenAtTheStopIsRecordedWhenItCloses() throws Exception {
        Observation request = Observation.start("late", observations);
        CountDownLatch stopped = new CountDownLatch(1);
        Future<Long> straggler = pool.submit(scoped(request, () -> {
            long burned = burn(30);
            stopped.await();
            return burned;
        }));
        Thread.sleep(100);
        request.stop();
        assertNull(meters.find("late.cpu").timer(), "not recorded while a stretch is open");
        stopped.countDown();
        long truth = straggler.get();
        awaitRecorded("late.cpu");

        long recorded = nanos("late.cpu");
        assertTrue(recorded >= truth - SLACK_NANOS && recorded <= truth + 2 * SLACK_NANOS, "recorded " + recorded + " ns for " + truth);
    }

    @Test
    void scopesOnVirtualThreadsAreCountedAsUnmeasuredAndLeftOutOfTheCoveredTime() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        Observation request = Observation.start("virtual", observations);
        long truth;
        try (Observation.Scope scope = request.openScope()) {
            truth = burn(10);
        }
        VirtualThreadRunner.call(() -> {
            try (Observation.Scope scope = request.openScope()) {
                Work.compute(30);   // a virtual thread has no CPU clock to stop by
            }
            return null;
        });
        request.stop();

        assertEquals(1, meters.get("virtual.cpu.unmeasured").tag(CpuTimeMeters.REASON_TAG, "virtual-thread").counter().count());
        long recorded = nanos("virtual.cpu");
        assertTrue(recorded <= truth + 2 * SLACK_NANOS, "recorded " + recorded + " ns: the platform thread's " + truth + " ns only");
    }

    /**
     * Context propagation clears a thread by opening a {@code NullObservation}'s scope over whatever was
     * current there: the request below is not current while it is open, and gets none of its CPU.
     */
    @Test
    void aNullObservationsScopeHidesTheStretchBelowIt() {
        Observation request = Observation.start("hidden", observations);
        long truth;
        try (Observation.Scope scope = request.openScope()) {
            truth = burn(10);
            try (Observation.Scope cleared = new NullObservation(observations).start().openScope()) {
                burn(50);
            }
            truth += burn(10);
        }
        request.stop();

        long recorded = nanos("hidden.cpu");
        assertTrue(recorded <= truth + 2 * SLACK_NANOS, "recorded " + recorded + " ns for " + truth + " ns; the 50 ms under the null scope left out");
    }

    /** Micrometer's reset clears every scope of the thread: every stretch there ends, so the observation is recorded at its stop. */
    @Test
    void aResetEndsEveryStretchOfTheThread() {
        Observation outer = Observation.start("reset", observations);
        Observation.Scope outerScope = outer.openScope();
        long truth = burn(10);
        Observation inner = Observation.start("inner", observations);
        Observation.Scope innerScope = inner.openScope();
        truth += burn(10);
        innerScope.reset();
        burn(30);   // after the reset, nobody's
        inner.stop();
        outer.stop();

        long recorded = nanos("reset.cpu");
        assertTrue(recorded >= truth - SLACK_NANOS && recorded <= truth + 2 * SLACK_NANOS, "recorded " + recorded + " ns for " + truth);
        assertEquals(1, meters.get("inner.cpu").timer().count(), "the inner one too");
        assertNull(observations.getCurrentObservationScope(), "Micrometer cleared the thread: " + outerScope);
    }

    /** Issue #44 item 9: an OutOfMemoryError of direct memory while making a clock never reaches the observed work. */
    @Test
    void aClockThatCannotBeMadeNeverThrowsIntoTheObservedWork() {
        ObservationRegistry starved = ObservationRegistry.create();
        starved.observationConfig().observationHandler(new CpuTimeObservationHandler(meters, () -> {
            throw new OutOfMemoryError("Cannot reserve 144 bytes of direct buffer memory (allocated: 262100, limit: 262144)");
        }));
        boolean[] ran = {false};
        assertDoesNotThrow(() -> Observation.createNotStarted("starved", starved).observe(() -> ran[0] = true));
        assertTrue(ran[0], "the observed work ran");
        assertNull(meters.find("starved.cpu").timer(), "no figure from a clock that was never made");
        assertEquals(1, meters.get("starved.cpu.unmeasured").tag(CpuTimeMeters.REASON_TAG, "clock-failed").counter().count());
    }

    /** Burns {@code millis} of this thread's CPU and returns the CPU it used by the JDK's clock. */
    private static long burn(long millis) {
        long before = THREADS.getCurrentThreadCpuTime();
        Work.burnCpu(Duration.ofMillis(millis));
        return THREADS.getCurrentThreadCpuTime() - before;
    }

    private static Callable<Long> scoped(Observation observation, Callable<Long> work) {
        return () -> {
            try (Observation.Scope scope = observation.openScope()) {
                return work.call();
            }
        };
    }

    private static Callable<Long> scoped(Observation observation, Runnable work) {
        return scoped(observation, () -> {
            work.run();
            return 0L;
        });
    }

    /** The pool thread records as it leaves the scope, just after the task's result is handed over. */
    private void awaitRecorded(String timer) throws InterruptedException {
        for (int i = 0; i < 500 && meters.find(timer).timer() == null; i++) {
            Thread.sleep(10);
        }
    }

    private long nanos(String timer) {
        Timer found = meters.get(timer).timer();
        assertEquals(1, found.count(), timer);
        return (long) found.totalTime(TimeUnit.NANOSECONDS);
    }
}
