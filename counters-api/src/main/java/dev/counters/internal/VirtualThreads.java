package dev.counters.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterKind;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * What a thread-bound counter must know about virtual threads (JDK 21+), on every JDK from 17 up.
 *
 * <p>A virtual thread has no CPU clock of its own: it runs on carrier threads, and changes
 * carrier whenever it blocks. {@code clock_gettime(CLOCK_THREAD_CPUTIME_ID)},
 * {@code getrusage(RUSAGE_THREAD)}, {@code GetThreadTimes}, {@code QueryThreadCycleTime} and a
 * {@code perf_event} all count the carrier; {@code ThreadMXBean} returns -1. So the thread-bound
 * kinds ({@link CounterKind#isThreadBound()}) refuse to start on a virtual thread, with
 * {@link #refusal}, instead of returning a carrier's figure.
 *
 * <p>The check is decided per call by the current thread, never by which thread first loaded a
 * provider. On JDK 17, where {@code Thread.isVirtual()} does not exist, no thread is virtual. The
 * method is looked up once; a check costs a constant-folded method-handle call and allocates nothing.
 */
public final class VirtualThreads {
    private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

    private VirtualThreads() {}

    /** Whether {@code thread} is a virtual thread; always false before JDK 21. */
    public static boolean isVirtual(Thread thread) {
        requireNonNull(thread, "thread");
        try {
            return (boolean) IS_VIRTUAL.invokeExact(thread);
        } catch (Throwable impossible) {
            throw new AssertionError("Thread.isVirtual() threw", impossible);
        }
    }

    /** Whether the calling thread is a virtual thread. */
    public static boolean isCurrentThreadVirtual() {
        return isVirtual(Thread.currentThread());
    }

    /**
     * The exception a thread-bound counter of {@code kind} throws on the virtual thread
     * {@code thread}: what is wrong, why, and what to use instead.
     */
    public static IllegalStateException refusal(CounterKind kind, Thread thread) {
        return new IllegalStateException(kind + " cannot measure virtual thread " + describe(thread)
                + ": a virtual thread has no CPU clock of its own. It runs on carrier threads that change whenever it "
                + "blocks, so any CPU figure read here would be a carrier thread's. Measure on a platform thread "
                + "(new Thread(...), Thread.ofPlatform(), a fixed thread pool), use PROCESS_TIMES for the CPU time of "
                + "the whole process, or a wall-clock kind (PERFORMANCE) for elapsed time");
    }

    /**
     * {@code thread} as a message names it, so that even an unnamed thread can be told apart:
     * {@code thread 'main'}, {@code thread #12} (a platform thread without a name),
     * {@code virtual thread #23} (virtual threads have no name unless given one) or
     * {@code virtual thread 'fetcher' (#23)}.
     */
    @SuppressWarnings("deprecation") // Thread.getId(): threadId() exists from JDK 19 on only
    public static String describeThread(Thread thread) {
        requireNonNull(thread, "thread");
        String kind = isVirtual(thread) ? "virtual thread" : "thread";
        String name = thread.getName();
        if (name.isEmpty()) {
            return kind + " #" + thread.getId();
        }
        return kind + " '" + name + "'" + (isVirtual(thread) ? " (#" + thread.getId() + ")" : "");
    }

    /**
     * Runs {@code work} on the calling thread if it is a platform thread, and otherwise on a new
     * platform thread, waiting for it. For one-off work that reads the calling thread's CPU clock
     * (a resolution probe, a check that two paths read the same clock) and may be asked for on a
     * virtual thread. A {@link RuntimeException} or {@link Error} thrown by {@code work} is rethrown.
     */
    public static <T> T onPlatformThread(Supplier<T> work) {
        requireNonNull(work, "work");
        return isCurrentThreadVirtual() ? onNewPlatformThread(work) : work.get();
    }

    /** Runs {@code work} on a new platform thread and waits for it, keeping the caller's interrupt status. */
    static <T> T onNewPlatformThread(Supplier<T> work) {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread platform = new Thread(() -> {
            try {
                result.set(work.get());
            } catch (RuntimeException | Error e) {
                failure.set(e);
            }
        }, "counters-platform-probe");
        platform.setDaemon(true);
        platform.start();
        boolean interrupted = false;
        while (true) {
            try {
                platform.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable thrown = failure.get();
        if (thrown instanceof RuntimeException) {
            throw (RuntimeException) thrown;
        }
        if (thrown instanceof Error) {
            throw (Error) thrown;
        }
        return result.get();
    }

    private static String describe(Thread thread) {
        String name = thread.getName();
        return (name.isEmpty() ? "" : "'" + name + "' ") + "(" + thread + ")";
    }

    private static MethodHandle isVirtualHandle() {
        MethodType predicate = MethodType.methodType(boolean.class);
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", predicate);
        } catch (NoSuchMethodException | IllegalAccessException beforeJdk21) {
            return MethodHandles.dropArguments(MethodHandles.constant(boolean.class, false), 0, Thread.class);
        }
    }
}
