package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
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
        assertInstanceOf(PosixPlatform.Served.class, PosixPlatform.current());
    }

    @ParameterizedTest(name = "{0}/{1}: {2} reads {3} ({4})")
    @CsvSource({
        "Linux, amd64, TICK, CLOCK_MONOTONIC_COARSE, 6",
        "Linux, amd64, MULTIMEDIA, CLOCK_BOOTTIME, 7",
        "Linux, amd64, SYSTEM_TIME, CLOCK_REALTIME, 0",
        "Linux, amd64, HIGH_PERFORMANCE, CLOCK_MONOTONIC, 1",
        "Linux, amd64, PERFORMANCE, CLOCK_MONOTONIC, 1",
        "Linux, amd64, THREAD_TIMES, CLOCK_THREAD_CPUTIME_ID, 3",
        "Linux, amd64, PROCESS_TIMES, CLOCK_PROCESS_CPUTIME_ID, 2",
        "Mac OS X, aarch64, HIGH_PERFORMANCE, CLOCK_UPTIME_RAW, 8",
        "Mac OS X, aarch64, PERFORMANCE, CLOCK_UPTIME_RAW, 8",
        "Mac OS X, aarch64, THREAD_TIMES, CLOCK_THREAD_CPUTIME_ID, 16",
        "Mac OS X, aarch64, PROCESS_TIMES, CLOCK_PROCESS_CPUTIME_ID, 12",
        "FreeBSD, amd64, HIGH_PERFORMANCE, CLOCK_MONOTONIC, 4",
        "FreeBSD, amd64, TICK, CLOCK_MONOTONIC_FAST, 12",
        "FreeBSD, amd64, THREAD_TIMES, CLOCK_THREAD_CPUTIME_ID, 14",
        "FreeBSD, amd64, PROCESS_TIMES, CLOCK_PROCESS_CPUTIME_ID, 15",
    })
    void eachKindReadsItsSystemsClock(String os, String arch, CounterKind kind, String clock, int id) {
        assertEquals(Optional.of(new NamedClock(clock, id)), Platforms.served(os, arch).clock(kind));
    }

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource({
        // os, arch, RUSAGE_THREAD, _SC_CLK_TCK, 32-bit tv_usec, SYS_gettid, SYS_perf_event_open, MAP_ANONYMOUS; blank: none
        "Linux, amd64, 1, 2, false, 186, 298, 0x20",
        "Linux, aarch64, 1, 2, false, 178, 241, 0x20",
        "Mac OS X, aarch64, , 3, true, , , 0x1000",
        "FreeBSD, amd64, 1, 3, false, , , 0x1000",
    })
    void eachSystemsOtherConstants(String os, String arch, Integer rusageThread, int clkTck, boolean narrowSuseconds,
            Long gettid, Long perfEventOpen, String mapAnonymous) {
        PosixPlatform.Served platform = Platforms.served(os, arch);
        assertEquals(rusageThread == null ? OptionalInt.empty() : OptionalInt.of(rusageThread), platform.rusageThread());
        assertEquals(clkTck, TestLibcDirect.scClkTck(platform));
        assertEquals(narrowSuseconds, platform.narrowSuseconds());
        assertEquals(gettid == null ? OptionalLong.empty() : OptionalLong.of(gettid), platform.gettidSyscall());
        assertEquals(perfEventOpen == null ? OptionalLong.empty() : OptionalLong.of(perfEventOpen), platform.perfEventOpenSyscall());
        assertEquals(Integer.decode(mapAnonymous), platform.mapAnonymous());
        assertEquals(Optional.empty(), platform.clock(CounterKind.CPU_CYCLES), "no system has a clock id for cycles");
    }

    @Test
    void linuxAarch64DiffersOnlyInItsSystemCallNumbers() {
        PosixPlatform.Served arm = Platforms.served("Linux", "aarch64");
        PosixPlatform.Served x86 = Platforms.served("Linux", "x86_64");
        for (CounterKind kind : CounterKind.values()) {
            assertEquals(x86.clock(kind), arm.clock(kind), kind.toString());
        }
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
        PosixPlatform.Refused refused = Platforms.refused(os, arch, dataModel);
        assertTrue(refused.reason().contains(reason), refused.reason());
        assertTrue(refused.reason().contains("JDK provider"), "says who serves instead: " + refused.reason());
        assertEquals(Optional.of(refused.reason()), refused.whyNotLinux("anything"), "a refused platform serves nothing");
    }
}
