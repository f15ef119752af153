package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CpuTimesCounter;
import dev.counters.nativeaccess.Binding;
import dev.counters.testing.VirtualThreadRunner;
import dev.counters.testing.Work;
import org.junit.jupiter.api.Test;

/**
 * counters-posix on virtual threads (JDK 21+): the thread-bound kind refuses whichever thread
 * loaded the provider, the read path is chosen as on a platform thread, and the wall-clock and
 * process kinds measure as they do anywhere, checked against the kernel's accounting.
 */
class VirtualThreadTest {
    private static final Binding<JnaPosixCalls> LIBC = Binding.of(JnaPosixCalls::bind);
    /** Long against the margin of a coarse clock (two 4 ms steps and 10 ms), so that the bounds still say something. */
    private static final long SLEEP_MILLIS = 100;

    @Test
    void clocksBuiltOnAVirtualThreadChooseTheSamePathsAsOnAPlatformThread() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        PosixKinds onPlatform = new PosixKinds(Kernel.PLATFORM, LIBC);
        PosixKinds onVirtual = VirtualThreadRunner.call(() -> new PosixKinds(Kernel.PLATFORM, LIBC));
        assertTrue(onPlatform.readsThreadTimesThroughMxBean());
        assertEquals(onPlatform.readsThreadTimesThroughMxBean(), onVirtual.readsThreadTimesThroughMxBean());
        assertEquals(onPlatform.readsHighPerformanceThroughNanoTime(), onVirtual.readsHighPerformanceThroughNanoTime());
    }

    @Test
    void threadTimesRefusesOnAVirtualThreadWhicheverThreadLoadedTheProvider() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        for (PosixCounterProvider provider : new PosixCounterProvider[] {
                new PosixCounterProvider(new PosixKinds(Kernel.PLATFORM, LIBC)),
                VirtualThreadRunner.call(() -> new PosixCounterProvider(new PosixKinds(Kernel.PLATFORM, LIBC)))}) {
            Counter counter = provider.create(CounterKind.THREAD_TIMES);
            Throwable thrown = VirtualThreadRunner.thrownBy(() -> {
                counter.start();
                Thread.sleep(5);
                counter.stop();
            });
            IllegalStateException refusal = assertInstanceOf(IllegalStateException.class, thrown);
            assertTrue(refusal.getMessage().contains("a virtual thread has no CPU clock of its own"), refusal.getMessage());
        }
    }

    @Test
    void processTimesOnAVirtualThreadAgreesWithProcSelfStat() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        CpuTimesCounter process = (CpuTimesCounter) new PosixCounterProvider().create(CounterKind.PROCESS_TIMES);
        long procNanos = VirtualThreadRunner.call(() -> {
            ProcStat before = ProcStat.process();
            process.start();
            Work.compute(300);   // fixed work: a virtual thread has no CPU clock to stop by
            process.stop();
            ProcStat after = ProcStat.process();
            return Kernel.ticksToNanos(after.cpuTicks() - before.cpuTicks());
        });
        // Other threads of the JVM (JIT, GC) run too, and /proc truncates utime and stime to ticks separately.
        long tolerance = 2 * Kernel.clockTick().toNanos() + procNanos / 10;
        long counted = process.getNanoseconds();
        assertTrue(counted > 0, "counted " + counted);
        System.out.printf("PROCESS_TIMES on a virtual thread: counter %.3f ms, /proc/self/stat %.3f ms%n", counted / 1e6, procNanos / 1e6);
        assertTrue(Math.abs(counted - procNanos) <= tolerance,
                "PROCESS_TIMES " + counted + " ns vs /proc/self/stat " + procNanos + " ns");
        assertEquals(counted, process.getKernelPeriodCount() + process.getUserPeriodCount());
    }

    @Test
    void wallClockKindsWorkAcrossAnUnmount() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        PosixCounterProvider provider = new PosixCounterProvider();
        for (CounterKind kind : new CounterKind[] {CounterKind.TICK, CounterKind.MULTIMEDIA, CounterKind.SYSTEM_TIME,
                CounterKind.HIGH_PERFORMANCE, CounterKind.PERFORMANCE}) {
            Counter counter = provider.create(kind);
            long outer = VirtualThreadRunner.call(() -> {
                long before = System.nanoTime();
                counter.start();
                Thread.sleep(SLEEP_MILLIS);
                counter.stop();
                return System.nanoTime() - before;
            });
            // A coarse clock (TICK) reads the time of the last timer tick: each end may lag by a step,
            // and by more when a loaded VM delays the tick, so the margin is two steps and 10 ms.
            long margin = 2 * counter.getInfo().measureResolution().typical().toNanos() + 10_000_000L;
            long measured = counter.getNanoseconds();
            assertTrue(measured >= SLEEP_MILLIS * 1_000_000L - margin, kind + " measured " + measured);
            assertTrue(measured <= outer + margin, kind + " measured " + measured + ", outer " + outer);
        }
    }
}
