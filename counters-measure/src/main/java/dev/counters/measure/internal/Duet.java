package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import com.google.common.base.Throwables;
import com.google.common.collect.ImmutableList;
import dev.counters.Counter;
import dev.counters.CpuTimesCounter;
import dev.counters.internal.ThreadControl;
import dev.counters.measure.PreparationStep;
import dev.counters.measure.Task;
import dev.counters.measure.TaskFailedException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The two worker threads of {@link CompareTerms.Order#DUET}: each pinned to a CPU of its own where the
 * platform allows, each timing with counters it created itself (a thread-CPU counter is bound to
 * its creator) through a {@link Pass} of its own. {@link #run} gives worker 1 one task and worker 2
 * the other and releases both at once: each waits at a spin barrier until the other has arrived,
 * so their runs start within the time a cache line takes to cross between the CPUs.
 *
 * <p>Between pairs the workers block, so that the calling thread has a CPU for its bookkeeping
 * and the noise probe; {@link #close()} ends and joins them. Used by the calling thread only.
 */
public final class Duet implements Pairing, AutoCloseable {
    /** Empty passes each worker makes through its own counters before the first pair, untimed. */
    public static final int WORKER_WARM_UP_PASSES = 100;
    private static final Task EMPTY = () -> null;

    private final Worker[] workers = new Worker[2];
    /** The spin barrier: each worker adds one per pair it is released for. */
    private final AtomicInteger arrived = new AtomicInteger();
    /** Released once by each worker when it is ready, and once per pair when its run is done. */
    private final Semaphore done = new Semaphore(0);
    /** Set by {@link #close()}: the workers are to end. */
    private volatile boolean stopping;
    private int generation;
    private final List<PreparationStep> steps = new ArrayList<>();

    private Duet() {}

    /**
     * Starts the two workers, one after the other, each creating its counters with {@code wall}
     * and {@code cpu} and feeding task results to {@code sink} (a {@link Sink} is safe to share);
     * each is pinned with {@code control} to one of the last two CPUs the calling thread may use,
     * or, where that cannot be done, told why in its {@link #steps()}.
     *
     * @param unavailableReason why {@code control} is empty
     * @throws RuntimeException whatever creating a worker's counters threw; no worker is left running
     */
    public static Duet start(Supplier<? extends Counter> wall, Supplier<? extends CpuTimesCounter> cpu, Sink sink,
            Optional<ThreadControl> control, String unavailableReason) {
        Duet duet = new Duet();
        int[] cpus = {-1, -1};
        String notPinned = control.isEmpty() ? unavailableReason : twoCpus(control.get(), cpus);
        try {
            for (int i = 0; i < duet.workers.length; i++) {
                Worker worker = duet.new Worker(i + 1, wall, cpu, sink,
                        notPinned == null ? control : Optional.empty(), notPinned, cpus[i]);
                duet.workers[i] = worker;
                worker.thread.start();
                duet.done.acquireUninterruptibly();
                duet.rethrowFailure();
                for (PreparationStep step : worker.prepared) {
                    duet.steps.add(new PreparationStep(step.action() + " worker " + worker.number, step.applied(),
                            step.description()));
                }
            }
        } catch (RuntimeException | Error e) {
            duet.close();
            throw e;
        }
        return duet;
    }

    /**
     * The last two CPUs the calling thread may use (CPU 0 usually takes more interrupts; the list
     * is ascending), written into {@code cpus}; or why not.
     */
    static String twoCpus(ThreadControl control, int[] cpus) {
        int[] allowed;
        try {
            allowed = control.allowedCpus();
        } catch (RuntimeException e) {
            return "cannot read the CPUs this thread may use (" + e.getMessage() + ")";
        }
        if (allowed.length < 2) {
            return "the calling thread may use CPU(s) " + Arrays.toString(allowed) + " only, and two workers need two";
        }
        cpus[0] = allowed[allowed.length - 2];
        cpus[1] = allowed[allowed.length - 1];
        return null;
    }

    /** How each worker was pinned, or why not: {@code "pin worker 1: pinned to CPU 0 (was 0-1)"}. */
    public List<PreparationStep> steps() {
        return ImmutableList.copyOf(steps);
    }

    /**
     * Worker 1 runs {@code first} while worker 2 runs {@code second}, released together; returns
     * when both are done. An interrupt of the calling thread meanwhile is passed on to both workers,
     * as a task running on the calling thread would see it, and is left set.
     *
     * @throws TaskFailedException if a task threw (any exception),
     *     after both runs have ended
     */
    @Override
    public void run(Task first, String firstPhase, Task second, String secondPhase, int index, double[] into) {
        generation++;
        workers[0].assign(first, firstPhase, index, generation);
        workers[1].assign(second, secondPhase, index, generation);
        workers[0].go.release();
        workers[1].go.release();
        awaitBoth();
        rethrowFailure();
        into[FIRST_WALL] = workers[0].wallNanos;
        into[FIRST_CPU] = workers[0].cpuNanos;
        into[SECOND_WALL] = workers[1].wallNanos;
        into[SECOND_CPU] = workers[1].cpuNanos;
        // Both runs share the process at once: its CPU time cannot be split between them.
        into[FIRST_PROCESS] = Double.NaN;
        into[SECOND_PROCESS] = Double.NaN;
        into[FIRST_GC] = Double.NaN;
        into[SECOND_GC] = Double.NaN;
    }

    private void awaitBoth() {
        try {
            done.acquire(2);
        } catch (InterruptedException e) {
            for (Worker worker : workers) {
                worker.thread.interrupt();
            }
            done.acquireUninterruptibly(2);
            Thread.currentThread().interrupt();
        }
    }

    /** Throws the first failure of a worker, the other's added as suppressed. */
    private void rethrowFailure() {
        Throwable failure = null;
        for (Worker worker : workers) {
            if (worker != null && worker.failure != null) {
                if (failure == null) {
                    failure = worker.failure;
                } else if (worker.failure != failure) {
                    failure.addSuppressed(worker.failure);
                }
            }
        }
        if (failure != null) {
            Throwables.throwIfUnchecked(failure);
            throw new IllegalStateException(failure);
        }
    }

    /** Ends both workers and waits until they have; an interrupt meanwhile is left set. */
    @Override
    public void close() {
        stopping = true;
        boolean interrupted = false;
        for (Worker worker : workers) {
            if (worker == null) {
                continue;
            }
            worker.go.release();
            while (worker.thread.isAlive()) {
                try {
                    worker.thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** One worker: pins itself, creates its counters, then runs what it is given, one run per release. */
    private final class Worker implements Runnable {
        final int number;
        final Thread thread;
        final Semaphore go = new Semaphore(0);
        private final Supplier<? extends Counter> wall;
        private final Supplier<? extends CpuTimesCounter> cpu;
        private final Sink sink;
        private final Optional<ThreadControl> control;
        private final String notPinned;
        private final int pinTo;
        /** Set by the worker before it is ready. */
        List<PreparationStep> prepared = List.of();
        /** Set by the calling thread before each release. */
        private Task task;
        private String phase;
        private int index;
        private int pair;
        /** Set by the worker before it releases {@link #done}. */
        double wallNanos;
        double cpuNanos;
        volatile Throwable failure;

        Worker(int number, Supplier<? extends Counter> wall, Supplier<? extends CpuTimesCounter> cpu, Sink sink,
                Optional<ThreadControl> control, String notPinned, int pinTo) {
            this.number = number;
            this.wall = requireNonNull(wall, "wall");
            this.cpu = requireNonNull(cpu, "cpu");
            this.sink = requireNonNull(sink, "sink");
            this.control = control;
            this.notPinned = notPinned;
            this.pinTo = pinTo;
            this.thread = new Thread(this, "counters duet worker " + number);
            thread.setDaemon(true);
        }

        void assign(Task task, String phase, int index, int pair) {
            this.task = task;
            this.phase = phase;
            this.index = index;
            this.pair = pair;
        }

        @Override
        public void run() {
            try {
                // The pinning ends with this thread: nothing to restore.
                prepared = PreparedThread.prepare(control, notPinned, true, pinTo, false).steps();
                Pass pass = new Pass(wall.get(), cpu.get(), sink);
                for (int i = 0; i < WORKER_WARM_UP_PASSES; i++) {
                    pass.once(EMPTY, "worker " + number + " start", i);
                }
                done.release();
                while (true) {
                    go.acquireUninterruptibly();
                    if (stopping) {
                        return;
                    }
                    barrier(pair);
                    double[] figures = pass.once(task, phase, index);
                    wallNanos = figures[Pass.WALL];
                    cpuNanos = figures[Pass.CPU];
                    done.release();
                }
            } catch (RuntimeException | Error e) {
                failure = e;
                // Had it failed before the barrier, the other worker would spin there for ever: arrive for it.
                arrived.incrementAndGet();
                done.release();
            }
        }

        /** Arrives at the barrier of pair {@code n} and spins until the other worker has too. */
        private void barrier(int n) {
            arrived.incrementAndGet();
            while (arrived.get() < 2 * n) {
                Thread.onSpinWait();
            }
        }
    }
}
