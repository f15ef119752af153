package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterKind;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The constants counters-posix needs on one operating system and architecture, chosen once at
 * load from {@code os.name}, {@code os.arch} and {@code sun.arch.data.model}: which clock id each
 * kind reads, the {@code getrusage} selectors, the {@code gettid} and {@code perf_event_open} system
 * call numbers, {@code MAP_ANONYMOUS} and the width of {@code suseconds_t}. The values come from the platforms' C headers
 * (glibc and the Linux UAPI, macOS {@code <time.h>}, FreeBSD {@code <sys/_clock_id.h>}).
 *
 * <p>A platform these tables do not describe, or one whose layouts would be read wrongly (a 32-bit
 * JVM, where {@code time_t} and {@code long} may be 32 bits wide), is {@linkplain #refusal()
 * refused} with a reason, and the provider reports every kind unsupported so that the JDK floor
 * serves them.
 *
 * @param description {@code "Linux/amd64"}, as the JVM names the platform
 * @param refusal why counters-posix does not serve this platform at all, or empty when it does
 * @param os the system, when served
 * @param clocks the clock each kind reads, by kind (PERFORMANCE reads HIGH_PERFORMANCE's: {@link #clock})
 * @param rusageThread {@code RUSAGE_THREAD}, where the system has it (not on macOS)
 * @param narrowSuseconds whether {@code struct timeval}'s {@code tv_usec} is a 32-bit int (followed by
 *     padding) rather than a long
 * @param gettidSyscall {@code SYS_gettid} for {@code syscall(2)}, on Linux
 * @param perfEventOpenSyscall {@code SYS_perf_event_open} for {@code syscall(2)}, on Linux (from the same
 *     syscall tables as {@code gettid})
 * @param mapAnonymous {@code MAP_ANONYMOUS} for {@code mmap}: {@code 0x20} on Linux, {@code 0x1000}
 *     ({@code MAP_ANON}) on macOS and FreeBSD
 * @param arch {@code "x86_64"} or {@code "aarch64"} when served; empty when refused
 */
