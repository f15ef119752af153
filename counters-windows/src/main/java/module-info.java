/**
 * Win32 counters through FFM downcalls on JDK 22+, through JNA on JDK 17-21: every counter kind
 * from kernel32 and winmm (the processor's cycle counter from a W^X code page), thread affinity
 * and priority, and the multimedia timer period. Loads on every OS; serves only on Windows.
 *
 * <p>On JDK 24+ enable native access: on the module path
 * {@code --enable-native-access=dev.counters.windows,dev.counters.nativeaccess,com.sun.jna} (the counters modules for FFM, JNA for
 * the fallback), on the class path {@code --enable-native-access=ALL-UNNAMED}. Without it FFM is
 * not used and JNA serves; where that is denied too, the provider reports itself unavailable with
 * that advice and the JDK provider serves. JNA is required statically: FFM needs none, so a jlink
 * image on JDK 22+ leaves it out, and on the module path JDK 17-21 resolves it with
 * {@code --add-modules com.sun.jna,com.sun.jna.platform}.
 *
 * <h2>Platforms</h2>
 * What counters-posix and counters-windows read for each kind on each platform, and how far that has
 * been checked: <em>native CI</em> runs the tests there, <em>qemu in CI</em> on that architecture's JVM
 * under a user-mode emulator ({@code scripts/aarch64-tests-under-qemu.sh}), <em>Wine in CI</em> on a
 * Windows JVM under Wine, <em>headers only</em> means the constants and layouts are pinned by tests to
 * the published C headers but nothing has run there. (The same table is in the README.)
 * <table class="striped">
 * <caption>What serves each kind on each platform, and how that is verified</caption>
 * <thead>
 * <tr><th scope="col">OS / arch</th><th scope="col">bindings</th><th scope="col">wall clocks: TICK, MULTIMEDIA, SYSTEM_TIME, HIGH_PERFORMANCE (= PERFORMANCE)</th><th scope="col">THREAD_TIMES, PROCESS_TIMES</th><th scope="col">cycle kinds</th><th scope="col">how verified</th></tr>
 * </thead>
 * <tbody>
 * <tr><td>Linux x86_64</td><td>FFM (JDK 22+), JNA (JDK 17-21)</td><td>{@code clock_gettime}: {@code CLOCK_MONOTONIC_COARSE}, {@code CLOCK_BOOTTIME}, {@code CLOCK_REALTIME}, {@code CLOCK_MONOTONIC} (the last two through {@code Instant.now()}/{@code System.nanoTime()} where a check confirms the same clock)</td><td>{@code CLOCK_THREAD_CPUTIME_ID}/{@code CLOCK_PROCESS_CPUTIME_ID}, split by {@code getrusage(RUSAGE_THREAD/RUSAGE_SELF)}</td><td>CPU_CYCLES: {@code RDTSC} from a W^X page; THREAD_CYCLES: {@code perf_event_open} where the kernel exposes a PMU</td><td>native CI: every module on JDK 17 (JNA) and JDK 25 (FFM)</td></tr>
 * <tr><td>Linux aarch64</td><td>FFM (JDK 22+), JNA (JDK 17-21)</td><td>as Linux x86_64</td><td>as Linux x86_64</td><td>CPU_CYCLES: {@code CNTVCT_EL0} from a W^X page; THREAD_CYCLES: {@code perf_event_open}</td><td>qemu in CI ({@code scripts/aarch64-tests-under-qemu.sh}): in CI the tests of counters-native and -posix on the aarch64 JDK 25 (FFM) and JDK 21 (JNA; PyPI has no aarch64 JDK 17), and {@code counters list}/{@code counters cost} on both (run by hand, the script adds counters-api, -scope and -measure on JDK 25); the tests that read {@code /proc/self/stat}, which qemu answers itself, skip there, and nothing has run on aarch64 hardware</td></tr>
 * <tr><td>macOS x86_64</td><td>FFM, JNA</td><td>{@code CLOCK_UPTIME_RAW_APPROX}, {@code CLOCK_MONOTONIC} (counts during sleep), {@code CLOCK_REALTIME}, {@code CLOCK_UPTIME_RAW} ({@code mach_absolute_time()})</td><td>the CPU-time clocks; PROCESS_TIMES split by {@code getrusage(RUSAGE_SELF)}; THREAD_TIMES has no kernel/user split (no {@code RUSAGE_THREAD})</td><td>CPU_CYCLES: {@code RDTSC} from a W^X page</td><td>headers only ({@code PublishedHeadersTest}: Apple's Libc and xnu), never run</td></tr>
 * <tr><td>macOS aarch64</td><td>FFM, JNA</td><td>as macOS x86_64</td><td>as macOS x86_64</td><td>none: a page runs code only with {@code MAP_JIT} and the JIT entitlement</td><td>headers only, never run</td></tr>
 * <tr><td>FreeBSD x86_64</td><td>FFM, JNA</td><td>{@code CLOCK_MONOTONIC_FAST}, {@code CLOCK_UPTIME}, {@code CLOCK_REALTIME}, {@code CLOCK_MONOTONIC}</td><td>the CPU-time clocks, split by {@code getrusage(RUSAGE_THREAD/RUSAGE_SELF)}</td><td>CPU_CYCLES: {@code RDTSC} from a W^X page</td><td>headers only ({@code PublishedHeadersTest}: the FreeBSD src tree), never run</td></tr>
 * <tr><td>FreeBSD aarch64</td><td>FFM, JNA</td><td>as FreeBSD x86_64</td><td>as FreeBSD x86_64</td><td>none: that {@code mprotect} makes the page coherent with the instruction cache is established for Linux only</td><td>headers only, never run</td></tr>
 * <tr><td>Windows x86_64</td><td>FFM (JDK 22+), JNA (JDK 17-21)</td><td>{@code GetTickCount64}, {@code timeGetTime}, {@code GetSystemTimePreciseAsFileTime}, {@code QueryPerformanceCounter}</td><td>{@code GetThreadTimes}/{@code GetProcessTimes}</td><td>CPU_CYCLES: {@code RDTSC} from a W^X page ({@code FlushInstructionCache}); {@code QueryThreadCycleTime}, {@code QueryProcessCycleTime}</td><td>Wine in CI: the real Win32 tests on Windows JDK 17 (JNA) and JDK 25 (FFM); never on Windows itself</td></tr>
 * <tr><td>Windows aarch64</td><td>FFM, JNA</td><td>as Windows x86_64</td><td>as Windows x86_64</td><td>CPU_CYCLES: {@code CNTVCT_EL0} from a W^X page; the {@code Query*CycleTime} calls</td><td>never run</td></tr>
 * </tbody>
 * </table>
 */
module dev.counters.windows {
    requires transitive dev.counters.api;
    requires dev.counters.nativeaccess;
    requires static com.sun.jna; // JDK 17-21 only: see dev.counters.nativeaccess
    requires static com.sun.jna.platform;

    exports dev.counters.windows;

    provides dev.counters.spi.CounterProvider with dev.counters.windows.internal.WindowsCounterProvider;
    provides dev.counters.internal.ThreadControl with dev.counters.windows.internal.WindowsThreadControl;
    provides dev.counters.internal.ThreadCpuTimesReader with dev.counters.windows.internal.WindowsThreadCpuTimes;
}
