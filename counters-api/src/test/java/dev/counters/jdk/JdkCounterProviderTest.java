package dev.counters.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CpuTimesCounter;
import dev.counters.Measures;
import dev.counters.testing.Work;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The floor provider checked against the JDK's own clocks, read around the same interval. */
class JdkCounterProviderTest {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final JdkCounterProvider provider = new JdkCounterProvider();

    @Test
    void describesEachKindAsItsCounterDoesWithoutCreatingOne() {
        for (CounterKind kind : CounterKind.values()) {
            if (provider.support(kind).isSupported()) {
                assertSame(provider.describe(kind), provider.create(kind).getInfo(), kind.toString());
            }
        }
    }

    @Test
    void servesTheSixPortableKindsAndSaysWhyNotTheRest() {
        Set<CounterKind> served = EnumSet.noneOf(CounterKind.class);
        for (CounterKind kind : CounterKind.values()) {
            if (provider.support(kind).isSupported()) {
                served.add(kind);
            } else {
                assertTrue(provider.support(kind).reason().contains("the JDK has no " + kind));
                assertThrows(UnsupportedOperationException.class, () -> provider.create(kind));
                assertThrows(UnsupportedOperationException.class, () -> provider.describe(kind));
            }
        }
        assertEquals(EnumSet.of(CounterKind.TICK, CounterKind.SYSTEM_TIME, CounterKind.HIGH_PERFORMANCE,
                CounterKind.PERFORMANCE, CounterKind.THREAD_TIMES, CounterKind.PROCESS_TIMES), served);
        assertEquals("jdk", provider.name());
        assertEquals(0, provider.rank());
    }

    @Test
    void wallCountersAgreeWithNanoTimeOverTheSameInterval() throws InterruptedException {
        for (CounterKind kind : new CounterKind[] {CounterKind.HIGH_PERFORMANCE, CounterKind.PERFORMANCE,
                CounterKind.SYSTEM_TIME, CounterKind.TICK}) {
            Counter counter = provider.create(kind);
            long before = System.nanoTime();
            counter.start();
            Thread.sleep(100);
            counter.stop();
            long outer = System.nanoTime() - before;
            // Either end may lag by a step, and a coarse clock by more when a loaded machine delays its tick.
            long margin = 2 * counter.getInfo().measureResolution().typical().toNanos() + 10_000_000L;
            long measured = counter.getNanoseconds();
            assertTrue(measured >= 100_000_000L - margin, kind + " measured " + measured);
            assertTrue(measured <= outer + margin, kind + " measured " + measured + " > " + outer);
        }
    }

    @Test
    void systemTimeIsTheTimeOfDay() {
        Counter counter = provider.create(CounterKind.SYSTEM_TIME);
        long resolution = counter.getInfo().measureResolution().typical().toNanos();
        long before = System.nanoTime();
        counter.start();
        counter.stop();
        long after = System.nanoTime();
        // However long a loaded machine held this thread between the two reads, the monotonic clock saw it too.
        long measured = counter.getNanoseconds();
        assertTrue(measured >= -resolution && measured <= after - before + resolution,
                () -> "SYSTEM_TIME read " + measured + " ns over an interval System.nanoTime() saw as " + (after - before)
                        + " ns (resolution " + resolution + " ns)");
        CounterInfo info = counter.getInfo();
        assertFalse(info.isMonotonic());
        assertTrue(info.notes().contains("since 1970"), info.notes());
        assertTrue(info.notes().contains(dev.counters.internal.InstantNow.ALLOCATION_NOTE), "the allocation is stated: " + info.notes());
    }

    /**
     * Issue #32 item 1: the JDK's thread user time moves in scheduler ticks, so CPU less user is no
     * kernel time (500 pure-user spins came out 79% kernel): the floor gives the exact total and no split.
     */
    @Test
    void threadTimesGiveTheExactTotalAndNoSplit() {
        CpuTimesCounter counter = (CpuTimesCounter) provider.create(CounterKind.THREAD_TIMES);
        long cpuBefore = THREADS.getCurrentThreadCpuTime();
        counter.start();
        Work.burnCpu(Duration.ofMillis(50));
        counter.stop();
        long cpuAfter = THREADS.getCurrentThreadCpuTime();
        long measured = counter.getNanoseconds();
        assertTrue(measured > 0 && measured <= cpuAfter - cpuBefore, measured + " vs " + (cpuAfter - cpuBefore));
        CounterInfo info = counter.getInfo();
        assertEquals(Measures.THREAD_CPU_TIME, info.measures());
        assertFalse(info.hasKernelUserSplit());
        assertEquals(JdkCounterProvider.NO_THREAD_SPLIT, info.notes());
        assertThrows(UnsupportedOperationException.class, counter::getKernelPeriodCount);
        assertEquals(1_000_000_000L, info.frequency());
    }

