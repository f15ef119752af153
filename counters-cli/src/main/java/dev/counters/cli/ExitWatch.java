package dev.counters.cli;

import java.io.PrintWriter;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Reports a {@code --task} that calls {@code System.exit}, which would otherwise end the command
 * silently with the task's status. The JDK can no longer refuse an exit ({@code SecurityManager} is
 * disabled from JDK 18 on), so this is a shutdown hook: while it is open, an exit called by any
 * thread but the command's own prints which run the task was in and halts with exit code 2. A
 * shutdown for another reason (Ctrl-C, a signal) is not reported, since no thread is then in
 * {@code Runtime.exit}.
 */
final class ExitWatch implements AutoCloseable {
    private final Thread hook;

    private ExitWatch(Thread hook) {
        this.hook = hook;
    }

    /**
     * Watches for an exit while the task named {@code taskName} runs.
     *
     * @param where which run the task is in, for the message
     * @param err where the message goes
     * @param prefix the command's name, e.g. {@code "counters measure: "}
     */
    static ExitWatch open(String taskName, Supplier<String> where, PrintWriter err, String prefix) {
        return open(() -> taskName, where, err, prefix);
    }

    /** As {@link #open(String, Supplier, PrintWriter, String)}, for tasks run one after another (a suite): which runs now. */
    static ExitWatch open(Supplier<String> taskName, Supplier<String> where, PrintWriter err, String prefix) {
        Thread commandThread = Thread.currentThread();
        Thread hook = new Thread(() -> {
            if (anotherThreadCalledExit(commandThread)) {
                err.println(prefix + "the task " + taskName.get() + " called System.exit during " + where.get()
                        + "; a task must return (or throw) for its runs to be measured");
                err.flush();
                Runtime.getRuntime().halt(CountersCommand.EXIT_USAGE);
            }
        }, "counters exit watch");
        Runtime.getRuntime().addShutdownHook(hook);
        return new ExitWatch(hook);
    }

    /**
     * Whether some thread is in {@code Runtime.exit}: the JVM is ending because code called
     * {@code System.exit}, not because of a signal (which ends it through {@code Shutdown} alone).
     */
    static boolean someThreadCalledExit() {
        return anotherThreadCalledExit(null);
    }

    private static boolean anotherThreadCalledExit(Thread commandThread) {
        for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
            if (thread.getKey() != commandThread && isInExit(thread.getValue())) {
                return true;
            }
        }
        return false;
    }

    private static boolean isInExit(StackTraceElement[] stack) {
        for (StackTraceElement frame : stack) {
            if (frame.getClassName().equals("java.lang.Runtime") && frame.getMethodName().equals("exit")) {
                return true;
            }
        }
        return false;
    }

    /** Stops watching: exits from now on are the command's own. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is already exiting; the hook decides for itself.
        }
    }
}
