package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CpuTimesCounter;
import dev.counters.measure.Task;
import dev.counters.measure.TaskFailedException;

/**
 * One measured run of a task: the wall counter outside, the thread-CPU counter inside, so each
 * repetition's wall, CPU, user and kernel figures come from the same pass. {@code Measure} times
 * every calibration pass and repetition through it; anything else that times runs this way (the
 * {@code counters isolation} command) uses it too, so there is one measuring loop.
 */
public final class Pass {
    /** The index of the wall nanoseconds in {@link #once}'s figures. */
    public static final int WALL = 0;
    /** The index of the thread's CPU nanoseconds. */
    public static final int CPU = 1;
    /** The index of the thread's user nanoseconds (0 without a kernel/user split). */
    public static final int USER = 2;
    /** The index of the thread's kernel nanoseconds (0 without a kernel/user split). */
    public static final int KERNEL = 3;
    /** How many figures a pass gives. */
    public static final int SERIES = 4;

    private final Counter wall;
    private final CpuTimesCounter cpu;
    private final Sink sink;
    private final boolean split;
    private final double[] sample = new double[SERIES];

    /** A pass timing with {@code wall} and {@code cpu}, each task result going to a {@link Sink} of its own. */
    public static Pass of(Counter wall, CpuTimesCounter cpu) {
        return new Pass(wall, cpu, new Sink());
    }

    public Pass(Counter wall, CpuTimesCounter cpu, Sink sink) {
        this.wall = requireMonotonic(wall);
        this.cpu = requireNonNull(cpu, "thread counter");
        this.sink = requireNonNull(sink, "sink");
        this.split = cpu.getInfo().hasKernelUserSplit();
    }

    /**
     * Returns {@code wall} if it is {@linkplain CounterInfo#isMonotonic() monotonic}.
     * A clock that can be stepped (the time of day) would put the step into a sample: a step back
     * gives a negative sample and a negative mean, a step forward an outlier, and nothing in the
     * figures would tell. {@code Measure} and {@code Compare} time through a pass, so both refuse
     * such a counter here, before anything runs.
     *
     * @throws IllegalArgumentException if {@code wall} is not monotonic
     */
    static Counter requireMonotonic(Counter wall) {
        requireNonNull(wall, "wall counter");
        CounterInfo info = wall.getInfo();
        if (!info.isMonotonic()) {
            throw new IllegalArgumentException("The wall counter must be monotonic, but " + info.kind() + " (" + info.source()
                    + ") is not: the clock can be stepped back or forward while a task runs, giving a negative or "
                    + "inflated sample. Time with Counters.performance() (the default) or another monotonic kind");
        }
        return wall;
    }

    /**
     * Runs {@code task} {@code count} times, storing the figures of run {@code i} in
     * {@code series[WALL][i]}, {@code series[CPU][i]}, ..., and calling {@code between} after each
     * run, outside the timed region. Calibration and repetitions both go through this one loop, so
     * the JIT compiles the same code for the overhead and the measurement.
     */
    public void record(Task task, double[][] series, int count, String phase, Runnable between) {
        for (int i = 0; i < count; i++) {
            double[] figures = once(task, phase, i);
            for (int s = 0; s < SERIES; s++) {
                series[s][i] = figures[s];
            }
            between.run();
        }
    }

    /**
     * Runs {@code task} once; returns wall, CPU, user and kernel nanoseconds at {@link #WALL} ...
     * {@link #KERNEL} (a reused array: copy before the next call).
     *
     * @throws TaskFailedException naming {@code phase} and run {@code index + 1} if the task throws any exception,
     *     overflows its stack, fails an assertion or cannot link a class
     */
    public double[] once(Task task, String phase, int index) {
        Object result;
        wall.start();
        cpu.start();
        try {
            result = task.run();
        } catch (Exception | StackOverflowError | AssertionError | LinkageError e) {
            throw new TaskFailedException(phase + " " + (index + 1), e);
        }
        cpu.stop();
        wall.stop();
        sink.consume(result);
        sample[WALL] = wall.getNanoseconds();
        sample[CPU] = cpu.getNanoseconds();
        if (split) {
            sample[USER] = cpu.getUserNanoseconds();
            sample[KERNEL] = cpu.getKernelNanoseconds();
        }
        return sample;
    }

    /**
     * Runs {@code task} once, untimed, its result fed to the sink: the re-warming run that restores
     * a task's caches and branch history before its timed run, after something else ran.
     *
     * @throws TaskFailedException naming the re-warming run of {@code phase} and run {@code index + 1}
     *     if the task throws any exception, overflows its stack, fails an assertion or cannot link a class (the name is built only then: nothing is
     *     allocated between runs)
     */
    public void untimed(Task task, String phase, int index) {
        try {
            sink.consume(task.run());
        } catch (Exception | StackOverflowError | AssertionError | LinkageError e) {
            throw new TaskFailedException("re-warming " + phase + " " + (index + 1), e);
        }
    }

    public boolean hasSplit() {
        return split;
    }

    public String describeCounters() {
        return "wall " + describe(wall) + ", thread CPU " + describe(cpu);
    }

    private static String describe(Counter counter) {
        try {
            return counter.getInfo().source() + " (" + counter.getInfo().provider() + ", " + counter.getInfo().binding() + ")";
        } catch (RuntimeException e) {
            return counter.getClass().getSimpleName();
        }
    }
}
