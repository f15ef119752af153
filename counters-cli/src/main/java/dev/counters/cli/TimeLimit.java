package dev.counters.cli;

import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.cli.report.HumanNumbers;
import dev.counters.cli.report.ShutdownHooks;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * {@code --timeout}: a limit on the whole of a command that runs a task. The command's work runs
 * on a platform thread of its own, and the command waits for it at most that long; when the limit
 * is reached, the work is interrupted and {@link #call} throws {@link Reached}, so that the command
 * can print what it measured so far before exiting with code 3. The thread is a daemon: a task
 * that ignores the interrupt ends with the JVM.
 *
 * <p>A signal that ends the JVM (SIGINT from Ctrl-C, SIGTERM) does the same: while the work runs, a
 * shutdown hook interrupts the command's thread, which prints what was measured, and waits (at most
 * {@link ReportOnSignal#GRACE}) until {@link Main} says the command has finished; the JVM then exits
 * with the signal's code, 130 or 143.
 */
final class TimeLimit {
    /** The default limit: far beyond a default run, short of a run that hangs unnoticed. */
    static final String DEFAULT = "600s";
    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = DEFAULT,
            converter = OptionConverters.DurationConverter.class,
            description = "Longest the whole command may run; when reached, what was measured so far is printed "
                    + "and the exit code is 3 (default: ${DEFAULT-VALUE}, at most 86400s).")
    Duration timeout = Duration.ofSeconds(600);

    Duration timeout() {
        return timeout;
    }

    /**
     * Runs {@code work} on a new platform thread named {@code name} and returns its result.
     *
     * @param where what the work is doing now, for the message when the limit is reached
     * @throws Reached if the limit passed first; the work has been interrupted
     */
    <T> T call(String name, Callable<T> work, Supplier<String> where) {
        return call(name, work, where, Duration.ZERO);
    }

    /**
     * As {@link #call(String, Callable, Supplier)}, but when the limit or a signal interrupts the
     * work, waits up to {@code grace} for it to end before throwing {@link Reached}: work that
     * answers an interrupt by returning what it has (a comparison across JVMs kills its running fork
     * and returns the forks that ended) gets to hand that over, for the report. {@code grace} must
     * leave a signal time to print the report within {@link ReportOnSignal#GRACE}. Such work returns
     * early when the JVM's shutdown kills its fork, too, which may come before this command's hook
     * interrupts the wait: what it returns (or throws) while a signal ends the JVM is reported as cut
     * short by the signal.
     */
    <T> T call(String name, Callable<T> work, Supplier<String> where, Duration grace) {
        FutureTask<T> future = new FutureTask<>(work);
        Thread worker = new Thread(future, name);
        worker.setDaemon(true);
        Thread command = Thread.currentThread();
        AtomicBoolean signalled = new AtomicBoolean();
        // The hook interrupts the command only while it waits for the work, never once it writes the report.
        AtomicBoolean waiting = new AtomicBoolean(true);
        Thread onSignal = new Thread(() -> {
            // A task's System.exit is ExitWatch's to report; only a signal interrupts the command for its report.
            if (!ExitWatch.someThreadCalledExit()) {
                synchronized (waiting) {
                    if (waiting.get()) {
                        signalled.set(true);
                        command.interrupt();
                    }
                }
                ReportOnSignal.awaitTheReport();
            }
        }, "counters measurement on signal");
        if (!ShutdownHooks.add(onSignal)) {
            ReportOnSignal.toldByTheCommand();
            throw new Reached("a signal (SIGINT or SIGTERM) ended the command before " + where.get()
                    + "; nothing was measured");
        }
        worker.start();
        try {
            T result = future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            if (!grace.isZero() && aSignalIsEndingTheJvm()) {
                throw endedBySignal(where.get());
            }
            return result;
        } catch (TimeoutException e) {
            String doing = where.get();
            worker.interrupt();
            awaitEnd(future, grace);
            throw new Reached("--timeout " + HumanNumbers.nanos(timeout.toNanos()) + " ended the command during "
                    + doing + "; the report above holds only what was measured before it (raise --timeout to "
                    + "let it finish)");
        } catch (InterruptedException e) {
            String doing = where.get();
            worker.interrupt();
            awaitEnd(future, grace);
            if (signalled.get()) {
                throw endedBySignal(doing);
            }
            Thread.currentThread().interrupt();
            throw new Reached("interrupted during " + doing + "; the report above holds what was measured");
        } catch (ExecutionException e) {
            if (aSignalIsEndingTheJvm()) {
                throw endedBySignal(where.get()); // what the work threw came of the signal: a fork killed with the JVM
            }
            throw rethrow(e.getCause());
        } finally {
            synchronized (waiting) {
                waiting.set(false);
            }
            if (signalled.get()) {
                Thread.interrupted(); // a signal after the work returned: the report is still to be written
            }
            ReportOnSignal.measurementEnded();
            ShutdownHooks.remove(onSignal);
        }
    }

    /**
     * Whether a signal is ending the JVM: work that ended while it did may have ended because of it
     * (the shutdown killed its fork) before this command's hook could interrupt the wait for it.
     */
    private static boolean aSignalIsEndingTheJvm() {
        return ShutdownHooks.shuttingDown() && !ExitWatch.someThreadCalledExit();
    }

    private static Reached endedBySignal(String doing) {
        ReportOnSignal.toldByTheCommand();
        return new Reached("a signal (SIGINT or SIGTERM) ended the command during " + doing
                + "; the report above holds only what was measured before it");
    }

    /** Waits up to {@code grace} for interrupted work to end; what it returned or threw is its own business. */
    private static void awaitEnd(FutureTask<?> future, Duration grace) {
        if (grace.isZero()) {
            return;
        }
        try {
            future.get(grace.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | java.util.concurrent.CancellationException ended) {
            // It failed or still runs: the report says what was kept before.
        }
    }

    /**
     * Creates one counter of each of {@code kinds} on the calling thread, the main thread, and drops
     * it, so that the first counter of the process, which binds the native layer (libraries and
     * classes: thousands of mallocs), is made here rather than on the thread of {@link #call}. glibc
     * gave the main thread its malloc arena at start-up, before the JVM reserved its heap; the
     * thread of {@code call} starts later and needs a new arena, 64 MB of address space, which a
     * tight {@code ulimit -v} may not leave. Its mallocs then take a mapping each, and a binding made
     * there used up the address space under limits at which {@code counters list} ran (issue 23,
     * item 10).
     *
     * @throws UnsupportedOperationException if a kind is served by no provider here, saying why
     */
    static void bindOnThisThread(CounterRegistry registry, CounterKind... kinds) {
        for (CounterKind kind : kinds) {
            registry.create(kind);
        }
    }

    private static RuntimeException rethrow(Throwable cause) {
        if (cause instanceof RuntimeException unchecked) {
            throw unchecked;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(cause);
    }

    /** The limit ended the command; the message says during what. Exit code 3. */
    static final class Reached extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Reached(String message) {
            super(message);
        }
    }
}
