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
 * What counters-posix knows of the platform the JVM runs on, decided once at load from
 * {@code os.name}, {@code os.arch} and {@code sun.arch.data.model}: either a {@link Served} table of
 * the constants it needs there (which clock id each kind reads, the {@code getrusage} selectors,
 * the {@code gettid} and {@code perf_event_open} system call numbers, {@code MAP_ANONYMOUS} and the
 * width of {@code suseconds_t}), or the reason it {@link Refused refuses} the platform. The values
 * of a table come from the platforms' C headers (glibc and the Linux UAPI, macOS {@code <time.h>},
 * FreeBSD {@code <sys/_clock_id.h>}).
 *
 * <p>A platform these tables do not describe, or one whose layouts would be read wrongly (a 32-bit
 * JVM, where {@code time_t} and {@code long} may be 32 bits wide), is refused with a reason, and the
 * provider reports every kind unsupported so that the JDK floor serves them. Whoever is handed a
 * platform tells the two forms apart once ({@code instanceof}), where it starts; the clocks,
 * the cycle kinds and the pages are only ever given a {@link Served} table.
 */
sealed interface PosixPlatform permits PosixPlatform.Served, PosixPlatform.Refused {
    /** {@code RUSAGE_SELF}, the same on every system served. */
    int RUSAGE_SELF = 0;
    /** {@code PRIO_PROCESS} for {@code getpriority}/{@code setpriority}; Linux applies it to one thread id. */
    int PRIO_PROCESS = 0;
    /** The most favourable nice value. */
    int HIGHEST_NICE_PRIORITY = -20;

    /** {@code "Linux/amd64"}, as the JVM names the platform. */
    String description();

    /**
     * Why {@code feature} (for example {@code "thread affinity and priority are served"}), which
     * counters-posix serves on Linux alone, is not served here: the refusal, or that this is another
     * system; empty on Linux.
     */
    Optional<String> whyNotLinux(String feature);

    /**
     * A platform counters-posix serves, with the constants it needs there.
     *
     * @param description {@code "Linux/amd64"}, as the JVM names the platform
     * @param os the system
     * @param arch {@code "x86_64"} or {@code "aarch64"}
     * @param clocks the clock each kind reads, by kind (PERFORMANCE reads HIGH_PERFORMANCE's: {@link #clock})
     * @param rusageThread {@code RUSAGE_THREAD}, where the system has it (not on macOS)
     * @param narrowSuseconds whether {@code struct timeval}'s {@code tv_usec} is a 32-bit int (followed by
     *     padding) rather than a long
     * @param gettidSyscall {@code SYS_gettid} for {@code syscall(2)}, on Linux
     * @param perfEventOpenSyscall {@code SYS_perf_event_open} for {@code syscall(2)}, on Linux (from the same
     *     syscall tables as {@code gettid})
     * @param mapAnonymous {@code MAP_ANONYMOUS} for {@code mmap}: {@code 0x20} on Linux, {@code 0x1000}
     *     ({@code MAP_ANON}) on macOS and FreeBSD
     */
    record Served(
            String description,
            Os os,
            String arch,
            Map<CounterKind, NamedClock> clocks,
            OptionalInt rusageThread,
            boolean narrowSuseconds,
            OptionalLong gettidSyscall,
            OptionalLong perfEventOpenSyscall,
            int mapAnonymous) implements PosixPlatform {

        public Served {
            requireNonNull(description, "description");
            requireNonNull(os, "os");
            requireNonNull(arch, "arch");
            clocks = Collections.unmodifiableMap(new EnumMap<>(clocks));
        }

        /**
         * The clock a kind reads: the wall-clock kinds their own clock, {@link CounterKind#PERFORMANCE}
         * the {@link CounterKind#HIGH_PERFORMANCE} clock, and the CPU-time kinds their CPU-time clock.
         */
        Optional<NamedClock> clock(CounterKind kind) {
            return Optional.ofNullable(clocks.get(kind == CounterKind.PERFORMANCE ? CounterKind.HIGH_PERFORMANCE : kind));
        }

        @Override
        public Optional<String> whyNotLinux(String feature) {
            return os == Os.LINUX ? Optional.empty() : Optional.of(feature + " on Linux only, not on " + description);
        }

        @Override
        public String toString() {
            return description;
        }
    }

    /**
     * A platform counters-posix does not serve at all.
     *
     * @param description {@code "Windows 11/amd64"}, as the JVM names the platform
     * @param reason why, and who serves instead
     */
    record Refused(String description, String reason) implements PosixPlatform {
        public Refused {
            requireNonNull(description, "description");
            requireNonNull(reason, "reason");
        }

