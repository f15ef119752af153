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
     * A counter of {@code kind} that {@code owner} started was {@code action} ({@code "started again"},
     * {@code "stopped"}, {@code "restarted"}) on {@code current}: which thread owns it, why another
     * may not use it, and what to do instead.
     */
    public static IllegalStateException ownedByAnotherThread(String action, CounterKind kind, Thread owner, Thread current) {
        String why = whyOneThread(kind);
        String alive = action.startsWith("started") ? ", which is still running," : "";
        return new IllegalStateException(String.format(
                "This %s counter was started on %s%s but %s on %s; %s. Use one counter per thread (a counter for each "
                        + "task, or a ThreadLocal), or start a counter again on another thread only once the thread that "
                        + "used it has ended",
                kind, VirtualThreads.describeThread(owner), alive, action, VirtualThreads.describeThread(current), why));
    }

    /**
     * {@code call} ({@code "resume()"}) on a counter of {@code kind} came from another thread than
     * {@code owner}, which started it: a thread's CPU time can be read on that thread only, and any
     * counter is confined to one thread.
     */
    public static IllegalStateException calledOnAnotherThread(String call, CounterKind kind, Thread owner) {
        return new IllegalStateException(String.format(
                "%s called on thread '%s', but this %s counter was started on thread '%s'; %s: use one counter per thread",
                call, Thread.currentThread().getName(), kind, owner.getName(), whyOneThread(kind)));
    }

    private static String whyOneThread(CounterKind kind) {
        return kind.isThreadBound()
                ? "a thread's CPU time can only be read on that thread"
                : "a counter is confined to one thread: its start and end are plain fields, so a call from another "
                        + "thread would mix two intervals";
    }
}
