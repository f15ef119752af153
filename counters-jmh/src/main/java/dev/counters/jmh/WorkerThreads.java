package dev.counters.jmh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * JMH's worker threads of one benchmark, found by the names JMH gives them:
 * {@code <benchmark>-jmh-worker-<n>}, made by a fixed pool that JMH creates per benchmark and
 * starts lazily, on the first iteration. Virtual-thread workers ({@code -Djmh.executor=VIRTUAL})
 * are not listed: they have no CPU clock of their own.
 */
final class WorkerThreads {
    private WorkerThreads() {}

    /** The name prefix of {@code benchmark}'s workers. */
    static String prefix(String benchmark) {
        return benchmark + "-jmh-worker-";
    }

    /** The live platform threads whose names start with {@code prefix}. */
    static List<Thread> named(String prefix) {
        List<Thread> workers = new ArrayList<>();
        for (Thread thread : allThreads()) {
            if (thread != null && thread.isAlive() && thread.getName().startsWith(prefix)) {
                workers.add(thread);
            }
        }
        return workers;
    }

    private static Thread[] allThreads() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] threads = new Thread[root.activeCount() + 16];
        int count;
        while ((count = root.enumerate(threads, true)) == threads.length) {
            threads = new Thread[threads.length * 2];
        }
        return Arrays.copyOf(threads, count);
    }
}
