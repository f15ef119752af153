package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.CpuTimesCounter;
import java.io.IOException;
import java.util.Arrays;

/**
 * Collects a {@link NoiseReport} around a run: {@link #start} reads the context switches and CPU
 * ticks, {@link #sample} times the fixed reference loop once (call it between runs, never inside
 * one), {@link #finish} reads them again and summarises. Used on one thread, the measuring one.
 */
final class NoiseProbe {
    /** The reference loop's work: {@link SpinWorkload} steps, about 0.2 ms on a 3 GHz core. */
    static final long REFERENCE_STEPS = 100_000;
    /** Untimed loops before the first timing, so the JIT has compiled it. */
    static final int WARM_UP_LOOPS = 30;

    private final Counter wall;
    private final CpuTimesCounter cpu;
    private final ProcReadings.TextSource files;
    private final Sink sink = new Sink();
    private double[] wallSamples = new double[64];
    private double[] cpuSamples = new double[64];
    private int count;
    private long[] switchesAtStart;
    private String switchesUnavailable;
    private long[] ticksAtStart;
    private String stealUnavailable;
    private long seed = 0x9E3779B97F4A7C15L;

    private NoiseProbe(Counter wall, CpuTimesCounter cpu, ProcReadings.TextSource files) {
        this.wall = requireNonNull(wall, "wall");
        this.cpu = requireNonNull(cpu, "cpu");
        this.files = requireNonNull(files, "files");
    }

    /** Warms the reference loop up and takes the starting readings, on the calling (measuring) thread. */
    static NoiseProbe start(Counter wall, CpuTimesCounter cpu) {
        return start(wall, cpu, ProcReadings.FILE_SYSTEM);
    }

    static NoiseProbe start(Counter wall, CpuTimesCounter cpu, ProcReadings.TextSource files) {
        NoiseProbe probe = new NoiseProbe(wall, cpu, files);
        for (int i = 0; i < WARM_UP_LOOPS; i++) {
            probe.sink.consume(probe.referenceLoop());
        }
        probe.switchesAtStart = probe.readSwitches();
        probe.ticksAtStart = probe.readTicks();
        return probe;
    }

    /** Times the reference loop once, on both clocks. */
    void sample() {
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

    /** Takes the closing readings (and one timing, if none was taken) and summarises. */
    NoiseReport finish() {
        long[] switches = switchesAtStart == null ? null : readSwitches();
        long[] ticks = ticksAtStart == null ? null : readTicks();
        if (count == 0) {
            sample();
        }
        int trim = count / 10;
        return new NoiseReport(
                Statistics.of(Arrays.copyOf(wallSamples, count), trim),
                Statistics.of(Arrays.copyOf(cpuSamples, count), trim),
                switches == null ? null : difference(switches, switchesAtStart), switchesUnavailable,
                ticks == null ? null : difference(ticks, ticksAtStart), stealUnavailable);
    }

    private long referenceLoop() {
        seed = SpinWorkload.spin(REFERENCE_STEPS, seed);
        return seed;
    }

    private long[] readSwitches() {
        try {
            return ProcReadings.contextSwitches(files.lines(ProcReadings.THREAD_STATUS));
        } catch (IOException | RuntimeException e) {
            switchesUnavailable = ProcReadings.THREAD_STATUS + " cannot be read (" + e.getMessage() + "): not Linux?";
            return null;
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
        return new long[] {end[0] - start[0], end[1] - start[1]};
    }
}
