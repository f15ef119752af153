/**
 * Win32 counters through FFM downcalls on JDK 22+, through JNA on JDK 17-21: every counter kind
 * from kernel32 and winmm (the processor's cycle counter from a W^X code page), thread affinity
 * and priority, and the multimedia timer period. Loads on every OS; serves only on Windows.
 *
 * <p>On JDK 24+ enable native access: on the module path
 * {@code --enable-native-access=dev.counters.windows,dev.counters.nativeaccess,com.sun.jna} (the counters modules for FFM, JNA for
 * the fallback), on the class path {@code --enable-native-access=ALL-UNNAMED}. Without it FFM is
 * not used and JNA serves; where that is denied too, the provider reports itself unavailable with
 * that advice and the JDK provider serves.
 */
module dev.counters.windows {
    requires transitive dev.counters.api;
    requires dev.counters.nativeaccess;
    requires com.sun.jna;
    requires com.sun.jna.platform;

    exports dev.counters.windows;

    provides dev.counters.spi.CounterProvider with dev.counters.windows.WindowsCounterProvider;
    provides dev.counters.spi.ThreadControl with dev.counters.windows.WindowsThreadControl;
    provides dev.counters.spi.ThreadCpuTimesReader with dev.counters.windows.WindowsThreadCpuTimes;
}