    @Test
    void askingAboutThreadTimesChangesNothingAndCreatingACounterEnablesTheTiming() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        boolean wasEnabled = threads.isThreadCpuTimeEnabled();
        try {
            threads.setThreadCpuTimeEnabled(false);

            assertTrue(provider.support(CounterKind.THREAD_TIMES).isSupported());
            assertFalse(threads.isThreadCpuTimeEnabled(), "a query must not turn on thread CPU timing for the whole JVM");

            provider.create(CounterKind.THREAD_TIMES);
            assertTrue(threads.isThreadCpuTimeEnabled(), "a THREAD_TIMES counter needs the timing on");
        } finally {
            threads.setThreadCpuTimeEnabled(wasEnabled);
        }
    }

    @Test
    void aSleepingThreadAccruesAlmostNoCpuTime() throws InterruptedException {
        CpuTimesCounter counter = (CpuTimesCounter) provider.create(CounterKind.THREAD_TIMES);
        counter.start();
        Thread.sleep(100);
        counter.stop();
        assertTrue(counter.getMilliseconds() < 20, counter.getMilliseconds() + " ms of CPU while asleep");
    }

    @Test
    void processTimesCoverAllThreadsButHaveNoSplit() throws InterruptedException {
        CpuTimesCounter counter = (CpuTimesCounter) provider.create(CounterKind.PROCESS_TIMES);
        CpuTimesCounter mine = (CpuTimesCounter) provider.create(CounterKind.THREAD_TIMES);
        long[] workerCpu = new long[1];
        counter.start();
        mine.start();
        Thread worker = new Thread(() -> workerCpu[0] = Work.burnCpu(Duration.ofMillis(150)));
        worker.start();
        worker.join();
        mine.stop();
        counter.stop();
        // Each interval read from a clock that steps by q can be off by up to q: under Wine both CPU clocks
        // step by 10 ms, so the process may lag by one step while each thread's figure runs ahead by one.
        long slack = typicalStepNanos(counter) + 2 * typicalStepNanos(mine) + 1_000_000L;
        assertTrue(counter.getPeriodCount() >= mine.getPeriodCount() + workerCpu[0] - slack,
                counter.getPeriodCount() + " vs own thread " + mine.getPeriodCount() + " + worker " + workerCpu[0]
                        + " (slack " + slack + " ns from the measured resolutions)");
        assertFalse(counter.getInfo().hasKernelUserSplit());
        assertTrue(counter.getInfo().notes().contains("no kernel/user split"));
        assertThrows(UnsupportedOperationException.class, counter::getKernelPeriodCount);
    }

    @Test
    void infoIsMeasuredOncePerKindAndDescribesTheSource() {
        Counter first = provider.create(CounterKind.HIGH_PERFORMANCE);
        Counter second = provider.create(CounterKind.HIGH_PERFORMANCE);
        CounterInfo info = first.getInfo();
        assertTrue(info == second.getInfo());
        assertEquals("System.nanoTime()", info.source());
        assertEquals("jdk", info.provider());
        assertTrue(info.isMonotonic());
        assertTrue(info.measureResolution().stepsSeen() > 0);
        assertTrue(info.measureResolution().smallest().compareTo(Duration.ofMillis(1)) < 0, info.measureResolution().toString());
        Counter tick = provider.create(CounterKind.TICK);
        assertEquals(1000, tick.getInfo().frequency());
        assertTrue(tick.getInfo().measureResolution().smallest().compareTo(Duration.ofMillis(1)) >= 0);
    }

    @Test
    void unitConversionIsConsistentAcrossUnits() throws InterruptedException {
        Counter counter = provider.create(CounterKind.PERFORMANCE);
        counter.start();
        Thread.sleep(5);
        counter.stop();
        assertEquals(counter.getNanoseconds() / 1000, counter.getMicroseconds());
        assertEquals(counter.getNanoseconds() / 1_000_000, counter.getMilliseconds());
        assertEquals(counter.getPeriod(TimeUnit.NANOSECONDS), counter.getElapsed().toNanos());
    }

    private static long typicalStepNanos(Counter counter) {
        return counter.getInfo().measureResolution().typical().toNanos();
    }

}
