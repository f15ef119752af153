package dev.counters.cli;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a SIGINT or SIGTERM from cutting a report short, at any moment of a command. A signal ends
 * the JVM through its shutdown hooks; without one that waits, the JVM halts at once, and a report
 * being rendered or written (the last fork had ended, the figures were in hand) is lost with nothing
 * said. {@link #watch} installs, for the whole command, a hook that waits up to {@link #GRACE} for
 * {@link Main} to say the command has written everything ({@link #commandFinished}); {@link TimeLimit}
 * adds its own, which interrupts the measurement first.
 *
 * <p>The exit code stays the signal's (130, 143): once the JVM is shutting down, {@link Main} does not
 * call {@code System.exit} with the command's own code, which could race the signal's halt, but
 * waits for that halt ({@link #awaitTheHalt}).
 */
final class ReportOnSignal {
    /** How long a signal waits for the command to print what it measured before the JVM ends anyway. */
    static final Duration GRACE = Duration.ofSeconds(5);

    private static final CountDownLatch FINISHED = new CountDownLatch(1);
    private static volatile boolean toldByTheCommand;

    private ReportOnSignal() {}

    /** Installs the whole command's hook; called by {@link Main} before the command runs. */
    static void watch() {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            // A task's System.exit is ExitWatch's to report; Main's own exit comes after commandFinished.
            if (!ExitWatch.someThreadCalledExit()) {
                awaitTheReport();
            }
        }, "counters report on signal"));
    }

    /** Says that the command itself reported the signal (what it was doing, what the report holds). */
    static void toldByTheCommand() {
        toldByTheCommand = true;
    }

    /** Whether a signal came and the command did not say so: it came after the measurement, the report is whole. */
    static boolean cameUntold() {
        return !toldByTheCommand && shuttingDown();
    }

    /**
     * Says that the command has written everything it will (its report, its messages): the hooks
     * waiting for that let the JVM end.
     */
    static void commandFinished() {
        FINISHED.countDown();
    }

    /** Whether the JVM is shutting down: a signal came (the command's own exit is yet to be called). */
    static boolean shuttingDown() {
        Thread probe = new Thread(() -> {});
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException shutdownInProgress) {
            return true;
        }
    }

    /** Blocks until the signal's shutdown halts the JVM with the signal's exit code. */
    static void awaitTheHalt() {
        while (true) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                // Only the halt ends this thread.
            }
        }
    }

    static void awaitTheReport() {
        try {
            FINISHED.await(GRACE.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
