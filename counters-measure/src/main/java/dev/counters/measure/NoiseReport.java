package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import dev.counters.internal.Durations;
import dev.counters.measure.internal.NoiseProbe;
import dev.counters.measure.internal.ProcReadings;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * How much the machine itself wandered while something was measured, so that a result is read
 * with the right amount of trust: "this machine drifted 30% during the run; the intervals include
 * it" instead of a false precision. Every {@link MeasureResult} and {@link CompareResult} has one.
 *
 * <p>It holds three witnesses, each independent of the task:
 * <ul>
 *   <li><b>A fixed reference loop</b> ({@value NoiseProbe#REFERENCE_STEPS} xorshift steps), timed
 *       between the runs on wall time and on thread CPU time. Its work never changes, so every
 *       change of its time is the machine's: a host that slows the virtual CPU, frequency scaling,
 *       other tenants. {@link #drift()} is the spread of the middle 80% of its thread CPU times
 *       (see {@link Statistics#trimmedSpread()}, one tenth trimmed at each end): how much the CPU
 *       itself changed speed. {@link #wallDrift()} is the same on wall time, which adds every
 *       preemption of the measuring thread; on a loaded machine it is far larger.</li>
 *   <li><b>Context switches</b> of the measuring thread during the run, voluntary (it blocked) and
 *       involuntary (it was preempted), from Linux's {@code /proc/thread-self/status}.</li>
 *   <li><b>Steal</b>: the ticks the hypervisor gave the machine's virtual CPUs to someone else,
 *       as a share of all CPU ticks of the run, from Linux's {@code /proc/stat}.</li>
 * </ul>
 * From these, the run queue and the runs' own preemptions, {@link #load()} says whether the
 * machine was quiet or loaded, and why ({@link MachineLoad}); the summary starts with it.
 * Where a witness cannot be read (another OS, a {@code /proc} without it), it is empty and
 * {@link #contextSwitchesUnavailable()} or {@link #stealUnavailable()} says why: never a silent zero.
 */
public final class NoiseReport {
    private final Statistics referenceWall;
    private final Statistics referenceCpu;
    private final long[] contextSwitches;
    private final String contextSwitchesUnavailable;
    private final long[] ticks;
    private final String stealUnavailable;
    private final MachineLoad load;

    /**
     * @param contextSwitches voluntary and involuntary switches during the run, or null with a reason
     * @param ticks steal and total CPU ticks during the run, or null with a reason
     */
    public NoiseReport(Statistics referenceWall, Statistics referenceCpu, long[] contextSwitches, String contextSwitchesUnavailable,
            long[] ticks, String stealUnavailable, MachineLoad load) {
        this.referenceWall = requireNonNull(referenceWall, "referenceWall");
        this.referenceCpu = requireNonNull(referenceCpu, "referenceCpu");
        this.contextSwitches = contextSwitches == null ? null : contextSwitches.clone();
        this.contextSwitchesUnavailable = contextSwitches == null ? requireNonNull(contextSwitchesUnavailable, "reason") : null;
        this.ticks = ticks == null ? null : ticks.clone();
        this.stealUnavailable = ticks == null ? requireNonNull(stealUnavailable, "reason") : null;
        this.load = requireNonNull(load, "load");
    }

    /** Whether the machine was quiet or loaded, and why: the run queue, steal, preemptions. */
    public MachineLoad load() {
        return load;
    }

    /** {@code "quiet"} or {@code "loaded"}: see {@link MachineLoad}. */
    public String machine() {
        return load.label();
    }

    /** Wall time of each timing of the reference loop, nanoseconds, in order. */
    public Statistics referenceWall() {
        return referenceWall;
    }

    /** Thread CPU time of each timing of the reference loop, nanoseconds, in order. */
    public Statistics referenceCpu() {
        return referenceCpu;
    }

    /**
     * How far the machine's CPU drifted: the trimmed spread of the reference loop's thread CPU
     * times, (p90 - p10) / median roughly; 0.3 reads "drifted 30%". A host that slows the virtual
     * CPU shows here even when it reports no steal.
     */
    public double drift() {
        return referenceCpu.trimmedSpread();
    }

    /**
     * The same on wall time: the CPU's drift plus the time the measuring thread waited for a CPU
     * (preemptions, see {@link #involuntaryContextSwitches()}). Comparisons on wall time carry it.
     */
    public double wallDrift() {
        return referenceWall.trimmedSpread();
    }

    /** Times the measuring thread gave up the CPU itself (blocking, sleeping, I/O) during the run. */
    public OptionalLong voluntaryContextSwitches() {
        return contextSwitches == null ? OptionalLong.empty() : OptionalLong.of(contextSwitches[ProcReadings.VOLUNTARY]);
    }

    /** Times the measuring thread was preempted during the run. */
    public OptionalLong involuntaryContextSwitches() {
        return contextSwitches == null ? OptionalLong.empty() : OptionalLong.of(contextSwitches[ProcReadings.INVOLUNTARY]);
    }

    /** Why the context switches are not available (not Linux, no {@code /proc/thread-self}); empty when they are. */
    public Optional<String> contextSwitchesUnavailable() {
        return Optional.ofNullable(contextSwitchesUnavailable);
    }

    /** Ticks the hypervisor stole from the machine's CPUs during the run (all CPUs). */
    public OptionalLong stealTicks() {
        return ticks == null ? OptionalLong.empty() : OptionalLong.of(ticks[ProcReadings.STEAL]);
    }

    /** All CPU ticks of the machine during the run (all CPUs, idle included). */
    public OptionalLong cpuTicks() {
        return ticks == null ? OptionalLong.empty() : OptionalLong.of(ticks[ProcReadings.TOTAL]);
    }

    /** Steal as a share of all CPU ticks of the run (0.02 = 2%); 0 when no tick passed. */
    public OptionalDouble stealShare() {
        if (ticks == null) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(ProcReadings.stealShare(ticks));
    }

    /** Why steal is not available (not Linux, not readable); empty when it is. */
    public Optional<String> stealUnavailable() {
        return Optional.ofNullable(stealUnavailable);
    }

    /**
     * One line for people, the load first: {@code loaded: 1.0 other threads runnable on 2 CPUs;
     * this machine drifted 8.4% during the run (thread CPU time of a
     * fixed reference loop: 164 us to 178 us; its wall time, preemptions included: 168 us to 203 us,
     * 20.8%, over 212 timings); 0 voluntary and 41 involuntary context switches; steal 0.0% of CPU
     * time. The figures and intervals include this noise.}
     */
    public String summary() {
        String switches = contextSwitches == null
                ? "context switches not available (" + contextSwitchesUnavailable + ")"
                : contextSwitches[ProcReadings.VOLUNTARY] + " voluntary and " + contextSwitches[ProcReadings.INVOLUNTARY]
                        + " involuntary context switches";
        String steal = ticks == null
                ? "steal not available (" + stealUnavailable + ")"
                : String.format(Locale.ROOT, "steal %.1f%% of CPU time", 100 * stealShare().getAsDouble());
        return load.summary() + "; " + String.format(Locale.ROOT,
                "this machine drifted %.1f%% during the run (thread CPU time of a fixed reference loop: %s to %s; its wall "
                        + "time, preemptions included: %s to %s, %.1f%%, over %d timings); %s; %s. The figures and intervals "
                        + "include this noise.",
                100 * drift(), Durations.formatNanos(referenceCpu.trimmedMin()), Durations.formatNanos(referenceCpu.trimmedMax()),
                Durations.formatNanos(referenceWall.trimmedMin()), Durations.formatNanos(referenceWall.trimmedMax()),
                100 * wallDrift(), referenceWall.count(), switches, steal);
    }

    @Override
    public String toString() {
        return "noise: " + summary();
    }
}
