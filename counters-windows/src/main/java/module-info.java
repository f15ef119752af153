/**
 * Win32 counters through JNA: every counter kind from kernel32 and winmm (the processor's cycle
 * counter from a W^X code page), thread affinity and priority, and the multimedia timer period.
 * Loads on every OS; serves only on Windows.
 *
 * <p>On JDK 24+ enable native access for JNA, which loads its library: on the module path
 * {@code --enable-native-access=com.sun.jna}, on the class path
 * {@code --enable-native-access=ALL-UNNAMED}. Where it is denied, the provider reports itself
 * unavailable with that advice and the JDK provider serves.
 */
module dev.counters.windows {
    requires dev.counters.api;
    requires dev.counters.nativeaccess;
    requires com.sun.jna;
    requires com.sun.jna.platform;

    exports dev.counters.windows;

    provides dev.counters.spi.CounterProvider with dev.counters.windows.WindowsCounterProvider;
    provides dev.counters.spi.ThreadControl with dev.counters.windows.WindowsThreadControl;
}
