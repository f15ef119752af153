package dev.counters.toolkit;

/**
 * The {@link IllegalStateException}s a counter throws when its calls come in the wrong order,
 * worded once so that every counter (and every wrapper that keeps its own state, such as
 * {@code counters-scope}'s {@code PausableCounter}) says the same thing and what to call first.
 */
public final class CounterMisuse {
    private CounterMisuse() {}

    /** {@code call} ({@code "stop()"}, {@code "pause()"}) came before any {@code start()}. */
    public static IllegalStateException calledBeforeStart(String call) {
        return new IllegalStateException(call + " called before start(): call start() first");
    }

    /** {@code restartFromStop()} on a counter that is not stopped. */
    public static IllegalStateException restartNeedsStop() {
        return new IllegalStateException("restartFromStop() needs a stopped counter: call start() and stop() first");
    }

    /** A reading asked for before a {@code start()}/{@code stop()} pair completed; {@code started} says which is missing. */
    public static IllegalStateException notReadable(boolean started) {
        return new IllegalStateException(started
                ? "The counter is running: call stop() before reading it"
                : "Nothing to read yet: call start() and then stop() before reading the counter");
    }
}
