package dev.counters.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs test code on a virtual thread. The tests compile for Java 17, where virtual threads do not
 * exist, so {@code Thread.ofVirtual()} is reached by reflection; on JDK 17-20 a test that needs
 * one is skipped with {@link #assumeAvailable()}. CI runs the suite on JDK 17 and on JDK 25.
 */
public final class VirtualThreadRunner {
    private VirtualThreadRunner() {}

    /** Whether this JVM has virtual threads (JDK 21+). */
    public static boolean available() {
        return Runtime.version().feature() >= 21;
    }

    /** Skips the calling test on a JVM without virtual threads. */
    public static void assumeAvailable() {
        Assumptions.assumeTrue(available(), "virtual threads need JDK 21+; this is " + Runtime.version());
    }

    /** Runs {@code body} on a new virtual thread, waits, and returns its result or rethrows what it threw. */
    public static <T> T call(Callable<T> body) throws Exception {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread thread = unstartedVirtualThread(() -> {
            try {
                result.set(body.call());
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        thread.start();
        thread.join();
        Throwable failure = thrown.get();
        if (failure instanceof Exception) {
            throw (Exception) failure;
        }
        if (failure instanceof Error) {
            throw (Error) failure;
        }
        return result.get();
    }

    /** Runs {@code body} on a new virtual thread and returns what it threw, or null. */
    public static Throwable thrownBy(ThrowingRunnable body) throws Exception {
        return call(() -> {
            try {
                body.run();
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
    }

    /** A body that may throw anything. */
    @FunctionalInterface
    public interface ThrowingRunnable {
        void run() throws Throwable;
    }

    private static Thread unstartedVirtualThread(Runnable task) {
        assumeAvailable();
        try {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            Method unstarted = Class.forName("java.lang.Thread$Builder").getMethod("unstarted", Runnable.class);
            return (Thread) unstarted.invoke(builder, task);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("Thread.ofVirtual().unstarted() threw", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this JDK " + Runtime.version() + " has no virtual threads", e);
        }
    }
}
