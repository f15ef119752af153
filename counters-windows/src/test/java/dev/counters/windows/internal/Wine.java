package dev.counters.windows.internal;

import com.sun.jna.NativeLibrary;

/** Whether these tests run under Wine: its ntdll exports {@code wine_get_version}, Windows's does not. */
final class Wine {
    private static final boolean RUNNING = detect();

    private Wine() {}

    static boolean isRunning() {
        return RUNNING;
    }

    private static boolean detect() {
        try {
            NativeLibrary.getInstance("ntdll").getFunction("wine_get_version");
            return true;
        } catch (UnsatisfiedLinkError notWine) {
            return false;
        }
    }
}
