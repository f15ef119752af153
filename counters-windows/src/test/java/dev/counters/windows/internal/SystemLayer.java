package dev.counters.windows.internal;

/** This process's real Win32 layer, for the tests of the exported package, which cannot name {@link WindowsSystem}. */
public final class SystemLayer {
    private SystemLayer() {}

    /** The bound layer; throws {@link UnsupportedOperationException} saying why there is none. */
    public static WindowsCalls require() {
        return WindowsSystem.require();
    }
}
