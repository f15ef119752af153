package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.spi.KindSupport;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** TICK, SYSTEM_TIME, HIGH_PERFORMANCE and PERFORMANCE over a fake Win32 layer. */
class WallClockKindsTest {
    private final FakeWindowsCalls win32 = new FakeWindowsCalls();
    private final WindowsCounterProvider provider = WindowsCounterProvider.over(win32);

    @Test
    void tickCountsMillisecondsOfGetTickCount64() {
        win32.tickCount64 = 5_000_000_000L; // beyond 32 bits: GetTickCount64 does not wrap
        Counter counter = provider.create(CounterKind.TICK);
        counter.start();
        win32.tickCount64 += 1_234;
        counter.stop();

        assertEquals(1_234, counter.getPeriodCount());
        assertEquals(1_000, counter.getFrequency());
        assertEquals(1_234, counter.getMilliseconds());
        assertEquals(1_234_000, counter.getMicroseconds());
        assertEquals(1, counter.getSeconds());
    }

    @Test
    void highPerformanceCountsQpcTicksAndConvertsWithQpf() {
        win32.performanceFrequency = 3_579_545; // the ACPI PM timer's frequency: not a round number
        win32.performanceCount = 987_654_321_000L;
        Counter counter = provider.create(CounterKind.HIGH_PERFORMANCE);
        counter.start();
        long ticks = 12_345_678_901L;
        win32.performanceCount += ticks;
        counter.stop();

        assertEquals(ticks, counter.getPeriodCount());
        assertEquals(3_579_545, counter.getFrequency());
        assertEquals(Reference.convert(ticks, 3_579_545, Reference.NANOS), counter.getNanoseconds());
        assertEquals(Reference.convert(ticks, 3_579_545, Reference.MICROS), counter.getMicroseconds());
        assertEquals(Reference.convert(ticks, 3_579_545, Reference.MILLIS), counter.getMilliseconds());
        assertEquals(Duration.ofNanos(Reference.convert(ticks, 3_579_545, Reference.NANOS)), counter.getElapsed());
    }

    @Test
    void queryPerformanceFrequencyIsCalledOnceForAllCountersOfTheLayer() {
        win32.performanceStep = 1;
        for (int i = 0; i < 5; i++) {
            Counter counter = provider.create(i % 2 == 0 ? CounterKind.HIGH_PERFORMANCE : CounterKind.PERFORMANCE);
            counter.start();
            counter.stop();
            counter.getMicroseconds();
            counter.getFrequency();
        }
        assertEquals(1, win32.performanceFrequencyCalls);
    }

    @Test
    void performanceReadsQpcWhenTheFrequencyIsKnown() {
        win32.performanceStep = 7;
        Counter counter = provider.create(CounterKind.PERFORMANCE);
        counter.start();
        counter.stop();

        assertEquals(7, counter.getPeriodCount());
        assertEquals(win32.performanceFrequency, counter.getFrequency());
        CounterInfo info = counter.getInfo();
        assertEquals("QueryPerformanceCounter", info.source());
        assertEquals("windows", info.provider());
        assertTrue(info.isMonotonic());
        assertEquals(Duration.ofNanos(100), info.measureResolution().declared().orElseThrow(), "one tick of a 10 MHz counter");
    }

    @Test
    void performanceFallsBackToTheTickCountWhenQueryPerformanceFrequencyFails() {
        win32.performanceFrequencyError = FakeWindowsCalls.ERROR_INVALID_PARAMETER;
        win32.performanceCount = 1_000;
        win32.performanceStep = 1_000;

        Counter counter = provider.create(CounterKind.PERFORMANCE);
        win32.tickCount64 = 40;
        counter.start();
        win32.tickCount64 = 55;
        counter.stop();

        assertEquals(15, counter.getPeriodCount(), "GetTickCount64 milliseconds, not QPC ticks");
        assertEquals(1_000, counter.getFrequency());
        assertEquals(15_000, counter.getMicroseconds());
        CounterInfo info = counter.getInfo();
        assertEquals("GetTickCount64", info.source());
        assertTrue(info.notes().contains("falls back to GetTickCount64"), info.notes());
        assertTrue(info.notes().contains("QueryPerformanceFrequency failed with error 87: The parameter is incorrect."),
                info.notes());
    }