        @Override
        public Optional<String> whyNotLinux(String feature) {
            return Optional.of(reason);
        }

        @Override
        public String toString() {
            return description + " (refused: " + reason + ")";
        }
    }

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
            return new Refused(description, description + " is not a POSIX system: counters-windows serves it, "
                    + "and the JDK provider is the floor");
        }
        Os system = os.startsWith("linux") ? Os.LINUX
                : os.startsWith("mac") || os.startsWith("darwin") ? Os.MAC_OS
                : os.startsWith("freebsd") ? Os.FREEBSD
                : null;
        if (system == null) {
            return new Refused(description, "counters-posix has constant tables for Linux, macOS and FreeBSD only, "
                    + "not for " + description + "; the JDK provider serves it");
        }
        String arch = normalisedArch(osArch);
        if (dataModel.equals("32") || arch == null && is32Bit(osArch)) {
            return new Refused(description, description + " runs a 32-bit JVM, where time_t, long and struct timespec "
                    + "may be 32 bits wide and would be read wrongly: counters-posix serves 64-bit JVMs only, "
                    + "and the JDK provider serves this one");
        }
        if (arch == null) {
            return new Refused(description, "counters-posix has no constant table for " + system + " on " + osArch
                    + " (it knows x86_64 and aarch64); the JDK provider serves it");
        }
        return switch (system) {
            case LINUX -> linux(description, arch);
            case MAC_OS -> macOs(description, arch);
            case FREEBSD -> freeBsd(description, arch);
        };
    }

    private static Served linux(String description, String arch) {
        Map<CounterKind, NamedClock> clocks = clocks(new NamedClock("CLOCK_MONOTONIC", 1),
                new NamedClock("CLOCK_MONOTONIC_COARSE", 6), new NamedClock("CLOCK_BOOTTIME", 7), 2, 3);
        // SYS_gettid from the kernel's syscall tables: arch/x86/entry/syscalls/syscall_64.tbl, include/uapi/asm-generic/unistd.h.
        long gettid = arch.equals("x86_64") ? 186 : 178;
        long perfEventOpen = arch.equals("x86_64") ? 298 : 241;
        // RUSAGE_THREAD = 1 in glibc and musl alike; MAP_ANONYMOUS = 0x20.
        return new Served(description, Os.LINUX, arch, clocks, OptionalInt.of(1), false,
                OptionalLong.of(gettid), OptionalLong.of(perfEventOpen), 0x20);
    }

    private static Served macOs(String description, String arch) {
        // CLOCK_UPTIME_RAW is mach_absolute_time(), the clock HotSpot's System.nanoTime() reads on macOS.
        // macOS's CLOCK_MONOTONIC keeps counting while the machine sleeps, as Linux's CLOCK_BOOTTIME does.
        Map<CounterKind, NamedClock> clocks = clocks(new NamedClock("CLOCK_UPTIME_RAW", 8),
                new NamedClock("CLOCK_UPTIME_RAW_APPROX", 9), new NamedClock("CLOCK_MONOTONIC", 6), 12, 16);
        // No RUSAGE_THREAD; suseconds_t is a 32-bit int; MAP_ANON = 0x1000.
        return new Served(description, Os.MAC_OS, arch, clocks, OptionalInt.empty(), true,
                OptionalLong.empty(), OptionalLong.empty(), 0x1000);
    }

    private static Served freeBsd(String description, String arch) {
        // FreeBSD's <sys/_clock_id.h> defines CLOCK_BOOTTIME as CLOCK_UPTIME and CLOCK_MONOTONIC_COARSE as CLOCK_MONOTONIC_FAST.
        Map<CounterKind, NamedClock> clocks = clocks(new NamedClock("CLOCK_MONOTONIC", 4),
                new NamedClock("CLOCK_MONOTONIC_FAST", 12), new NamedClock("CLOCK_UPTIME", 5), 15, 14);
        // RUSAGE_THREAD = 1; suseconds_t is a long; MAP_ANON = 0x1000.
        return new Served(description, Os.FREEBSD, arch, clocks, OptionalInt.of(1), false,
                OptionalLong.empty(), OptionalLong.empty(), 0x1000);
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

    private static String normalisedArch(String osArch) {
        return switch (osArch.toLowerCase(Locale.ROOT)) {
            case "amd64", "x86_64", "x86-64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> null;
        };
    }

    private static boolean is32Bit(String osArch) {
        String arch = osArch.toLowerCase(Locale.ROOT);
        return arch.equals("x86") || arch.matches("i[3-6]86") || arch.equals("arm") || arch.startsWith("armv7")
                || arch.equals("ppc") || arch.equals("mips") || arch.equals("mipsel") || arch.equals("sparc");
    }
}
