package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import com.google.common.math.Quantiles;
import dev.counters.Counter;
import dev.counters.CpuTimesCounter;
import dev.counters.measure.MachineLoad;
import dev.counters.measure.NoiseReport;
import dev.counters.measure.Statistics;
import dev.counters.measure.internal.stats.Preemptions;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * Collects a {@link NoiseReport} around a run: {@link #start} reads the context switches and CPU
 * ticks, {@link #sample} times the fixed reference loop once and reads the run queue (call it
 * between runs, never inside one), {@link #finish} reads them again and summarises. Used on one
 * thread, the measuring one.
 */
public final class NoiseProbe {
    /** The reference loop's work: {@link SpinWorkload} steps, about 0.2 ms on a 3 GHz core. */
    static final long REFERENCE_STEPS = 100_000;
    /** Untimed loops before the first timing, so the JIT has compiled it. */
    static final int WARM_UP_LOOPS = 30;

    private final Counter wall;
    private final CpuTimesCounter cpu;
    private final ProcReadings.TextSource files;
    private final LongSupplier nanoClock;
    private long startNanos;
    private double[] runnable = new double[64];
    private int runnableCount;
    private String runnableUnavailable;
    private final Sink sink = new Sink();
    private double[] wallSamples = new double[64];
    private double[] cpuSamples = new double[64];
    private int count;
    private long[] switchesAtStart;
    private long[] schedAtStart;
    private double runnableShare = Double.NaN;
    private String switchesUnavailable;
    private long[] ticksAtStart;
    private String stealUnavailable;
    /** This process's CPU ticks at the start (all threads), or -1 where {@code /proc/self/stat} cannot be read. */
    private long ownTicksAtStart = -1;
    private long seed = 0x9E3779B97F4A7C15L;
    /** Read at the start: a thread pinned later sees one CPU in {@code availableProcessors()}, the machine has more. */
    private int cpus;
    private OwnThreads ownThreads;

    private NoiseProbe(Counter wall, CpuTimesCounter cpu, ProcReadings.TextSource files, LongSupplier nanoClock) {
        this.wall = requireNonNull(wall, "wall");
        this.cpu = requireNonNull(cpu, "cpu");
        this.files = requireNonNull(files, "files");
        this.nanoClock = requireNonNull(nanoClock, "nanoClock");
    }

    /**
     * Warms the reference loop up and takes the starting readings, on the calling (measuring)
     * thread, before it is pinned: the CPU count is read here.
     */
    public static NoiseProbe start(Counter wall, CpuTimesCounter cpu) {
        return start(wall, cpu, ProcReadings.FILE_SYSTEM);
    }

    public static NoiseProbe start(Counter wall, CpuTimesCounter cpu, ProcReadings.TextSource files) {
        return start(wall, cpu, files, System::nanoTime);
    }

    /**
     * As {@link #start(Counter, CpuTimesCounter)}, reading {@code files} and timing the whole run on
     * {@code nanoClock}. This JVM's own runnable threads are read from {@code /proc/self/task} when
     * {@code files} is the real file system; fixed text stands for a machine on which the measuring
     * thread is this JVM's only runnable one.
     */
    public static NoiseProbe start(Counter wall, CpuTimesCounter cpu, ProcReadings.TextSource files, LongSupplier nanoClock) {
        return start(wall, cpu, files, nanoClock, files == ProcReadings.FILE_SYSTEM ? ProcReadings::ownThreadStats : null);
    }

    /** As above, with this JVM's threads' {@code stat} lines from {@code ownThreads} (null: the measuring thread only). */
    public static NoiseProbe start(Counter wall, CpuTimesCounter cpu, ProcReadings.TextSource files, LongSupplier nanoClock,
            OwnThreads ownThreads) {
        NoiseProbe probe = new NoiseProbe(wall, cpu, files, nanoClock);
        probe.ownThreads = ownThreads;
        probe.cpus = Runtime.getRuntime().availableProcessors();
        for (int i = 0; i < WARM_UP_LOOPS; i++) {
            probe.sink.consume(probe.referenceLoop());
        }
        probe.switchesAtStart = probe.readSwitches();
        probe.schedAtStart = probe.readSchedstat();
        probe.ticksAtStart = probe.readTicks();
        probe.ownTicksAtStart = probe.readOwnTicks();
        probe.startNanos = nanoClock.getAsLong();
        return probe;
    }

    /** Times the reference loop once, on both clocks, and reads the run queue. */
    public void sample() {
        readRunnable();
        if (count == wallSamples.length) {
            wallSamples = Arrays.copyOf(wallSamples, 2 * count);
            cpuSamples = Arrays.copyOf(cpuSamples, 2 * count);
        }
        wall.start();
        cpu.start();
        long result = referenceLoop();
        cpu.stop();
        wall.stop();
        sink.consume(result);
        wallSamples[count] = wall.getNanoseconds();
        cpuSamples[count] = cpu.getNanoseconds();
        count++;
    }

    /**
     * Takes the closing readings (and one timing, if none was taken) and summarises; the preempted
     * share of the load is that of the reference loop's own timings.
     */
    public NoiseReport finish() {
        return finish(-1, 0);
    }

    /**
     * Takes the closing readings (and one timing, if none was taken) and summarises, with
     * {@code preemptedRuns} of the task's {@code runs} found preempted by their clocks.
     */
    public NoiseReport finish(int runs, int preemptedRuns) {
        long elapsedNanos = nanoClock.getAsLong() - startNanos;
        long[] switches = switchesAtStart == null ? null : readSwitches();
        long[] sched = schedAtStart == null ? null : readSchedstat();
        if (sched != null) {
            long offCpu = elapsedNanos - (sched[0] - schedAtStart[0]);
            runnableShare = offCpu > 0 ? Math.min(1, (sched[1] - schedAtStart[1]) / (double) offCpu) : Double.NaN;
        }
        long[] ticks = ticksAtStart == null ? null : readTicks();
        long ownTicks = ownTicksAtStart < 0 ? -1 : readOwnTicks();
        if (count == 0) {
            sample();
        }
        int trim = count / 10;
        double[] referenceWall = Arrays.copyOf(wallSamples, count);
        double[] referenceCpu = Arrays.copyOf(cpuSamples, count);
        long[] switchesDuring = switches == null ? null : difference(switches, switchesAtStart);
        long[] ticksDuring = ticks == null ? null : difference(ticks, ticksAtStart);
        OptionalDouble otherCpuShare = ticksDuring == null || ownTicks < 0 || ticksDuring[ProcReadings.TOTAL] <= 0
                ? OptionalDouble.empty()
                : OptionalDouble.of(Math.min(1, Math.max(0, ticksDuring[ProcReadings.BUSY] - (ownTicks - ownTicksAtStart))
                        / (double) ticksDuring[ProcReadings.TOTAL]));
        int timedRuns = runs < 0 ? count : runs;
        int preempted = runs < 0 ? Preemptions.count(Preemptions.of(referenceWall, referenceCpu)) : preemptedRuns;
        MachineLoad load = new MachineLoad(cpus,
                runnableCount == 0 ? OptionalDouble.empty()
                        : OptionalDouble.of(Quantiles.median().compute(Arrays.copyOf(runnable, runnableCount))),
                runnableCount == 0 ? 0 : (double) Arrays.stream(runnable, 0, runnableCount).filter(r -> r > 0).count() / runnableCount,
                otherCpuShare,
                runnableUnavailable == null ? "not sampled" : runnableUnavailable,
                ticksDuring == null ? OptionalDouble.empty() : OptionalDouble.of(ProcReadings.stealShare(ticksDuring)),
                switchesDuring == null ? OptionalLong.empty() : OptionalLong.of(switchesDuring[ProcReadings.INVOLUNTARY]),
                elapsedNanos / 1e9, timedRuns, preempted);
        return new NoiseReport(Statistics.of(referenceWall, trim), Statistics.of(referenceCpu, trim),
                switchesDuring, switchesUnavailable, ticksDuring, stealUnavailable, load);
    }

    /** Reads how many other threads are runnable now; after one failure it stops trying and says why. */
    private void readRunnable() {
        if (runnableUnavailable != null) {
            return;
        }
        try {
            long running = ProcReadings.procsRunning(files.lines(ProcReadings.STAT));
            if (runnableCount == runnable.length) {
                runnable = Arrays.copyOf(runnable, 2 * runnableCount);
            }
            runnable[runnableCount++] = Math.max(0, running - ownRunnable());
        } catch (IOException | RuntimeException e) {
            runnableUnavailable = ProcReadings.STAT + " procs_running cannot be read (" + e.getMessage() + "): not Linux? "
                    + "On Windows the run queue is the PDH counter \\System\\Processor Queue Length, which is not read";
        }
    }

    /**
     * This JVM's runnable threads, the measuring one included (at least 1): its compiler, GC and
     * the task's pool threads are not another process's load.
     */
    private long ownRunnable() {
        if (ownThreads == null) {
            return 1;
        }
        try {
            return Math.max(1, ProcReadings.runnableThreads(ownThreads.statLines()));
        } catch (IOException | RuntimeException e) {
            return 1;
        }
    }

    /** The {@code stat} lines of this JVM's threads. */
    @FunctionalInterface
    interface OwnThreads {
        List<String> statLines() throws IOException;
    }

    private long referenceLoop() {
        seed = SpinWorkload.spin(REFERENCE_STEPS, seed);
        return seed;
    }

    /**
     * After {@link #finish}: the share of the measuring thread's time off the CPU that it spent
     * runnable, in the run queue (preempted rather than blocked); NaN where it cannot be read (not
     * Linux) or the thread was never off the CPU.
     */
    public double runnableShare() {
        return runnableShare;
    }

    private long[] readSchedstat() {
        try {
            return ProcReadings.schedstat(files.lines(ProcReadings.THREAD_SCHEDSTAT));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private long[] readSwitches() {
        try {
            return ProcReadings.contextSwitches(files.lines(ProcReadings.THREAD_STATUS));
        } catch (IOException | RuntimeException e) {
            switchesUnavailable = ProcReadings.THREAD_STATUS + " cannot be read (" + e.getMessage() + "): not Linux?";
            return null;
        }
    }

    /**
     * This process's CPU ticks, all threads, or -1 where they cannot be read (not Linux) or read 0: a
     * running JVM has used CPU time, and a {@code /proc/self/stat} that says none does not count it
     * (qemu-user's emulated one). The other processes' share is then not given.
     */
    private long readOwnTicks() {
        try {
            long ticks = ProcReadings.processTicks(files.lines(ProcReadings.SELF_STAT));
            return ticks > 0 ? ticks : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private long[] readTicks() {
        try {
            return ProcReadings.cpuTicks(files.lines(ProcReadings.STAT));
        } catch (IOException | RuntimeException e) {
            stealUnavailable = ProcReadings.STAT + " cannot be read (" + e.getMessage() + "): not Linux?";
            return null;
        }
    }

    private static long[] difference(long[] end, long[] start) {
        long[] difference = new long[end.length];
        for (int i = 0; i < end.length; i++) {
            difference[i] = end[i] - start[i];
        }
        return difference;
    }
}