record PosixPlatform(
        String description,
        Optional<String> refusal,
        Optional<Os> os,
        Map<CounterKind, NamedClock> clocks,
        OptionalInt rusageThread,
        boolean narrowSuseconds,
        OptionalLong gettidSyscall,
        OptionalLong perfEventOpenSyscall,
        int mapAnonymous,
        String arch) {

    /** The systems with a constant table. */
    enum Os {
        LINUX("Linux"),
        MAC_OS("macOS"),
        FREEBSD("FreeBSD");

        private final String displayName;

        Os(String displayName) {
            this.displayName = displayName;
        }

        @Override
        public String toString() {
            return displayName;
        }
    }

    /** {@code RUSAGE_SELF}, the same on every system served. */
    static final int RUSAGE_SELF = 0;
    /** {@code PRIO_PROCESS} for {@code getpriority}/{@code setpriority}; Linux applies it to one thread id. */
    static final int PRIO_PROCESS = 0;
    /** The most favourable nice value. */
    static final int HIGHEST_NICE_PRIORITY = -20;

    private static final String X86_64 = "x86_64";
    private static final String AARCH64 = "aarch64";

    PosixPlatform {
        clocks = Collections.unmodifiableMap(clocks);
    }

    /** The table for the running JVM. */
    static PosixPlatform current() {
        return of(System.getProperty("os.name", ""), System.getProperty("os.arch", ""),
                System.getProperty("sun.arch.data.model", ""));
    }

    /**
     * The table for {@code osName}/{@code osArch} as the JVM reports them; {@code dataModel} is
     * {@code sun.arch.data.model} ({@code "64"}, {@code "32"}, or empty when the JVM does not say).
     */
    static PosixPlatform of(String osName, String osArch, String dataModel) {
        requireNonNull(osName, "osName");
        requireNonNull(osArch, "osArch");
        requireNonNull(dataModel, "dataModel");
        String description = osName + "/" + osArch;
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            return refused(description, description + " is not a POSIX system: counters-windows serves it, "
                    + "and the JDK provider is the floor");
        }
        Os system = os.startsWith("linux") ? Os.LINUX
                : os.startsWith("mac") || os.startsWith("darwin") ? Os.MAC_OS
                : os.startsWith("freebsd") ? Os.FREEBSD
                : null;
        if (system == null) {
            return refused(description, "counters-posix has constant tables for Linux, macOS and FreeBSD only, "
                    + "not for " + description + "; the JDK provider serves it");
        }
        String arch = normalisedArch(osArch);
        if (dataModel.equals("32") || arch == null && is32Bit(osArch)) {
            return refused(description, description + " runs a 32-bit JVM, where time_t, long and struct timespec "
                    + "may be 32 bits wide and would be read wrongly: counters-posix serves 64-bit JVMs only, "
                    + "and the JDK provider serves this one");
        }
        if (arch == null) {
            return refused(description, "counters-posix has no constant table for " + system + " on " + osArch
                    + " (it knows x86_64 and aarch64); the JDK provider serves it");
        }
        return switch (system) {
            case LINUX -> linux(description, arch);
            case MAC_OS -> macOs(description, arch);
            case FREEBSD -> freeBsd(description, arch);
        };
    }

    private static PosixPlatform linux(String description, String arch) {
        Map<CounterKind, NamedClock> clocks = clocks(new NamedClock("CLOCK_MONOTONIC", 1),
                new NamedClock("CLOCK_MONOTONIC_COARSE", 6), new NamedClock("CLOCK_BOOTTIME", 7), 2, 3);
        // SYS_gettid from the kernel's syscall tables: arch/x86/entry/syscalls/syscall_64.tbl, include/uapi/asm-generic/unistd.h.
        long gettid = arch.equals(X86_64) ? 186 : 178;
        long perfEventOpen = arch.equals(X86_64) ? 298 : 241;
        // RUSAGE_THREAD = 1 in glibc and musl alike; MAP_ANONYMOUS = 0x20.
        return new PosixPlatform(description, Optional.empty(), Optional.of(Os.LINUX), clocks, OptionalInt.of(1), false,
                OptionalLong.of(gettid), OptionalLong.of(perfEventOpen), 0x20, arch);
    }

    private static PosixPlatform macOs(String description, String arch) {
        // CLOCK_UPTIME_RAW is mach_absolute_time(), the clock HotSpot's System.nanoTime() reads on macOS.
        // macOS's CLOCK_MONOTONIC keeps counting while the machine sleeps, as Linux's CLOCK_BOOTTIME does.
        Map<CounterKind, NamedClock> clocks = clocks(new NamedClock("CLOCK_UPTIME_RAW", 8),
                new NamedClock("CLOCK_UPTIME_RAW_APPROX", 9), new NamedClock("CLOCK_MONOTONIC", 6), 12, 16);
        // No RUSAGE_THREAD; suseconds_t is a 32-bit int; MAP_ANON = 0x1000.
        return new PosixPlatform(description, Optional.empty(), Optional.of(Os.MAC_OS), clocks, OptionalInt.empty(), true,
                OptionalLong.empty(), OptionalLong.empty(), 0x1000, arch);
    }

    private static PosixPlatform freeBsd(String description, String arch) {
        // FreeBSD's <sys/_clock_id.h> defines CLOCK_BOOTTIME as CLOCK_UPTIME and CLOCK_MONOTONIC_COARSE as CLOCK_MONOTONIC_FAST.
        Map<CounterKind, NamedClock> clocks = clocks(new NamedClock("CLOCK_MONOTONIC", 4),
                new NamedClock("CLOCK_MONOTONIC_FAST", 12), new NamedClock("CLOCK_UPTIME", 5), 15, 14);
        // RUSAGE_THREAD = 1; suseconds_t is a long; MAP_ANON = 0x1000.
        return new PosixPlatform(description, Optional.empty(), Optional.of(Os.FREEBSD), clocks, OptionalInt.of(1), false,
                OptionalLong.empty(), OptionalLong.empty(), 0x1000, arch);
    }

    /**
     * The clock each kind reads on one system: SYSTEM_TIME the time of day ({@code CLOCK_REALTIME}, 0 on
     * every system served), the CPU-time kinds the system's CPU-time clocks, of ids {@code processCpuTimeId}
     * and {@code threadCpuTimeId}, and the other wall-clock kinds the clocks given.
     */
    private static Map<CounterKind, NamedClock> clocks(NamedClock highPerformance, NamedClock tick, NamedClock multimedia,
            int processCpuTimeId, int threadCpuTimeId) {
        Map<CounterKind, NamedClock> clocks = new EnumMap<>(CounterKind.class);
        clocks.put(CounterKind.SYSTEM_TIME, new NamedClock("CLOCK_REALTIME", 0));
        clocks.put(CounterKind.HIGH_PERFORMANCE, highPerformance);
        clocks.put(CounterKind.TICK, tick);
        clocks.put(CounterKind.MULTIMEDIA, multimedia);
        clocks.put(CounterKind.PROCESS_TIMES, new NamedClock("CLOCK_PROCESS_CPUTIME_ID", processCpuTimeId));
        clocks.put(CounterKind.THREAD_TIMES, new NamedClock("CLOCK_THREAD_CPUTIME_ID", threadCpuTimeId));
        return clocks;
    }

    private static PosixPlatform refused(String description, String refusal) {
        return new PosixPlatform(description, Optional.of(refusal), Optional.empty(), new EnumMap<>(CounterKind.class),
                OptionalInt.empty(), false, OptionalLong.empty(), OptionalLong.empty(), 0, "");
    }

    private static String normalisedArch(String osArch) {
        return switch (osArch.toLowerCase(Locale.ROOT)) {
            case "amd64", "x86_64", "x86-64" -> X86_64;
            case "aarch64", "arm64" -> AARCH64;
            default -> null;
        };
    }

    private static boolean is32Bit(String osArch) {
        String arch = osArch.toLowerCase(Locale.ROOT);
        return arch.equals("x86") || arch.matches("i[3-6]86") || arch.equals("arm") || arch.startsWith("armv7")
                || arch.equals("ppc") || arch.equals("mips") || arch.equals("mipsel") || arch.equals("sparc");
    }

    /**
     * The clock a kind reads: the wall-clock kinds their own clock, {@link CounterKind#PERFORMANCE}
     * the {@link CounterKind#HIGH_PERFORMANCE} clock, and the CPU-time kinds their CPU-time clock.
     */
    Optional<NamedClock> clock(CounterKind kind) {
        return Optional.ofNullable(clocks.get(kind == CounterKind.PERFORMANCE ? CounterKind.HIGH_PERFORMANCE : kind));
    }

    @Override
    public String toString() {
        return description + (refusal.isPresent() ? " (refused: " + refusal.get() + ")" : "");
    }
}
