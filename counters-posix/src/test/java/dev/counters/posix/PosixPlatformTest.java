package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterKind;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The constant tables, chosen from the JVM's platform properties, and the platforms they refuse. */
class PosixPlatformTest {

    @Test
    void theRunningPlatformIsServed() {
        assertEquals(Optional.empty(), PosixPlatform.current().refusal());
    }

    @Test
    void linuxX8664() {
        PosixPlatform linux = PosixPlatform.of("Linux", "amd64", "64");
        assertEquals(Optional.of(new NamedClock("CLOCK_MONOTONIC_COARSE", 6)), linux.clock(CounterKind.TICK));
        assertEquals(Optional.of(new NamedClock("CLOCK_BOOTTIME", 7)), linux.clock(CounterKind.MULTIMEDIA));
        assertEquals(Optional.of(new NamedClock("CLOCK_REALTIME", 0)), linux.clock(CounterKind.SYSTEM_TIME));
        assertEquals(Optional.of(new NamedClock("CLOCK_MONOTONIC", 1)), linux.clock(CounterKind.HIGH_PERFORMANCE));
        assertEquals(linux.clock(CounterKind.HIGH_PERFORMANCE), linux.clock(CounterKind.PERFORMANCE));
        assertEquals(Optional.of(new NamedClock("CLOCK_THREAD_CPUTIME_ID", 3)), linux.clock(CounterKind.THREAD_TIMES));
        assertEquals(Optional.of(new NamedClock("CLOCK_PROCESS_CPUTIME_ID", 2)), linux.clock(CounterKind.PROCESS_TIMES));
        assertEquals(Optional.empty(), linux.clock(CounterKind.CPU_CYCLES));
        assertEquals(OptionalInt.of(1), linux.rusageThread());
        assertEquals(2, TestLibcDirect.scClkTck(linux));
        assertFalse(linux.narrowSuseconds());
        assertEquals(OptionalLong.of(186), linux.gettidSyscall());
        assertEquals(OptionalLong.of(298), linux.perfEventOpenSyscall());
        assertEquals(0x20, linux.mapAnonymous());
        assertEquals(OptionalLong.of(241), PosixPlatform.of("Linux", "aarch64", "64").perfEventOpenSyscall());
    }

    @Test
    void linuxAarch64DiffersOnlyInItsSystemCallNumbers() {
        PosixPlatform arm = PosixPlatform.of("Linux", "aarch64", "64");
        PosixPlatform x86 = PosixPlatform.of("Linux", "x86_64", "64");
        assertEquals(OptionalLong.of(178), arm.gettidSyscall());
        for (CounterKind kind : CounterKind.values()) {
            assertEquals(x86.clock(kind), arm.clock(kind), kind.toString());
        }
    }

    @Test
    void macOsHasItsOwnClockIdsAndNoThreadUsage() {
        PosixPlatform mac = PosixPlatform.of("Mac OS X", "aarch64", "64");
        assertEquals(Optional.of(new NamedClock("CLOCK_UPTIME_RAW", 8)), mac.clock(CounterKind.HIGH_PERFORMANCE));
        assertEquals(Optional.of(new NamedClock("CLOCK_THREAD_CPUTIME_ID", 16)), mac.clock(CounterKind.THREAD_TIMES));
        assertEquals(Optional.of(new NamedClock("CLOCK_PROCESS_CPUTIME_ID", 12)), mac.clock(CounterKind.PROCESS_TIMES));
        assertEquals(OptionalInt.empty(), mac.rusageThread());
        assertEquals(3, TestLibcDirect.scClkTck(mac));
        assertTrue(mac.narrowSuseconds());
        assertEquals(OptionalLong.empty(), mac.gettidSyscall());
        assertEquals(OptionalLong.empty(), mac.perfEventOpenSyscall());
        assertEquals(0x1000, mac.mapAnonymous());
    }

    @Test
    void freeBsdHasItsOwnClockIds() {
        PosixPlatform bsd = PosixPlatform.of("FreeBSD", "amd64", "64");
        assertEquals(Optional.of(new NamedClock("CLOCK_MONOTONIC", 4)), bsd.clock(CounterKind.HIGH_PERFORMANCE));
        assertEquals(Optional.of(new NamedClock("CLOCK_MONOTONIC_FAST", 12)), bsd.clock(CounterKind.TICK));
        assertEquals(Optional.of(new NamedClock("CLOCK_THREAD_CPUTIME_ID", 14)), bsd.clock(CounterKind.THREAD_TIMES));
        assertEquals(Optional.of(new NamedClock("CLOCK_PROCESS_CPUTIME_ID", 15)), bsd.clock(CounterKind.PROCESS_TIMES));
        assertEquals(OptionalInt.of(1), bsd.rusageThread());
    }

    @ParameterizedTest
    @CsvSource({
        "Windows 11, amd64, 64, 'Windows 11/amd64 is not a POSIX system'",
        "Linux, i386, 32, 'Linux/i386 runs a 32-bit JVM'",
        "Linux, arm, '', 'Linux/arm runs a 32-bit JVM'",
        "Linux, amd64, 32, 'Linux/amd64 runs a 32-bit JVM'",
        "Linux, riscv64, 64, 'no constant table for Linux on riscv64'",
        "SunOS, sparcv9, 64, 'constant tables for Linux, macOS and FreeBSD only, not for SunOS/sparcv9'",
    })
    void refusesWhatItCannotReadCorrectly(String os, String arch, String dataModel, String reason) {
        PosixPlatform refused = PosixPlatform.of(os, arch, dataModel);
        assertTrue(refused.refusal().orElseThrow().contains(reason), refused.refusal().get());
        assertTrue(refused.refusal().get().contains("JDK provider"), "says who serves instead: " + refused.refusal().get());
        assertEquals(Optional.empty(), refused.clock(CounterKind.HIGH_PERFORMANCE));
    }
}
