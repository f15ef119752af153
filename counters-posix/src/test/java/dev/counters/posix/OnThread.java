package dev.counters.posix;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/** Runs test code on a fresh thread, whose CPU accounting starts near zero, and hands back its result or failure. */
final class OnThread {
    private OnThread() {}

    static <T> T call(String name, Callable<T> body) throws Exception {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            try {
                result.set(body.call());
            } catch (Throwable e) {
                failure.set(e);
            }
        }, name);
        thread.start();
        thread.join();
        if (failure.get() instanceof Exception) {
            throw (Exception) failure.get();
        }
        if (failure.get() instanceof Error) {
            throw (Error) failure.get();
        }
        return result.get();
    }

    static void run(String name, ThrowingRunnable body) throws Exception {
        call(name, () -> {
            body.run();
            return null;
        });
    }

    @FunctionalInterface
    interface ThrowingRunnable {
        void run() throws Exception;
    }
}
