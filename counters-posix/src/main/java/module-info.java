/**
 * Linux, macOS and FreeBSD counters, through FFM on JDK 22+ and JNA before: every {@link dev.counters.CounterKind}
 * wall-clock and CPU-time kind read from the POSIX clocks, the cycle kinds ({@code CPU_CYCLES} from
 * the processor's counter, {@code THREAD_CYCLES} from Linux {@code perf_event_open}), plus a Linux
 * {@link dev.counters.spi.ThreadControl} for pinning and raising the measuring thread.
 *
 * <p>On JDK 22+ the clocks are read through FFM downcalls, on 17-21 through JNA. Enable native
 * access: on the module path {@code --enable-native-access=dev.counters.posix,dev.counters.nativeaccess}
 * for FFM and {@code com.sun.jna} for JNA, on the class path {@code --enable-native-access=ALL-UNNAMED}.
 * Without it FFM is not used; where JNA is denied too, the provider reports itself unavailable with
 * that advice and the JDK provider serves.
 */
module dev.counters.posix {
    requires transitive dev.counters.api;
    requires dev.counters.nativeaccess;
    requires com.sun.jna;
    requires java.management;

    exports dev.counters.posix;

    provides dev.counters.spi.CounterProvider with dev.counters.posix.PosixCounterProvider;
    provides dev.counters.spi.ThreadControl with dev.counters.posix.PosixThreadControl;
    provides dev.counters.spi.ThreadCpuTimesReader with dev.counters.posix.PosixThreadCpuTimes;
}
