package dev.counters.internal;

import dev.counters.CounterKind;

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

    /**
     * {@code call} ({@code "resume()"}) on a counter of thread-bound {@code kind} came from another
     * thread than {@code owner}, which started it: a thread's CPU time can be read on that thread only.
     */
    public static IllegalStateException calledOnAnotherThread(String call, CounterKind kind, Thread owner) {
        return new IllegalStateException(String.format(
                "%s called on thread '%s', but this %s counter was started on thread '%s'; a thread's CPU time can "
                        + "only be read on that thread: use one counter per thread",
                call, Thread.currentThread().getName(), kind, owner.getName()));
    }
}
