package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every constant and structure layout of the macOS and FreeBSD tables, pinned to the line of the
 * published header that defines it. Neither system has run these tables (nothing in CI is macOS or
 * FreeBSD): the headers are the only truth they have, so each test quotes the header line (blanks
 * collapsed to one space) with the repository, commit and path it was read from, takes the value
 * out of that quotation, and compares it with what {@link PosixPlatform}, {@link PosixPages} and
 * {@link Layouts} use.
 *
 * <p>macOS: Apple's open-source Libc ({@code include/_time.h}, which {@code <time.h>} includes; Libc-1725.0.11) and xnu
 * ({@code bsd/sys/*.h}, xnu-11417.101.15). FreeBSD: the FreeBSD src tree ({@code sys/sys/*.h},
 * {@code sys/x86/include/_types.h}, {@code sys/arm64/include/_types.h}), read from
 * freebsd/freebsd-src and from trees forked from it where the index holds the current file.
 */
class PublishedHeadersTest {
    private static final String LIBC_TIME_H = "apple-oss-distributions/Libc@55b54c0a include/_time.h";
    private static final String XNU = "apple-oss-distributions/xnu@e3723e1f ";
    private static final String FREEBSD_CLOCK_ID_H = "freebsd/freebsd-src@d00131e1 sys/sys/_clock_id.h";
    private static final String FREEBSD_TREE = "kenrap/freebsd-src@f30bcb15 (a FreeBSD src tree) ";
    private static final String FREEBSD_RESOURCE_H = "bnovkov/freebsd-src@53bbd0e8 (a FreeBSD src tree) sys/sys/resource.h";

    /** A line of a published header and where it was read. */
    record HeaderLine(String source, String line) {
        private static final Pattern DEFINE = Pattern.compile("#define (\\w+) (\\S+)(?: .*)?");
        private static final Pattern ENUMERATOR = Pattern.compile("_(\\w+) __CLOCK_AVAILABILITY = (\\d+),?");

        /** The name this line defines. */
        String name() {
            return parsed().group(1);
        }

        /** The value this line gives its name: a number, or another name for {@link #resolve}. */
        String value() {
            return parsed().group(2);
        }

        private Matcher parsed() {
            Matcher define = DEFINE.matcher(line);
            if (define.matches()) {
                return define;
            }
            Matcher enumerator = ENUMERATOR.matcher(line);
            if (enumerator.matches()) {
                return enumerator;
            }
            throw new IllegalArgumentException("neither a #define nor a clockid_t enumerator: " + line + " (" + source + ")");
        }
    }

    /** The lines {@code lines} of one published header, {@code source}. */
    private static List<HeaderLine> lines(String source, String... lines) {
        return Stream.of(lines).map(line -> new HeaderLine(source, line)).toList();
    }

    /** {@code name}'s numeric value among {@code lines}, following a name defined as another name. */
    private static long resolve(List<HeaderLine> lines, String name) {
        HeaderLine found = lines.stream().filter(l -> l.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not among the quoted header lines"));
        String value = found.value();
        if (value.matches("-?\\d+")) {
            return Long.parseLong(value);
        }
        if (value.matches("0x\\p{XDigit}+")) {
            return Long.parseLong(value.substring(2), 16);
        }
        return resolve(lines, value);
    }

    // macOS

    /** Libc's {@code include/_time.h}: the {@code clockid_t} enumerators (each with its {@code #define} beside it). */
    static final List<HeaderLine> MAC_OS_CLOCKS = lines(LIBC_TIME_H,
            "_CLOCK_REALTIME __CLOCK_AVAILABILITY = 0,",
            "_CLOCK_MONOTONIC __CLOCK_AVAILABILITY = 6,",
            "_CLOCK_UPTIME_RAW __CLOCK_AVAILABILITY = 8,",
            "_CLOCK_UPTIME_RAW_APPROX __CLOCK_AVAILABILITY = 9,",
            "_CLOCK_PROCESS_CPUTIME_ID __CLOCK_AVAILABILITY = 12,",
            "_CLOCK_THREAD_CPUTIME_ID __CLOCK_AVAILABILITY = 16");

    /** xnu's {@code bsd/sys/resource.h}: the {@code getrusage} selectors (there is no {@code RUSAGE_THREAD}) and priorities. */
    static final List<HeaderLine> MAC_OS_RESOURCE = lines(XNU + "bsd/sys/resource.h",
            "#define PRIO_PROCESS 0 /* Second argument is a PID */",
            "#define PRIO_MIN -20",
            "#define RUSAGE_SELF 0 /* Current process information */",
            "#define RUSAGE_CHILDREN -1 /* Current process' children */");

    /** xnu's {@code bsd/sys/mman.h}. */
    static final List<HeaderLine> MAC_OS_MMAN = lines(XNU + "bsd/sys/mman.h",
            "#define PROT_READ 0x01 /* [MC2] pages can be read */",
            "#define PROT_WRITE 0x02 /* [MC2] pages can be written */",
            "#define PROT_EXEC 0x04 /* [MC2] pages can be executed */",
            "#define MAP_PRIVATE 0x0002 /* [MF|SHM] changes are private */",
            "#define MAP_JIT 0x0800 /* Allocate a region that will be used for JIT purposes */",
            "#define MAP_ANON 0x1000 /* allocated from memory, swap space */");

    // FreeBSD

    /** {@code sys/sys/_clock_id.h}, with the Linux-compatible names it defines as FreeBSD clocks. */
    static final List<HeaderLine> FREEBSD_CLOCKS = lines(FREEBSD_CLOCK_ID_H,
            "#define CLOCK_REALTIME 0",
            "#define CLOCK_MONOTONIC 4",
            "#define CLOCK_UPTIME 5",
            "#define CLOCK_MONOTONIC_FAST 12",
            "#define CLOCK_THREAD_CPUTIME_ID 14",
            "#define CLOCK_PROCESS_CPUTIME_ID 15",
            "#define CLOCK_BOOTTIME CLOCK_UPTIME",
            "#define CLOCK_MONOTONIC_COARSE CLOCK_MONOTONIC_FAST");

    /** {@code sys/sys/resource.h}. */
    static final List<HeaderLine> FREEBSD_RESOURCE = lines(FREEBSD_RESOURCE_H,
            "#define PRIO_MIN -20",
            "#define PRIO_PROCESS 0",
            "#define RUSAGE_SELF 0",
            "#define RUSAGE_CHILDREN -1",
            "#define RUSAGE_THREAD 1");

    /** {@code sys/sys/mman.h}. */
    static final List<HeaderLine> FREEBSD_MMAN = lines(FREEBSD_TREE + "sys/sys/mman.h",
            "#define PROT_READ 0x01 /**< pages can be read */",
            "#define PROT_WRITE 0x02 /**< pages can be written */",
            "#define PROT_EXEC 0x04 /**< pages can be executed */",
            "#define MAP_PRIVATE 0x0002 /**< changes are private */",
            "#define MAP_ANON 0x1000 /**< allocated from memory, swap space */");

    /** Which clock each kind reads, by the name the headers give it. */
    private static final Map<CounterKind, String> MAC_OS_CLOCK_OF = Map.of(
            CounterKind.SYSTEM_TIME, "CLOCK_REALTIME",
            CounterKind.HIGH_PERFORMANCE, "CLOCK_UPTIME_RAW",
            CounterKind.TICK, "CLOCK_UPTIME_RAW_APPROX",
            CounterKind.MULTIMEDIA, "CLOCK_MONOTONIC",
            CounterKind.PROCESS_TIMES, "CLOCK_PROCESS_CPUTIME_ID",
            CounterKind.THREAD_TIMES, "CLOCK_THREAD_CPUTIME_ID");
    private static final Map<CounterKind, String> FREEBSD_CLOCK_OF = Map.of(
            CounterKind.SYSTEM_TIME, "CLOCK_REALTIME",
            CounterKind.HIGH_PERFORMANCE, "CLOCK_MONOTONIC",
            CounterKind.TICK, "CLOCK_MONOTONIC_COARSE",
            CounterKind.MULTIMEDIA, "CLOCK_BOOTTIME",
            CounterKind.PROCESS_TIMES, "CLOCK_PROCESS_CPUTIME_ID",
            CounterKind.THREAD_TIMES, "CLOCK_THREAD_CPUTIME_ID");

    @ParameterizedTest
    @ValueSource(strings = {"x86_64", "aarch64"})
    void macOsClockIdsAreLibcs(String arch) {
        PosixPlatform.Served mac = Platforms.served("Mac OS X", arch);
        MAC_OS_CLOCK_OF.forEach((kind, name) -> {
            NamedClock clock = mac.clock(kind).orElseThrow();
            assertEquals(name, clock.name(), kind + "'s clock");
            assertEquals(resolve(MAC_OS_CLOCKS, name), clock.id(), kind + " reads " + name);
        });
        assertEquals(mac.clock(CounterKind.HIGH_PERFORMANCE), mac.clock(CounterKind.PERFORMANCE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"amd64", "aarch64"})
    void freeBsdClockIdsAreThoseOfSysClockIdH(String arch) {
        PosixPlatform.Served freeBsd = Platforms.served("FreeBSD", arch);
        // The table names FreeBSD's own clocks where the header defines the Linux name as one of them.
        Map<String, String> ownName = Map.of("CLOCK_BOOTTIME", "CLOCK_UPTIME", "CLOCK_MONOTONIC_COARSE", "CLOCK_MONOTONIC_FAST");
        FREEBSD_CLOCK_OF.forEach((kind, name) -> {
            NamedClock clock = freeBsd.clock(kind).orElseThrow();
            assertEquals(ownName.getOrDefault(name, name), clock.name(), kind + "'s clock");
            assertEquals(resolve(FREEBSD_CLOCKS, name), clock.id(), kind + " reads " + name);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"x86_64", "aarch64"})
    void macOsHasNoRusageThreadAndItsSelectorsAreXnus(String arch) {
        PosixPlatform.Served mac = Platforms.served("Mac OS X", arch);
        assertFalse(MAC_OS_RESOURCE.stream().anyMatch(l -> l.name().equals("RUSAGE_THREAD")));
        assertEquals(OptionalInt.empty(), mac.rusageThread());
        assertEquals(resolve(MAC_OS_RESOURCE, "RUSAGE_SELF"), PosixPlatform.RUSAGE_SELF);
        assertEquals(resolve(MAC_OS_RESOURCE, "PRIO_PROCESS"), PosixPlatform.PRIO_PROCESS);
        assertEquals(resolve(MAC_OS_RESOURCE, "PRIO_MIN"), PosixPlatform.HIGHEST_NICE_PRIORITY);
        // No gettid and no perf_event_open system call numbers: those are Linux's.
        assertEquals(OptionalLong.empty(), mac.gettidSyscall());
        assertEquals(OptionalLong.empty(), mac.perfEventOpenSyscall());
    }

    @ParameterizedTest
    @ValueSource(strings = {"amd64", "aarch64"})
    void freeBsdRusageSelectorsAreThoseOfSysResourceH(String arch) {
        PosixPlatform.Served freeBsd = Platforms.served("FreeBSD", arch);
        assertEquals(OptionalInt.of((int) resolve(FREEBSD_RESOURCE, "RUSAGE_THREAD")), freeBsd.rusageThread());
        assertEquals(resolve(FREEBSD_RESOURCE, "RUSAGE_SELF"), PosixPlatform.RUSAGE_SELF);
        assertEquals(resolve(FREEBSD_RESOURCE, "PRIO_PROCESS"), PosixPlatform.PRIO_PROCESS);
        assertEquals(resolve(FREEBSD_RESOURCE, "PRIO_MIN"), PosixPlatform.HIGHEST_NICE_PRIORITY);
        assertEquals(OptionalLong.empty(), freeBsd.gettidSyscall());
        assertEquals(OptionalLong.empty(), freeBsd.perfEventOpenSyscall());
    }

    @ParameterizedTest
    @ValueSource(strings = {"macOS", "FreeBSD"})
    void pageProtectionsAndMapFlagsAreTheHeaders(String os) {
        List<HeaderLine> mman = os.equals("macOS") ? MAC_OS_MMAN : FREEBSD_MMAN;
        PosixPlatform.Served platform = Platforms.served(os.equals("macOS") ? "Mac OS X" : "FreeBSD", "aarch64");
        assertEquals(resolve(mman, "PROT_READ"), PosixPages.PROT_READ);
        assertEquals(resolve(mman, "PROT_WRITE"), PosixPages.PROT_WRITE);
        assertEquals(resolve(mman, "PROT_EXEC"), PosixPages.PROT_EXEC);
        assertEquals(resolve(mman, "MAP_PRIVATE"), PosixPages.MAP_PRIVATE);
        assertEquals(resolve(mman, "MAP_ANON"), platform.mapAnonymous());
    }

    // Structure layouts: struct timespec, struct timeval and the head of struct rusage

    /** The typedefs that decide the widths: {@code time_t} and {@code suseconds_t} per system. */
    static final Map<String, List<String>> WIDTHS = Map.of(
            "macOS", List.of(
                    XNU + "bsd/arm/_types.h: typedef long __darwin_time_t; /* time() */",
                    XNU + "bsd/i386/_types.h: typedef long __darwin_time_t; /* time() */",
                    XNU + "bsd/sys/_types.h: typedef __int32_t __darwin_suseconds_t; /* [???] microseconds */",
                    XNU + "bsd/sys/_types/_timeval.h: __darwin_time_t tv_sec; /* seconds */",
                    XNU + "bsd/sys/_types/_timeval.h: __darwin_suseconds_t tv_usec; /* and microseconds */",
                    XNU + "bsd/sys/_types/_timespec.h: __darwin_time_t tv_sec;",
                    XNU + "bsd/sys/_types/_timespec.h: long tv_nsec;",
                    XNU + "bsd/sys/resource.h: struct timeval ru_utime; /* user time used (PL) */",
                    XNU + "bsd/sys/resource.h: struct timeval ru_stime; /* system time used (PL) */",
                    XNU + "bsd/sys/resource.h: long ru_opaque[14]; /* implementation defined */"),
            "FreeBSD", List.of(
                    FREEBSD_TREE + "sys/arm64/include/_types.h: typedef __int64_t __time_t; /**< time()... */",
                    FREEBSD_TREE + "sys/x86/include/_types.h (#ifdef __LP64__): typedef __int64_t __time_t; /**< time()... */",
                    FREEBSD_TREE + "sys/sys/_types.h: typedef long __suseconds_t; /**< microseconds (signed) */",
                    FREEBSD_TREE + "sys/sys/_timeval.h: time_t tv_sec; /**< seconds */",
                    FREEBSD_TREE + "sys/sys/_timeval.h: suseconds_t tv_usec; /**< and microseconds */",
                    FREEBSD_TREE + "sys/sys/_timespec.h: time_t tv_sec; /**< seconds */",
                    FREEBSD_TREE + "sys/sys/_timespec.h: long tv_nsec; /**< and nanoseconds */",
                    FREEBSD_RESOURCE_H + ": struct timeval ru_utime; /* user time used */",
                    FREEBSD_RESOURCE_H + ": struct timeval ru_stime; /* system time used */",
                    FREEBSD_RESOURCE_H + ": long ru_maxrss; ... long ru_nivcsw; (14 longs)"));

    /** Bytes of a C integer type on LP64, as the quoted typedef names it. */
    private static int lp64Bytes(String type) {
        return switch (type) {
            case "long", "__int64_t" -> 8;
            case "__int32_t", "int" -> 4;
            default -> throw new IllegalArgumentException("no LP64 width known for " + type);
        };
    }

    /** The type a quoted {@code typedef TYPE NAME;} gives {@code name}. */
    private static String typedefOf(String os, String name) {
        Pattern typedef = Pattern.compile(".*: typedef (\\w+) " + Pattern.quote(name) + ";.*");
        return WIDTHS.get(os).stream().map(typedef::matcher).filter(Matcher::matches).map(m -> m.group(1)).findFirst()
                .orElseThrow(() -> new AssertionError("no quoted typedef of " + name + " for " + os));
    }

    @ParameterizedTest
    @ValueSource(strings = {"macOS", "FreeBSD"})
    void structLayoutsFollowFromTheTypedefs(String os) {
        boolean mac = os.equals("macOS");
        int timeT = lp64Bytes(typedefOf(os, mac ? "__darwin_time_t" : "__time_t"));
        int suseconds = lp64Bytes(typedefOf(os, mac ? "__darwin_suseconds_t" : "__suseconds_t"));
        // struct timespec {time_t tv_sec; long tv_nsec;}
        assertEquals(timeT + 8, Layouts.TIMESPEC_BYTES);
        // struct timeval {time_t tv_sec; suseconds_t tv_usec;}: tv_usec follows tv_sec; the struct is padded to 8.
        int timeval = (timeT + suseconds + 7) / 8 * 8;
        PosixPlatform.Served platform = Platforms.served(mac ? "Mac OS X" : "FreeBSD", "aarch64");
        assertEquals(suseconds == 4, platform.narrowSuseconds(), "tv_usec is " + suseconds + " bytes on " + os);
        // struct rusage {struct timeval ru_utime; struct timeval ru_stime; 14 longs}
        assertEquals(0, Layouts.RUSAGE_UTIME_OFFSET);
        assertEquals(timeval, Layouts.RUSAGE_STIME_OFFSET);
        assertTrue(Layouts.RUSAGE_BYTES >= 2 * timeval + 14 * 8, "the rusage buffer holds all " + (2 * timeval + 14 * 8) + " bytes");
        assertEquals(os, platform.os().toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"macOS", "FreeBSD"})
    void cpuCyclesFromACodePageAreRefusedOnArm64WithTheReason(String os) {
        boolean mac = os.equals("macOS");
        PosixCycles cycles = new PosixCycles(Platforms.served(mac ? "Mac OS X" : "FreeBSD", "aarch64"), null, null);
        var support = cycles.support(CounterKind.CPU_CYCLES);
        assertFalse(support.isSupported());
        assertEquals(mac ? PosixCycles.APPLE_SILICON_CYCLES : PosixCycles.FREEBSD_ARM64_CYCLES, support.reason());
        // The flag the macOS reason names is xnu's MAP_JIT, quoted with the other mman.h lines.
        assertEquals(mac, support.reason().contains(MAC_OS_MMAN.stream().filter(l -> l.name().equals("MAP_JIT"))
                .findFirst().orElseThrow().name()));
    }
}
