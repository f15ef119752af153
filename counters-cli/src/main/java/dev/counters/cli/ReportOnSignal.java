package dev.counters.cli;

import dev.counters.cli.report.ShutdownHooks;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a SIGINT or SIGTERM from cutting a report short. A signal ends the JVM through its shutdown
 * hooks; without one that waits, the JVM halts at once, and a report being rendered or written (the
 * last fork had ended, the figures were in hand) is lost with nothing said. While a measurement runs,
 * {@link TimeLimit}'s hook interrupts it and waits; once it has ended ({@link #measurementEnded}), the
 * hook that {@link #watch} installs for the whole command waits, up to {@link #GRACE}, for
 * {@link Main} to say the command has written everything ({@link #commandFinished}). Before any
 * measurement, and in commands that measure no task ({@code cost}, {@code list}), a signal ends the
 * JVM at once, as it always did.
 *
 * <p>The exit code stays the signal's (130, 143): once the JVM is shutting down, {@link Main} does not
 * call {@code System.exit} with the command's own code, which on JDK 17 could race the signal's halt
 * and win, but waits for that halt ({@link #awaitTheHalt}).
 */
final class ReportOnSignal {
    /** How long a signal waits for the command to print what it measured before the JVM ends anyway. */
    static final Duration GRACE = Duration.ofSeconds(5);

    private static final CountDownLatch FINISHED = new CountDownLatch(1);
    private static volatile boolean measurementEnded;
    private static volatile boolean toldByTheCommand;

    private ReportOnSignal() {}

    /** Installs the whole command's hook; called by {@link Main} before the command runs. */
    static void watch() {
        ShutdownHooks.add(new Thread(() -> {
            // A task's System.exit is ExitWatch's to report; Main's own exit comes after commandFinished.
            if (measurementEnded && !ExitWatch.someThreadCalledExit()) {
                awaitTheReport();
            }
        }, "counters report on signal"));
    }

    /** Says that a measurement has ended and its report is next: from now on a signal waits for it. */
    static void measurementEnded() {
        measurementEnded = true;
    }

    /** Says that the command itself reported the signal (what it was doing, what the report holds). */
    static void toldByTheCommand() {
        toldByTheCommand = true;
    }

    /** Whether a signal came and the command did not say so: it came after the measurement. */
    static boolean cameUntold() {
        return !toldByTheCommand && ShutdownHooks.shuttingDown();
    }

    /**
     * Says that the command has written everything it will (its report, its messages): the hooks
     * waiting for that let the JVM end.
     */
    static void commandFinished() {
        FINISHED.countDown();
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