    @Test
    void highPerformanceIsUnsupportedWithTheWin32TextWhenQueryPerformanceFrequencyFails() {
        win32.performanceFrequencyError = FakeWindowsCalls.ERROR_INVALID_PARAMETER;

        KindSupport support = provider.support(CounterKind.HIGH_PERFORMANCE);

        assertFalse(support.isSupported());
        assertEquals("QueryPerformanceFrequency failed with error 87: The parameter is incorrect.", support.reason());
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> provider.create(CounterKind.HIGH_PERFORMANCE));
        assertTrue(e.getMessage().contains(support.reason()), e.getMessage());
    }

    @Test
    void aFrequencyOfZeroIsAFailureNotADivisor() {
        win32.performanceFrequency = 0;

        assertFalse(provider.support(CounterKind.HIGH_PERFORMANCE).isSupported());
        assertTrue(provider.support(CounterKind.HIGH_PERFORMANCE).reason().contains("frequency of 0"));
        Counter fallback = provider.create(CounterKind.PERFORMANCE);
        assertEquals(1_000, fallback.getFrequency());
    }

    @Test
    void aFailingPerformanceCounterThrowsWithGetLastErrorCodeAndText() {
        Counter counter = provider.create(CounterKind.HIGH_PERFORMANCE);
        win32.performanceCounterError = FakeWindowsCalls.ERROR_INVALID_HANDLE;

        CounterException e = assertThrows(CounterException.class, counter::start);

        assertEquals("QueryPerformanceCounter", e.api());
        assertEquals(FakeWindowsCalls.ERROR_INVALID_HANDLE, e.errorCode().orElseThrow());
        assertEquals("The handle is invalid.", e.errorText().orElseThrow(), "FormatMessage's CRLF is trimmed");
        assertEquals("QueryPerformanceCounter failed with error 6: The handle is invalid.", e.getMessage());
    }

    @Test
    void systemTimeReadsThePreciseExportWhenPresent() {
        win32.fileTime = 133_000_000_000_000_000L;
        Counter counter = provider.create(CounterKind.SYSTEM_TIME);
        counter.start();
        win32.fileTime += 12_345; // 1.2345 ms in 100 ns units
        counter.stop();

        assertEquals(12_345, counter.getPeriodCount());
        assertEquals(10_000_000, counter.getFrequency());
        assertEquals(1_234_500, counter.getNanoseconds());
        assertEquals(1_234, counter.getMicroseconds());
        assertEquals(2, win32.preciseReads);
        assertEquals(0, win32.plainReads);
        assertEquals("GetSystemTimePreciseAsFileTime", counter.getInfo().source());
        assertFalse(counter.getInfo().isMonotonic(), "the time of day can be set");
    }

    @Test
    void systemTimeFallsBackToGetSystemTimeAsFileTimeWhenThePreciseExportIsMissing() {
        win32.preciseMissing = "GetSystemTimePreciseAsFileTime is not exported by kernel32 (it needs Windows 8 or later)";
        WindowsCounterProvider older = WindowsCounterProvider.over(win32);
        Counter counter = older.create(CounterKind.SYSTEM_TIME);
        counter.start();
        win32.fileTime += 156_250; // one 15.625 ms tick
        counter.stop();

        assertEquals(156_250, counter.getPeriodCount());
        assertEquals(15_625, counter.getMicroseconds());
        assertEquals(0, win32.preciseReads);
        assertTrue(win32.plainReads >= 2);
        CounterInfo info = counter.getInfo();
        assertEquals("GetSystemTimeAsFileTime", info.source());
        assertTrue(info.notes().contains("needs Windows 8 or later"), info.notes());
    }

    @Test
    void systemTimeCanRunBackwardsWhenTheClockIsSet() {
        win32.fileTime = 133_000_000_000_000_000L;
        Counter counter = provider.create(CounterKind.SYSTEM_TIME);
        counter.start();
        win32.fileTime -= 10_000_000; // the clock was set back one second
        counter.stop();

        assertEquals(-10_000_000, counter.getPeriodCount());
        assertEquals(-1_000, counter.getMilliseconds());
    }

    /** Issue #20 item 4: where JNA serves although FFM could, every kind's notes say why. */
    @Test
    void everyKindsNotesSayWhyJnaServesWhereFfmCould() {
        String why = "read through JNA, not FFM: FFM could not link: native access is denied by the JVM";
        WindowsKinds kinds = new WindowsKinds(win32, why);
        for (CounterKind kind : new CounterKind[] {CounterKind.TICK, CounterKind.HIGH_PERFORMANCE, CounterKind.THREAD_TIMES}) {
            String notes = kinds.create(kind).getInfo().notes();
            assertTrue(notes.endsWith("; " + why), kind + ": " + notes);
        }
        assertFalse(new WindowsKinds(win32).create(CounterKind.TICK).getInfo().notes().contains("not FFM"));
    }
}
