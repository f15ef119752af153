package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterKind;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeCpuTimesSource;
import java.math.BigInteger;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class SampledCpuTimesCounterTest {
    private static final long NANOS = 1_000_000_000L;
    private final FakeCpuTimesSource source = new FakeCpuTimesSource();

    private SampledCpuTimesCounter threadTimes(boolean split) {
        return new SampledCpuTimesCounter(CounterKind.THREAD_TIMES, source, split, LazyFrequency.fixed(NANOS),
                FakeCounters.info(CounterKind.THREAD_TIMES, NANOS));
    }

    @Test
    void splitsTheExactTotalInTheRatioOfTheCoarseSplit() {
        SampledCpuTimesCounter counter = threadTimes(true);
        source.set(5_000, 10, 40);
        counter.start();
        source.advance(1_000_003, 1, 3); // split in microseconds, total in nanoseconds
        counter.stop();
        assertEquals(1_000_003, counter.getPeriodCount());
        assertEquals(250_000, counter.getKernelPeriodCount());
        assertEquals(750_003, counter.getUserPeriodCount());
        assertEquals(250, counter.getKernelMicroseconds());
        assertEquals(750, counter.getUserMicroseconds());
        assertEquals(1000, counter.getMicroseconds());
    }

    @Test
    void anEvenSplitIsHonouredRatherThanTheLifetimeRatio() {
        SampledCpuTimesCounter counter = threadTimes(true);
        source.set(0, 900, 100);
        counter.start();
        source.advance(2_000_000, 2, 2);
        counter.stop();
        assertEquals(1_000_000, counter.getKernelPeriodCount());
        assertEquals(1, counter.getKernelMilliseconds());
        assertEquals(1, counter.getUserMilliseconds());
        assertEquals(1_000_000, counter.getKernelNanoseconds());
        assertEquals(1_000_000, counter.getUserNanoseconds());
        assertEquals(0, counter.getKernelSeconds());
    }

    @Test
    void readingARunningOrNewCounterSaysWhatToCall() {
        SampledCpuTimesCounter counter = threadTimes(true);
        IllegalStateException fresh = assertThrows(IllegalStateException.class, counter::getPeriodCount);
        assertTrue(fresh.getMessage().contains("call start() and then stop()"), fresh.getMessage());
        counter.start();
        IllegalStateException running = assertThrows(IllegalStateException.class, counter::getKernelPeriodCount);
        assertTrue(running.getMessage().contains("call stop()"), running.getMessage());
    }

    @Test
    void usesTheLifetimeRatioWhenTheSplitDidNotMove() {
        SampledCpuTimesCounter counter = threadTimes(true);
        source.set(0, 300, 700);
        counter.start();
        source.advance(1_000, 0, 0);
        counter.stop();
        assertEquals(300, counter.getKernelPeriodCount());
        assertEquals(700, counter.getUserPeriodCount());
    }

    @Test
    void withNoSplitAtAllEverythingIsUserTime() {
        SampledCpuTimesCounter counter = threadTimes(true);
        counter.start();
        source.advance(1_000, 0, 0);
        counter.stop();
        assertEquals(0, counter.getKernelPeriodCount());
        assertEquals(1_000, counter.getUserPeriodCount());
    }

    @Test
    void ignoresASplitThatAppearsToGoBackwards() {
        SampledCpuTimesCounter counter = threadTimes(true);
        source.set(0, 100, 100);
        counter.start();
        source.set(1_000, 90, 200);
        counter.stop();
        assertEquals(0, counter.getKernelPeriodCount());
        assertEquals(1_000, counter.getUserPeriodCount());
    }

    @Test
    void aSourceWithoutSplitRefusesToInventOne() {
        SampledCpuTimesCounter counter = new SampledCpuTimesCounter(CounterKind.PROCESS_TIMES, source, false,
                LazyFrequency.fixed(NANOS), FakeCounters.info(CounterKind.PROCESS_TIMES, NANOS));
        counter.start();
        source.advance(1_000, 0, 0);
        counter.stop();
        assertEquals(1_000, counter.getPeriodCount());
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, counter::getKernelMilliseconds);
        assertTrue(e.getMessage().contains("no kernel/user split"), e.getMessage());
        assertTrue(e.getMessage().contains("getPeriodCount()"), e.getMessage());
        assertThrows(UnsupportedOperationException.class, counter::getUserPeriodCount);
    }

    @Test
    void restartFromStopCopiesTheWholeSample() {
        SampledCpuTimesCounter counter = threadTimes(true);
        counter.start();
        source.advance(100, 1, 1);
        counter.stop();
        counter.restartFromStop();
        source.advance(1_000, 1, 3);
        counter.stop();
        assertEquals(1_000, counter.getPeriodCount());
        assertEquals(250, counter.getKernelPeriodCount());
    }

    @Test
    void aThreadTimesCounterStoppedOnAnotherThreadSaysToUseOnePerThread() throws Exception {
        SampledCpuTimesCounter counter = threadTimes(true);
        counter.start();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                counter.stop();
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "worker-7");
        other.start();
        other.join();
        IllegalStateException e = (IllegalStateException) thrown.get();
        assertTrue(e.getMessage().contains("started on thread '" + Thread.currentThread().getName() + "'"), e.getMessage());
        assertTrue(e.getMessage().contains("stopped on thread 'worker-7'"), e.getMessage());
        assertTrue(e.getMessage().contains("one counter per thread"), e.getMessage());
        counter.stop();
        assertEquals(0, counter.getPeriodCount());
    }

    @Test
    void restartOnAnotherThreadIsRefusedToo() throws Exception {
        SampledCpuTimesCounter counter = threadTimes(true);
        counter.start();
        counter.stop();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                counter.restartFromStop();
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        other.start();
        other.join();
        assertTrue(thrown.get() instanceof IllegalStateException);
        assertTrue(thrown.get().getMessage().contains("restarted on thread"), thrown.get().getMessage());
    }

    @Test
    void opensWithTheStartReadingAndClosesWithTheEndReading() {
        StringBuilder calls = new StringBuilder();
        CpuTimesSource ordered = new CpuTimesSource() {
            @Override
            public void sample(long[] into) {
                calls.append("sample ");
            }

            @Override
            public void sampleStart(long[] into) {
                calls.append("start ");
            }

            @Override
            public void sampleEnd(long[] into) {
                calls.append("end ");
            }
        };
        SampledCpuTimesCounter counter = new SampledCpuTimesCounter(CounterKind.THREAD_TIMES, ordered, true,
                LazyFrequency.fixed(NANOS), FakeCounters.info(CounterKind.THREAD_TIMES, NANOS));
        counter.start();
        counter.stop();
        counter.stop();
        assertEquals("start end end ", calls.toString());
    }

    @Test
    void aSourceReadsTheSameWayAtEitherEndUnlessItSaysOtherwise() {
        long[] reads = {0};
        CpuTimesSource plain = into -> into[CpuTimesSource.TOTAL] = ++reads[0];
        long[] sample = new long[CpuTimesSource.SAMPLE_LENGTH];
        plain.sampleStart(sample);
        assertEquals(1, sample[CpuTimesSource.TOTAL]);
        plain.sampleEnd(sample);
        assertEquals(2, sample[CpuTimesSource.TOTAL]);
    }

    @Test
    void refusesAWallClockKind() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SampledCpuTimesCounter(
                CounterKind.TICK, source, true, LazyFrequency.fixed(NANOS), FakeCounters.info(CounterKind.TICK, NANOS)));
        assertTrue(e.getMessage().contains("TICK is not a CPU-times kind"), e.getMessage());
    }

    @Property(tries = 2000)
    void eachPartIsItsShareOfTheTotalInEveryUnit(
            @ForAll @LongRange(min = 0, max = 1_000_000_000_000_000L) long total,
            @ForAll @LongRange(min = 0, max = 1_000_000_000_000L) long kernel,
            @ForAll @LongRange(min = 0, max = 1_000_000_000_000L) long user,
            @ForAll @LongRange(min = 1, max = 10_000_000_000L) long frequency) {
        FakeCpuTimesSource fake = new FakeCpuTimesSource();
        SampledCpuTimesCounter counter = new SampledCpuTimesCounter(CounterKind.THREAD_TIMES, fake, true,
                LazyFrequency.fixed(frequency), FakeCounters.info(CounterKind.THREAD_TIMES, frequency));
        counter.start();
        fake.advance(total, kernel, user);
        counter.stop();
        // The reference: the total apportioned in the ratio the source sampled, with unbounded integers; the
        // kernel share rounds down and the user share up (what neither part can claim goes to user time).
        BigInteger parts = BigInteger.valueOf(kernel).add(BigInteger.valueOf(user));
        BigInteger kernelShare = parts.signum() == 0 ? BigInteger.ZERO
                : BigInteger.valueOf(total).multiply(BigInteger.valueOf(kernel)).divide(parts);
        BigInteger userShare = parts.signum() == 0 ? BigInteger.valueOf(total)
                : ceilDivide(BigInteger.valueOf(total).multiply(BigInteger.valueOf(user)), parts);
        assertEquals(kernelShare.longValueExact(), counter.getKernelPeriodCount());
        assertEquals(userShare.longValueExact(), counter.getUserPeriodCount());
        for (TimeUnit unit : new TimeUnit[] {TimeUnit.SECONDS, TimeUnit.MILLISECONDS, TimeUnit.MICROSECONDS, TimeUnit.NANOSECONDS}) {
            BigInteger kernelInUnit = inUnit(kernelShare, frequency, unit);
            BigInteger userInUnit = inUnit(userShare, frequency, unit);
            if (inUnit(BigInteger.valueOf(total), frequency, unit).bitLength() >= Long.SIZE) {
                continue; // the total itself has no long value in this unit
            }
            assertEquals(kernelInUnit.longValueExact(), counter.getKernelPeriod(unit), unit + " kernel");
            // User time in a unit is the total's truncation less the kernel's: its own truncation, or one unit more.
            long userExcess = counter.getUserPeriod(unit) - userInUnit.longValueExact();
            assertTrue(userExcess == 0 || userExcess == 1, unit + " user is " + userExcess + " units off its share");
        }
    }

    private static BigInteger inUnit(BigInteger ticks, long frequency, TimeUnit unit) {
        BigInteger nanosPerUnit = BigInteger.valueOf(unit.toNanos(1));
        return ticks.multiply(BigInteger.valueOf(1_000_000_000L)).divide(BigInteger.valueOf(frequency).multiply(nanosPerUnit));
    }

    private static BigInteger ceilDivide(BigInteger dividend, BigInteger divisor) {
        BigInteger[] quotientAndRemainder = dividend.divideAndRemainder(divisor);
        return quotientAndRemainder[1].signum() == 0 ? quotientAndRemainder[0] : quotientAndRemainder[0].add(BigInteger.ONE);
    }
}
