package dev.counters.cli.report;

/**
 * Shutdown hooks that a signal may already have made impossible to add: {@link Runtime#addShutdownHook}
 * throws once the JVM is shutting down, and a command that a signal let finish its report (its
 * chart, its font cache) must not fail on that.
 */
public final class ShutdownHooks {
    private ShutdownHooks() {}

    /** Adds {@code hook}; false, and nothing added, if the JVM is already shutting down. */
    public static boolean add(Thread hook) {
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            return true;
        } catch (IllegalStateException shuttingDown) {
            return false;
        }
    }

    /** Removes {@code hook} if it can: once the JVM is shutting down, the hook runs (or never was added). */
    public static void remove(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Nothing left to undo.
        }
    }

    /** Whether the JVM is shutting down: a signal came, or some thread called {@code System.exit}. */
    public static boolean shuttingDown() {
        Thread probe = new Thread(() -> {});
        if (!add(probe)) {
            return true;
        }
        remove(probe);
        return false;
    }
}
