package dev.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.base.Ticker;
import dev.counters.internal.CurrentThreadCpuClock;
import dev.counters.internal.LazyFrequency;
import dev.counters.internal.SourceCounter;
import dev.counters.internal.VirtualThreads;
import dev.counters.jdk.JdkCounterProvider;
import dev.counters.testing.FakeTickSource;
import dev.counters.testing.VirtualThreadRunner;
import dev.counters.testing.Work;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Thread-bound kinds on virtual threads (JDK 21+): refused at start() with the true reason,
 * decided by the current thread, never a figure read from a carrier thread. The wall-clock and
 * process kinds work there. CI runs these on JDK 25; on JDK 17 only the platform-thread checks run.
 */
class VirtualThreadsTest {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final JdkCounterProvider jdk = new JdkCounterProvider();

    @Test
    void platformThreadsAreNotVirtualOnAnyJdk() {
        assertFalse(VirtualThreads.isCurrentThreadVirtual());
        assertFalse(VirtualThreads.isVirtual(new Thread(() -> {})));
        assertEquals("inline", VirtualThreads.onPlatformThread(() -> "inline"));
    }

    @Test
    void workOnAPlatformThreadRunsInlineAndPassesFailuresThrough() {
        Thread caller = Thread.currentThread();
        assertEquals(caller, VirtualThreads.onPlatformThread(Thread::currentThread));
        IllegalArgumentException failure = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> VirtualThreads.onPlatformThread(() -> {
                    throw new IllegalArgumentException("bad");
                }));
        assertEquals("bad", failure.getMessage());
    }

    @Test
    void workAskedForOnAVirtualThreadRunsOnAPlatformThreadAndItsFailuresReachTheCaller() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        Boolean ranOnVirtual = VirtualThreadRunner.call(() -> VirtualThreads.onPlatformThread(
                VirtualThreads::isCurrentThreadVirtual));
        assertFalse(ranOnVirtual);
        Throwable runtime = VirtualThreadRunner.thrownBy(() -> VirtualThreads.onPlatformThread(() -> {
            throw new IllegalArgumentException("bad");
        }));
        assertEquals("bad", assertInstanceOf(IllegalArgumentException.class, runtime).getMessage());
        Throwable error = VirtualThreadRunner.thrownBy(() -> VirtualThreads.onPlatformThread(() -> {
            throw new StackOverflowError("deep");
        }));
        assertEquals("deep", assertInstanceOf(StackOverflowError.class, error).getMessage());
        Boolean interruptKept = VirtualThreadRunner.call(() -> {
            Thread.currentThread().interrupt();
            VirtualThreads.onPlatformThread(() -> "done");
            return Thread.interrupted();
        });
        assertTrue(interruptKept, "the caller's interrupt status is kept");
    }

    @Test
    void aVirtualThreadIsRecognised() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        assertTrue(VirtualThreadRunner.call(VirtualThreads::isCurrentThreadVirtual));
    }

    @Test
    void threadTimesRefusesToStartOnAVirtualThreadAndSaysWhatToUseInstead() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        CpuTimesCounter counter = (CpuTimesCounter) jdk.create(CounterKind.THREAD_TIMES);
        Throwable thrown = VirtualThreadRunner.thrownBy(counter::start);
        IllegalStateException refusal = assertInstanceOf(IllegalStateException.class, thrown);
        assertRefusalTellsTheTruth(refusal, CounterKind.THREAD_TIMES);
        System.out.println("THREAD_TIMES.start() on a virtual thread: " + refusal.getMessage());
    }

    @Test
    void aCounterStoppedOnAnUnnamedVirtualThreadSaysItIsOneAndGivesItsId() throws Exception {
        // Issue 23, item 9: this read "started on thread 'main' but stopped on thread ''".
        VirtualThreadRunner.assumeAvailable();
        Counter counter = jdk.create(CounterKind.THREAD_TIMES);
        counter.start();
        Throwable thrown = VirtualThreadRunner.thrownBy(counter::stop);
        String message = assertInstanceOf(IllegalStateException.class, thrown).getMessage();
        assertTrue(message.matches(".*started on thread '" + java.util.regex.Pattern.quote(Thread.currentThread().getName())
                + "' but stopped on virtual thread #\\d+; .*"), message);
        String described = VirtualThreadRunner.call(() -> VirtualThreads.describeThread(Thread.currentThread()));
        assertTrue(described.matches("virtual thread #\\d+"), described);
    }

    @Test
    void theRefusalIsDecidedByTheCurrentThreadNotByWhereTheCounterWasMade() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        Counter madeOnVirtual = VirtualThreadRunner.call(() -> jdk.create(CounterKind.THREAD_TIMES));
        madeOnVirtual.start();                  // a platform thread: fine
        Work.burnCpu(java.time.Duration.ofMillis(5));
        madeOnVirtual.stop();
        assertTrue(madeOnVirtual.getNanoseconds() > 0);
        assertInstanceOf(IllegalStateException.class, VirtualThreadRunner.thrownBy(madeOnVirtual::start));
    }

    @Test
    void everyThreadBoundKindRefusesWhateverItsSource() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        for (CounterKind kind : CounterKind.values()) {
            Counter counter = new SourceCounter(kind, FakeTickSource.at(0).steppingBy(1), LazyFrequency.fixed(1_000),
                    () -> { throw new AssertionError("not asked"); });
            Throwable thrown = VirtualThreadRunner.thrownBy(() -> {
                counter.start();
                counter.stop();
            });
            if (kind.isThreadBound()) {
                assertRefusalTellsTheTruth(assertInstanceOf(IllegalStateException.class, thrown), kind);
            } else {
                assertNull(thrown, kind + " threw " + thrown);
            }
        }
    }

    @Test
    void aRefusedStartLeavesNothingToRead() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        Counter counter = jdk.create(CounterKind.THREAD_TIMES);
        VirtualThreadRunner.thrownBy(counter::start);
        IllegalStateException notStarted = assertInstanceOf(IllegalStateException.class,
                VirtualThreadRunner.thrownBy(counter::stop));
        assertTrue(notStarted.getMessage().contains("call start() first"), notStarted.getMessage());
    }

    @Test
    void aGuavaTickerOnThreadTimesRefusesOnAVirtualThread() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        Throwable thrown = VirtualThreadRunner.thrownBy(() -> {
            Ticker ticker = Tickers.of(jdk.create(CounterKind.THREAD_TIMES));
            ticker.read();
        });
        assertRefusalTellsTheTruth(assertInstanceOf(IllegalStateException.class, thrown), CounterKind.THREAD_TIMES);
    }

    @Test
    void theJdkClockGivesTheVirtualThreadReasonNotTheDisabledOne() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        assertTrue(THREADS.isThreadCpuTimeEnabled());
        Throwable thrown = VirtualThreadRunner.thrownBy(CurrentThreadCpuClock::cpuTimeNanos);
        IllegalStateException refusal = assertInstanceOf(IllegalStateException.class, thrown);
        assertFalse(refusal.getMessage().contains("disabled"), refusal.getMessage());
        assertRefusalTellsTheTruth(refusal, CounterKind.THREAD_TIMES);
    }

    @Test
    void theDisabledReasonIsKeptForWhenMeasurementReallyIsDisabled() throws Exception {
        Counter counter = jdk.create(CounterKind.THREAD_TIMES);
        boolean wasEnabled = THREADS.isThreadCpuTimeEnabled();
        THREADS.setThreadCpuTimeEnabled(false);
        try {
            CounterException failure = org.junit.jupiter.api.Assertions.assertThrows(CounterException.class, counter::start);
            assertTrue(failure.getMessage().contains("disabled"), failure.getMessage());
            assertFalse(failure.getMessage().contains("virtual"), failure.getMessage());
        } finally {
            THREADS.setThreadCpuTimeEnabled(wasEnabled);
        }
    }

    @Test
    void wallClockAndProcessKindsWorkOnAVirtualThread() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        for (CounterKind kind : List.of(CounterKind.PERFORMANCE, CounterKind.HIGH_PERFORMANCE,
                CounterKind.SYSTEM_TIME, CounterKind.TICK)) {
            Counter counter = jdk.create(kind);
            long[] bracket = VirtualThreadRunner.call(() -> {
                long before = System.nanoTime();
                counter.start();
                Thread.sleep(100);                 // unmounts: the virtual thread may resume on another carrier
                counter.stop();
                return new long[] {before, System.nanoTime()};
            });
            // Either end may lag by a step, and a coarse clock by more when a loaded machine delays its tick.
            long margin = 2 * counter.getInfo().measureResolution().typical().toNanos() + 10_000_000L;
            long measured = counter.getNanoseconds();
            assertTrue(measured >= 100_000_000L - margin, kind + " measured " + measured);
            assertTrue(measured <= bracket[1] - bracket[0] + margin, kind + " measured " + measured);
        }
    }

    @Test
    void processTimesOnAVirtualThreadCountsItsWork() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        CpuTimesCounter process = (CpuTimesCounter) jdk.create(CounterKind.PROCESS_TIMES);
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long[] reference = VirtualThreadRunner.call(() -> {
            long before = os.getProcessCpuTime();
            process.start();
            Work.compute(200);
            process.stop();
            return new long[] {before, os.getProcessCpuTime()};
        });
        long step = process.getInfo().measureResolution().smallest().toNanos();
        assertTrue(process.getNanoseconds() > 0, "measured " + process.getNanoseconds());
        assertTrue(process.getNanoseconds() <= reference[1] - reference[0] + 2 * step + 1_000_000L,
                "process counter " + process.getNanoseconds() + " ns, OperatingSystemMXBean bracket "
                        + (reference[1] - reference[0]) + " ns");
    }

    @Test
    void threadTimesInfoAskedForOnAVirtualThreadIsProbedOnAPlatformThread() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        CounterInfo info = VirtualThreadRunner.call(() -> new JdkCounterProvider().create(CounterKind.THREAD_TIMES).getInfo());
        assertNotNull(info.measureResolution());
        assertTrue(info.measureResolution().stepsSeen() > 0, info.measureResolution().toString());
    }

    static void assertRefusalTellsTheTruth(IllegalStateException refusal, CounterKind kind) {
        String message = refusal.getMessage();
        assertTrue(message.startsWith(kind + " cannot measure virtual thread"), message);
        assertTrue(message.contains("a virtual thread has no CPU clock of its own"), message);
        assertTrue(message.contains("carrier threads that change whenever it blocks"), message);
        assertTrue(message.contains("platform thread"), message);
        assertTrue(message.contains("PROCESS_TIMES"), message);
        assertTrue(message.contains("wall-clock kind"), message);
    }
}
