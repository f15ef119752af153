package dev.counters.internal;

import dev.counters.CounterKind;

/**
 * The {@link IllegalStateException}s a counter throws when its calls come in the wrong order,
 * worded once so that every counter (and every wrapper that keeps its own state, such as
 * {@code counters-scope}'s {@code PausableCounter}) says the same thing and what to call first.
 */
public final class CounterMisuse {
    private static final String WHY_THREAD_BOUND = "a thread's CPU time can only be read on that thread";
    private static final String WHAT_TO_USE = "Call it on the thread that started the counter, or use one counter per "
            + "thread (a counter for each task, or a ThreadLocal); to time work handed from thread to thread, use "
            + "PERFORMANCE (wall time) or PROCESS_TIMES (the CPU time of all threads), which may be stopped on another thread";

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
     * A thread-bound counter of {@code kind} that {@code owner} started was {@code action}
     * ({@code "started again"}, {@code "stopped"}, {@code "restarted"}) on {@code current}: which
     * thread owns it, why another may not use it, and what to do instead.
     */
    public static IllegalStateException ownedByAnotherThread(String action, CounterKind kind, Thread owner, Thread current) {
        String alive = action.startsWith("started") ? ", which is still running," : "";
        return new IllegalStateException(String.format(
                "This %s counter was started on %s%s but %s on %s; %s. %s",
                kind, VirtualThreads.describeThread(owner), alive, action, VirtualThreads.describeThread(current),
                WHY_THREAD_BOUND, WHAT_TO_USE));
    }

    /**
     * {@code start()} on {@code current} while the interval of a counter of {@code kind} that
     * {@code starter} started is still running: what overlaps, and the two ways out.
     */
    public static IllegalStateException overlappingStart(CounterKind kind, Thread starter, Thread current) {
        return new IllegalStateException(String.format(
                "start() on %s, but this %s counter's interval started on %s, which is still alive, is still running: "
                        + "a second start() would move the start that interval measures from. Stop it first (stop() may "
                        + "come from any thread the counter was handed to, e.g. in a CompletableFuture's callback), then "
                        + "start() again; for intervals that overlap, use one counter each",
                VirtualThreads.describeThread(current), kind, VirtualThreads.describeThread(starter)));
    }

    /** Two threads, {@code winner} and {@code current}, took a counter of {@code kind} over at the same moment. */
    public static IllegalStateException startedAtOnce(CounterKind kind, Thread winner, Thread current) {
        return new IllegalStateException(String.format(
                "This %s counter was started on %s and on %s at the same moment: a counter is used by one thread at a "
                        + "time, each call happening before the next (hand it over through a CompletableFuture, an "
                        + "executor or a lock); for intervals that overlap, use one counter each",
                kind, VirtualThreads.describeThread(winner), VirtualThreads.describeThread(current)));
    }

    /**
     * {@code call} ({@code "resume()"}) on a thread-bound counter of {@code kind} came from another
     * thread than {@code owner}, which started it: a thread's CPU time can be read on that thread only.
     */
    public static IllegalStateException calledOnAnotherThread(String call, CounterKind kind, Thread owner) {
        return new IllegalStateException(String.format(
                "%s called on thread '%s', but this %s counter was started on thread '%s'; %s. %s",
                call, Thread.currentThread().getName(), kind, owner.getName(), WHY_THREAD_BOUND, WHAT_TO_USE));
    }

}
