package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;

import dev.counters.measure.internal.stats.Preemptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Whether the machine was {@link #isLoaded() loaded} while something was measured, and why: the
 * part of a {@link NoiseReport} that says "quiet" or "loaded". A loaded machine preempts the
 * measuring thread, so wall times carry waits that have nothing to do with the task.
 *
 * <p>Five witnesses, each with a threshold; any one over its threshold makes the machine loaded:
 * <table>
 *   <caption>the load thresholds</caption>
 *   <tr><th>witness</th><th>loaded from</th><th>read from</th></tr>
 *   <tr><td>other runnable threads (median over the run)</td><td>half the CPUs ({@link #RUNNABLE_SHARE_OF_CPUS})</td>
 *       <td>{@code procs_running} of Linux's {@code /proc/stat}, less the measuring thread</td></tr>
 *   <tr><td>other processes' CPU time over the run</td><td>{@link #OTHER_CPU_SHARE} of all CPUs' time</td>
 *       <td>the busy ticks of {@code /proc/stat} less this JVM's own ({@code /proc/self/stat})</td></tr>
 *   <tr><td>steal</td><td>{@link #STEAL_SHARE} of CPU ticks</td><td>{@code /proc/stat}</td></tr>
 *   <tr><td>involuntary context switches</td><td>{@link #SWITCHES_PER_SECOND} per second, and at least {@link #MIN_SWITCHES}</td>
 *       <td>{@code /proc/thread-self/status}</td></tr>
 *   <tr><td>runs whose wall time shows a preemption</td><td>{@link #PREEMPTED_SHARE} of runs</td>
 *       <td>the clocks themselves ({@link Preemptions}): on every OS</td></tr>
 * </table>
 * On a 2-vCPU VM one other busy thread is already half the machine: the measuring thread shares
 * the CPUs with it, the JIT, the GC and everything else that wakes. The thresholds sit between
 * what that VM shows idle (no other runnable thread, no steal; but a fresh JVM's own compiler
 * threads preempt the measuring thread up to ~60 times a second, and up to 27% of a short run's
 * runs) and with one core kept busy (one other runnable thread, 42 to 440 switches a second, 10% to
 * 71% of the runs preempted): docs/MEASURE.md has the figures. The run queue and the other
 * processes' CPU time tell the two apart on their own: the run queue is sampled between runs, and
 * a short run's few samples can miss a busy core, which the CPU time, counted by the kernel over the
 * whole run, does not; the others only confirm a clearly loaded machine. Where the run
 * queue is read, fewer than {@link #OWN_PREEMPTIONS_SHARE} of its samples saw another process's
 * thread runnable and other processes used less than {@link #OTHER_CPU_SHARE} of the CPUs, the
 * switches and the preempted runs are this JVM's own threads' doing (its
 * compiler, its GC, the pool a task hands its work to): they are reported beside "quiet" and do
 * not make the machine loaded.
 * On Windows there is no {@code /proc}: the run queue
 * ({@code \System\Processor Queue Length}) is a PDH counter this pure-Java module does not read,
 * and Windows has no per-thread count of preemptions and reports no steal, so the verdict rests
 * on the preempted share alone, and says so.
 */
public final class MachineLoad {
    /** Other runnable threads, as a share of the CPUs, from which the machine is loaded: 0.5. */
    public static final double RUNNABLE_SHARE_OF_CPUS = 0.5;
    /**
     * The measuring thread's preemptions are this JVM's own when fewer than this share of the run
     * queue's samples saw another process's thread runnable: 25%. Not the median alone: one core
     * kept busy was missed by the median of a short run's few samples (this JVM's compiler threads
     * woke between the two readings it subtracts), though it showed in 40% of them.
     */
    public static final double OWN_PREEMPTIONS_SHARE = 0.25;
    /**
     * Other processes' CPU time, as a share of all CPUs' time over the run, from which the machine
     * is loaded: 25%, half a core on 2 CPUs. One core kept busy on the 2-vCPU VM is 50%; idle, the
     * system's own daemons stay near 1%.
     */
    public static final double OTHER_CPU_SHARE = 0.25;
    /** Steal, as a share of all CPU ticks, from which the machine is loaded: 5%. */
    public static final double STEAL_SHARE = 0.05;
    /**
     * Involuntary context switches of the measuring thread per second from which the machine is
     * loaded: 100. A fresh JVM's own compiler and GC threads preempt it up to ~60 times a second on
     * an idle 2-vCPU VM; with one core kept busy, 42 to 430, a median of 176.
     */
    public static final double SWITCHES_PER_SECOND = 100;
    /** The fewest involuntary switches that can make the machine loaded: 30, so that a short run's few do not. */
    public static final long MIN_SWITCHES = 30;
    /**
     * The share of runs preempted from which the machine is loaded: 30%. On the idle 2-vCPU VM a
     * short run of 60 saw up to 27% (the JIT's threads); with one core busy, 10% to 71%, a median of 28%.
     */
    public static final double PREEMPTED_SHARE = 0.30;

    private final int cpus;
    private final OptionalDouble otherRunnable;
    private final OptionalDouble otherCpuShare;
    private final String runnableUnavailable;
    private final OptionalDouble stealShare;
    private final OptionalLong involuntarySwitches;
    private final OptionalDouble switchesPerSecond;
    private final int runs;
    private final int preemptedRuns;
    private final List<String> reasons = new ArrayList<>();
    /** Preemptions over their thresholds while other processes' threads were seldom runnable: this JVM's own threads' doing. */
    private final List<String> ownPreemptions;

    /**
     * As {@link #MachineLoad(int, OptionalDouble, double, OptionalDouble, String, OptionalDouble, OptionalLong, double, int, int)},
     * with another process's thread taken to be runnable in every sample when the median is above 0, in none at 0,
     * and other processes' CPU time not read.
     */
    public MachineLoad(int cpus, OptionalDouble otherRunnable, String runnableUnavailable, OptionalDouble stealShare,
            OptionalLong involuntarySwitches, double seconds, int runs, int preemptedRuns) {
        this(cpus, otherRunnable, otherRunnable.isPresent() && otherRunnable.getAsDouble() > 0 ? 1 : 0, OptionalDouble.empty(),
                runnableUnavailable, stealShare, involuntarySwitches, seconds, runs, preemptedRuns);
    }

    /**
     * @param otherRunnable the median number of other runnable threads, or empty
     * @param otherRunnableShare the share of the run queue's samples that saw another process's thread runnable
     * @param otherCpuShare other processes' CPU time over the run, as a share of all CPUs' time, or empty where not read
     * @param runnableUnavailable why {@code otherRunnable} is empty, or null
     * @param involuntarySwitches the measuring thread's involuntary context switches over {@code seconds}, or empty
     */
    public MachineLoad(int cpus, OptionalDouble otherRunnable, double otherRunnableShare, OptionalDouble otherCpuShare,
            String runnableUnavailable, OptionalDouble stealShare, OptionalLong involuntarySwitches, double seconds, int runs,
            int preemptedRuns) {
        checkArgument(cpus >= 1, "at least one CPU, was %s", cpus);
        checkArgument(otherRunnableShare >= 0 && otherRunnableShare <= 1, "a share of samples, was %s", otherRunnableShare);
        checkArgument(otherCpuShare.isEmpty() || otherCpuShare.getAsDouble() >= 0 && otherCpuShare.getAsDouble() <= 1,
                "a share of the CPUs' time, was %s", otherCpuShare);
        checkArgument(runs >= 0 && preemptedRuns >= 0 && preemptedRuns <= runs, "%s of %s runs preempted", preemptedRuns, runs);
        checkArgument(otherRunnable.isPresent() || runnableUnavailable != null, "say why the run queue is unavailable");
        this.cpus = cpus;
        this.otherRunnable = otherRunnable;
        this.otherCpuShare = otherCpuShare;
        this.runnableUnavailable = otherRunnable.isPresent() ? null : runnableUnavailable;
        this.stealShare = stealShare;
        this.involuntarySwitches = involuntarySwitches;
        this.switchesPerSecond = involuntarySwitches.isPresent() && seconds > 0
                ? OptionalDouble.of(involuntarySwitches.getAsLong() / seconds)
                : OptionalDouble.empty();
        this.runs = runs;
        this.preemptedRuns = preemptedRuns;
        if (otherRunnable.isPresent() && otherRunnable.getAsDouble() >= RUNNABLE_SHARE_OF_CPUS * cpus) {
            reasons.add(String.format(Locale.ROOT, "%.1f other threads runnable on %d CPUs", otherRunnable.getAsDouble(), cpus));
        }
        boolean othersBusy = otherCpuShare.isPresent() && otherCpuShare.getAsDouble() >= OTHER_CPU_SHARE;
        if (othersBusy) {
            reasons.add(otherCpu());
        }
        if (stealShare.isPresent() && stealShare.getAsDouble() >= STEAL_SHARE) {
            reasons.add(String.format(Locale.ROOT, "steal %.1f%%", 100 * stealShare.getAsDouble()));
        }
        List<String> preemptions = new ArrayList<>();
        if (switchesPerSecond.isPresent() && switchesPerSecond.getAsDouble() >= SWITCHES_PER_SECOND
                && involuntarySwitches.getAsLong() >= MIN_SWITCHES) {
            preemptions.add(String.format(Locale.ROOT, "%.1f involuntary context switches per second (%d)",
                    switchesPerSecond.getAsDouble(), involuntarySwitches.getAsLong()));
        }
        if (runs > 0 && preemptedShare() >= PREEMPTED_SHARE) {
            preemptions.add(String.format(Locale.ROOT, "%d of %d runs preempted (%.0f%%)", preemptedRuns, runs,
                    100 * preemptedShare()));
        }
        boolean own = !othersBusy && otherRunnable.isPresent() && otherRunnableShare < OWN_PREEMPTIONS_SHARE;
        this.ownPreemptions = own ? preemptions : List.of();
        if (!own) {
            reasons.addAll(preemptions);
        }
    }

    /** Whether any witness passed its threshold. */
    public boolean isLoaded() {
        return !reasons.isEmpty();
    }

    /** {@code "loaded"} or {@code "quiet"}, as the reports write it. */
    public String label() {
        return isLoaded() ? "loaded" : "quiet";
    }

    /** How many CPUs the JVM may use. */
    public int cpus() {
        return cpus;
    }

    /** The median number of runnable threads of other processes (this JVM's own excluded); empty where it cannot be read. */
    public OptionalDouble otherRunnableThreads() {
        return otherRunnable;
    }

    /** Other processes' CPU time over the run, as a share of all CPUs' time; empty where it cannot be read (not Linux). */
    public OptionalDouble otherProcessesCpuShare() {
        return otherCpuShare;
    }

    private String otherCpu() {
        return String.format(Locale.ROOT, "other processes used %.0f%% of the CPUs' time (%.2f of %d CPUs)",
                100 * otherCpuShare.getAsDouble(), otherCpuShare.getAsDouble() * cpus, cpus);
    }

    /** Why the run queue could not be read; empty when it was. */
    public Optional<String> runnableUnavailable() {
        return Optional.ofNullable(runnableUnavailable);
    }

    /** Involuntary context switches of the measuring thread during the run; empty where they cannot be read. */
    public OptionalLong involuntarySwitches() {
        return involuntarySwitches;
    }

    /** Involuntary context switches of the measuring thread per second of the run; empty where they cannot be read. */
    public OptionalDouble involuntarySwitchesPerSecond() {
        return switchesPerSecond;
    }

    /** How many timed runs the preempted share is taken over. */
    public int runs() {
        return runs;
    }

    /** How many of them were preempted, by their wall and CPU times ({@link Preemptions}). */
    public int preemptedRuns() {
        return preemptedRuns;
    }

    /** The share of the runs preempted (0 without runs). */
    public double preemptedShare() {
        return runs == 0 ? 0 : (double) preemptedRuns / runs;
    }

    /**
     * {@code loaded: 1.0 other threads runnable on 2 CPUs, 12 of 400 runs preempted (3%)} or
     * {@code quiet: 0.0 other threads runnable on 2 CPUs, steal 0.1%, 0.2 involuntary switches per
     * second, 0 of 400 runs preempted}.
     */
    public String summary() {
        if (isLoaded()) {
            return "loaded: " + String.join(", ", reasons);
        }
        List<String> figures = new ArrayList<>();
        figures.add(otherRunnable.isPresent()
                ? String.format(Locale.ROOT, "%.1f other threads runnable on %d CPUs", otherRunnable.getAsDouble(), cpus)
                : "run queue not available (" + runnableUnavailable + ")");
        if (otherCpuShare.isPresent()) {
            figures.add(otherCpu());
        }
        stealShare.ifPresent(steal -> figures.add(String.format(Locale.ROOT, "steal %.1f%%", 100 * steal)));
        switchesPerSecond.ifPresent(rate -> figures.add(String.format(Locale.ROOT, "%.1f involuntary switches per second", rate)));
        figures.add(preemptedRuns + " of " + runs + " runs preempted");
        String quiet = "quiet: " + String.join(", ", figures);
        return ownPreemptions.isEmpty() ? quiet : quiet + "; " + String.join(" and ", ownPreemptions)
                + " by this JVM's own threads (its compiler, GC or the task's pool), as other processes' threads were "
                + "runnable in fewer than a quarter of the samples" + (otherCpuShare.isPresent() ? " and used little CPU" : "");
    }

    @Override
    public String toString() {
        return summary();
    }
}
