package dev.counters.measure.internal;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableList;
import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult;
import dev.counters.measure.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Is B faster than A, in any JVM, not just this one? Runs a {@link Compare} of two task classes in
 * each of several fresh JVMs (forks) and judges the ratios of the forks, so that the interval
 * carries what JVMs make differently of the same code (JIT decisions, inlining, memory layout,
 * profile), which no number of pairs inside one JVM can show.
 *
 * <pre>{@code
 * ForkedCompare.Result result = ForkedCompare.of("com.example.OldSort", "com.example.NewSort")
 *         .budget(Duration.ofSeconds(40))      // all forks together
 *         .run();
 * result.verdict();                            // SLOWER, FASTER, INDISTINGUISHABLE, TOO_NOISY, ...
 * result.ratio(); result.low(); result.high(); // geometric mean of the forks' ratios, t interval over forks
 * }</pre>
 *
 * <p><b>How it runs.</b> Each fork is {@code java [this JVM's options] -cp [class path] } with a
 * compile command that keeps each task's {@link TaskLoop} a compiled method of its own
 * ({@code SeparateCompilation}: not inlined into the measuring code both tasks share) and a
 * small main that loads both classes (public, with a public constructor without arguments), runs
 * {@code Compare} (pairs, warm-up, batching, as in-process) within its share of the budget (see
 * {@link #run()}), and prints its median ratios. Each fork's ratio is one sample; {@link ForkInterval} gives the interval
 * (Student's t over the forks' logarithms, Kalibera and Jones' top level) and
 * {@link ForkStoppingRule} says when to stop: after the fewest forks ({@link #minForks(int)}, 5, or
 * as many as the budget holds at {@link #PLANNED_FORK} each, up to the most) it looks after
 * each fork, at a confidence that spends the asked miss rate over the planned looks, and stops once
 * the verdict is decided, at {@link #maxForks(int)} (8), or when the budget has no room for another
 * fork. Fewer forks than the fewest is {@link Verdict#TOO_FEW}: one JVM alone never decides.
 *
 * <p>Tasks given as lambdas cannot travel to another JVM: {@link Compare} runs them in this one,
 * and its result says it speaks for this JVM only.
 */
public final class ForkedCompare {
    /** The default budget of all forks together: 30 s. */
    public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(30);
    /**
     * A budget holds at least one fork per this much before the first look: 6 s. With 60 s, the
     * first look is after 8 forks, not 5: Student's t at 7 degrees of freedom over 8 forks is 45%
     * narrower than at 4 over 5, and +1% is told from JVMs that differ by ±0.6%.
     */
    static final Duration PLANNED_FORK = Duration.ofSeconds(6);
    /** What a JVM is taken to need to start and end before the first fork has measured it: 400 ms. */
    static final Duration FIRST_START_AND_END = Duration.ofMillis(400);
    /**
     * How much longer than twice its share a fork may take before it is taken to have stalled, and
     * killed: 30 s. A fork ends at its share, over it by at most its last run and its JVM's start and
     * end; a fork that a stopped process, a swapping machine or a task that never returns holds
     * beyond that would otherwise hold the comparison with it (one fork of a 20 s comparison on a
     * loaded machine once ran 331 s).
     */
    static final Duration STALL_GRACE = Duration.ofSeconds(30);
    /** The key under which each fork's own wall time, start and end included, is kept beside its result line's. */
    private static final String FORK_NANOS = "forkNanos";

    private final String classA;
    private final String classB;
    private Duration budget = DEFAULT_BUDGET;
    private double confidence = Compare.DEFAULT_CONFIDENCE;
    private double margin;
    private double target = Compare.DEFAULT_TARGET;
    private Compare.JudgedBy by = Compare.JudgedBy.AUTO;
    private Compare.Order order = Compare.Order.ALTERNATING;
    private int minForks = ForkStoppingRule.DEFAULT_MIN_FORKS;
    private int maxForks = ForkStoppingRule.DEFAULT_MAX_FORKS;
    private int minPairs = Compare.DEFAULT_MIN_PAIRS;
    /** Each task's longest warm-up in each fork; zero for none. */
    private Duration warmUp = Compare.DEFAULT_WARM_UP;
    private String classPath = System.getProperty("java.class.path");
    private List<String> jvmOptions = ManagementFactory.getRuntimeMXBean().getInputArguments();
    private Duration stallGrace = STALL_GRACE;

    private ForkedCompare(String classA, String classB) {
        this.classA = classA;
        this.classB = classB;
    }

    /** Compares task class {@code classB} against {@code classA} (fully qualified names): ratios are B/A. */
    public static ForkedCompare of(String classA, String classB) {
        return new ForkedCompare(requireNonNull(classA, "classA"), requireNonNull(classB, "classB"));
    }

    /** The longest all forks together may take (default 30 s); each of the fewest forks gets an equal share of it. */
    public ForkedCompare budget(Duration budget) {
        requireNonNull(budget, "budget");
        checkArgument(budget.compareTo(Compare.MIN_BUDGET.multipliedBy(ForkStoppingRule.DEFAULT_MIN_FORKS)) >= 0,
                "the budget must hold at least %s forks of %s ms, was %s", ForkStoppingRule.DEFAULT_MIN_FORKS,
                Compare.MIN_BUDGET.toMillis(), budget);
        this.budget = budget;
        return this;
    }

    /** The confidence of the interval over forks (default 0.99), shared among the looks. */
    public ForkedCompare confidence(double confidence) {
        checkArgument(confidence >= 0.5 && confidence < 1, "the confidence is from 0.5 to below 1, was %s", confidence);
        this.confidence = confidence;
        return this;
    }

    /** The equivalence margin, as {@link Compare#margin(double)}. */
    public ForkedCompare margin(double margin) {
        checkArgument(margin >= 0 && margin < 1, "the margin is a share from 0 to below 1, was %s", margin);
        this.margin = margin;
        return this;
    }

    /** The target of each fork's {@link Compare#target(double)} (default 0.0025), at most {@link Compare#MAX_TARGET}. */
    public ForkedCompare target(double target) {
        checkArgument(target > 0 && target <= Compare.MAX_TARGET, "the target is a share above 0 and at most %s, was %s",
                Compare.MAX_TARGET, target);
        this.target = target;
        return this;
    }

    /** Which time the verdict is judged on (default {@link Compare.JudgedBy#AUTO}). */
    public ForkedCompare by(Compare.JudgedBy by) {
        this.by = requireNonNull(by, "by");
        return this;
    }

    /**
     * How each fork runs its pairs (default {@link Compare.Order#ALTERNATING}; or
     * {@link Compare.Order#DUET}); {@link Compare.Order#SEQUENTIAL} shows one JVM's naive way and
     * is refused.
     */
    public ForkedCompare order(Compare.Order order) {
        checkArgument(requireNonNull(order, "order") != Compare.Order.SEQUENTIAL,
                "Order.SEQUENTIAL shows one JVM's pairs the naive way: compare across JVMs in ALTERNATING or DUET order");
        this.order = order;
        return this;
    }

    /** The fewest forks a verdict may rest on (default 5, at least 2). */
    public ForkedCompare minForks(int forks) {
        checkArgument(forks >= 2, "at least 2 forks are needed for an interval between JVMs, was %s", forks);
        this.minForks = forks;
        return this;
    }

    /** The most forks (default 8, at least the fewest). */
    public ForkedCompare maxForks(int forks) {
        checkArgument(forks >= 2, "at least 2 forks are needed for an interval between JVMs, was %s", forks);
        this.maxForks = forks;
        return this;
    }

    /** The fewest pairs each fork runs before its target may end it (default 32, at least 8), as {@link Compare#minPairs(int)}. */
    public ForkedCompare minPairs(int pairs) {
        checkArgument(pairs >= 8, "at least 8 pairs are needed for a 99% interval of the median, was %s", pairs);
        this.minPairs = pairs;
        return this;
    }

    /**
     * Each task's longest warm-up in each fork (default 1.2 s), as {@link Compare#warmUp(Duration)};
     * {@link Duration#ZERO} for none, as {@link Compare#noWarmUp()}.
     */
    public ForkedCompare warmUp(Duration warmUp) {
        requireNonNull(warmUp, "warmUp");
        checkArgument(!warmUp.isNegative(), "the warm-up cannot be negative, was %s", warmUp);
        this.warmUp = warmUp;
        return this;
    }

    /** Where the forks find the task classes and this library (default: this JVM's class path). */
    public ForkedCompare classPath(String classPath) {
        this.classPath = requireNonNull(classPath, "classPath");
        return this;
    }

    /** The forks' JVM options (default: this JVM's own, as {@code RuntimeMXBean.getInputArguments()} lists them). */
    public ForkedCompare jvmOptions(List<String> options) {
        this.jvmOptions = List.copyOf(options);
        return this;
    }

    /** Adds {@code -Dkey=value} to the forks' JVM options (after the others), e.g. the size of a task the forks read. */
    public ForkedCompare systemProperty(String key, String value) {
        List<String> options = new ArrayList<>(jvmOptions);
        options.add("-D" + requireNonNull(key, "key") + "=" + requireNonNull(value, "value"));
        this.jvmOptions = List.copyOf(options);
        return this;
    }

    /** How much longer than twice its share a fork may take before it is killed as stalled (default {@link #STALL_GRACE}). */
    ForkedCompare stallGrace(Duration grace) {
        requireNonNull(grace, "grace");
        checkArgument(!grace.isNegative(), "the grace cannot be negative, was %s", grace);
        this.stallGrace = grace;
        return this;
    }

    /** The longest a fork with {@code share} of the budget may take before it is killed as stalled: twice its share and the grace. */
    static Duration stallLimit(Duration share, Duration grace) {
        return share.multipliedBy(2).plus(grace);
    }

    /**
     * Runs forks until the verdict is decided, the last planned fork ran or the budget has no room
     * for another, and judges the forks' ratios.
     *
     * <p>The fewest forks are {@link #minForks(int)}, or as many as the budget holds at
     * {@link #PLANNED_FORK} each, up to {@link #maxForks(int)}. Each of them gets an equal share of
     * what is left of the budget among those still to run, less the time a JVM takes to start and end (measured on the forks so far), so
     * that every one of the fewest forks has time for a warm-up that outlasts the JIT and for its
     * pairs; a fork stops at its share or its target, never because it alone decided. A fork that
     * ends with too few pairs for the confidence (a share too short for the tasks) is reported but
     * not counted. More forks follow while the verdict is undecided and what is left of the budget
     * holds another one of the forks' mean length. A fork still running at twice its share and
     * {@link #STALL_GRACE} is killed, named in the reason and not counted.
     *
     * @throws IllegalStateException if a fork fails (a task class missing, a task throwing), with its
     *     output, or if the first two forks both stalled, or every fork stalled
     */
    public Result run() {
        int most = Math.max(minForks, maxForks);
        int fewest = fewestForks(budget, minForks, most);
        ForkStoppingRule rule = new ForkStoppingRule(confidence, fewest, most);
        long start = System.nanoTime();
        double equivalence = margin > 0 ? margin : Math.min(Compare.EQUIVALENCE_PER_TARGET * target, 0.99);
        List<Map<String, String>> forks = new ArrayList<>();
        long startAndEnd = FIRST_START_AND_END.toNanos();
        List<String> stalled = new ArrayList<>();
        Result result = null;
        while (true) {
            long left = budget.toNanos() - (System.nanoTime() - start);
            long share = forks.size() < fewest ? left / (fewest - forks.size()) - startAndEnd
                    : meanForkNanos(forks) - startAndEnd;
            boolean noRoom = share < Compare.MIN_BUDGET.toNanos() || share + startAndEnd > left;
            if (result != null && noRoom) {
                return result.stopped("budget");
            }
            if (forks.isEmpty() && !stalled.isEmpty() && (stalled.size() >= 2 || noRoom)) {
                throw new IllegalStateException("no fork ended: " + String.join("; ", stalled) + ". A fork stalls when "
                        + "a task never returns, or one run of it takes longer than the fork's share of the budget: give "
                        + "a longer budget, or check that the tasks end");
            }
            long forkStart = System.nanoTime();
            Duration forkShare = Duration.ofNanos(Math.max(Compare.MIN_BUDGET.toNanos(), share));
            Map<String, String> fork = fork(forkShare);
            long forkNanos = System.nanoTime() - forkStart;
            if (fork == null) {
                stalled.add(String.format(Locale.ROOT, "fork %d was still running %.1f s after it started, with a share "
                        + "of %.1f s, and was killed", forks.size() + stalled.size() + 1, forkNanos / 1e9,
                        forkShare.toNanos() / 1e9));
                if (result != null) {
                    result = result.withStalled(stalled);
                }
                continue;
            }
            fork.put(FORK_NANOS, Long.toString(forkNanos));
            forks.add(fork);
            startAndEnd = Math.max(0, forkNanos - Long.parseLong(fork.get("elapsedNanos")));
            result = judge(forks, rule, equivalence).withStalled(stalled);
            if (rule.stops(counted(forks).size(), result.verdict()) || forks.size() >= rule.maxForks()) {
                return result.stopped(result.verdict().isDecisive() || result.verdict() == Verdict.INDISTINGUISHABLE
                        ? "decided" : "forks");
            }
        }
    }

    /** The forks before the first look: {@code minForks}, or as many as {@code budget} holds at {@link #PLANNED_FORK} each, up to {@code maxForks}. */
    static int fewestForks(Duration budget, int minForks, int maxForks) {
        return Math.max(minForks, (int) Math.min(maxForks, budget.toNanos() / PLANNED_FORK.toNanos()));
    }

    /** The forks a verdict may rest on: those with enough pairs for the confidence (not {@code TOO_FEW} on their own). */
    private static List<Map<String, String>> counted(List<Map<String, String>> forks) {
        return forks.stream().filter(fork -> !fork.get("verdict").equals(Verdict.TOO_FEW.name())).toList();
    }

    private static long meanForkNanos(List<Map<String, String>> forks) {
        return (long) forks.stream().mapToLong(fork -> Long.parseLong(fork.get(FORK_NANOS))).average().orElse(0);
    }

    private Result judge(List<Map<String, String>> all, ForkStoppingRule rule, double equivalence) {
        List<Map<String, String>> forks = counted(all);
        double lookConfidence = rule.lookConfidence(forks.size());
        List<String> perFork = new ArrayList<>();
        for (Map<String, String> fork : all) {
            perFork.add(fork.get("verdict").toLowerCase(Locale.ROOT));
        }
        String machine = all.stream().anyMatch(fork -> fork.get("machine").equals("loaded")) ? "loaded" : "quiet";
        if (forks.isEmpty()) {
            ForkInterval none = ForkInterval.of(values(all, "wall"), values(all, "wallFloor"), lookConfidence);
            String reason = String.format(Locale.ROOT, "too few: none of the %d JVMs had enough pairs for the %.2f%% "
                    + "interval (each said %s): the tasks are too long for their share of the budget; give a longer budget",
                    all.size(), 100 * lookConfidence, perFork);
            return new Result(Verdict.TOO_FEW, CompareResult.WALL, none, values(all, "wall"), values(all, "cpu"), perFork,
                    reason, machine, "");
        }
        ForkInterval wall = ForkInterval.of(values(forks, "wall"), values(forks, "wallFloor"), lookConfidence);
        ForkInterval cpu = ForkInterval.of(values(forks, "cpu"), values(forks, "cpuFloor"), lookConfidence);
        Verdict w = rule.judge(wall, margin, equivalence);
        Verdict c = rule.judge(cpu, margin, equivalence);
        VerdictRule.Basis basis = VerdictRule.basis(by, mean(values(forks, "aWall")), mean(values(forks, "aCpu")),
                mean(values(forks, "bWall")), mean(values(forks, "bCpu")), mean(values(forks, "otherThreads")));
        boolean onWall = basis == VerdictRule.Basis.WALL;
        Verdict verdict = switch (basis) {
            case WALL -> w;
            case CPU -> c;
            case BOTH -> VerdictRule.joint(w, c, wall.low() <= cpu.high() && cpu.low() <= wall.high());
        };
        ForkInterval decidedBy = onWall || verdict == Verdict.CLOCKS_DISAGREE || verdict == w && verdict != c ? wall : cpu;
        String clock = decidedBy == wall ? CompareResult.WALL : CompareResult.THREAD_CPU;
        int notCounted = all.size() - forks.size();
        String reason = String.format(Locale.ROOT, "%s over %d JVMs on %s time: B/A %.4f, %.2f%% interval %.4f-%.4f "
                        + "(Student's t over the forks' ratios, their spread at least what each fork's instances imply, at the confidence each look of the stopping rule reads); "
                        + "wall %s, thread CPU %s; each JVM alone said %s%s", verdict.label(), forks.size(), clock,
                decidedBy.ratio(), 100 * lookConfidence, decidedBy.low(), decidedBy.high(), wall, cpu, perFork,
                notCounted == 0 ? "" : String.format(Locale.ROOT, " (%d JVM%s with too few pairs for the confidence not "
                        + "counted)", notCounted, notCounted == 1 ? "" : "s"));
        return new Result(verdict, clock, decidedBy, values(all, "wall"), values(all, "cpu"), perFork, reason, machine, "");
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    private static double[] values(List<Map<String, String>> forks, String key) {
        return forks.stream().mapToDouble(fork -> Double.parseDouble(fork.get(key))).toArray();
    }

    /**
     * Runs one fork and reads its result line; null if it stalled ({@link #stallLimit}) and was
     * killed. Its output goes to a file, not a pipe, so that a fork that writes much never blocks on
     * a reader that is waiting for it to end.
     */
    private Map<String, String> fork(Duration share) {
        List<String> command = command(share);
        Path output = null;
        Process process = null;
        try {
            output = Files.createTempFile("counters-fork-", ".out");
            process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT)
                    .redirectOutput(output.toFile()).start();
            if (!process.waitFor(stallLimit(share, stallGrace).toNanos(), TimeUnit.NANOSECONDS)) {
                kill(process);
                process.waitFor();
                return null;
            }
            int exit = process.exitValue();
            String out = Files.readString(output, StandardCharsets.UTF_8);
            String line = out.lines().filter(l -> l.startsWith(ForkChild.RESULT + " ")).reduce((x, y) -> y).orElse(null);
            if (exit != 0 || line == null) {
                throw new IllegalStateException("fork " + command + " ended with exit code " + exit
                        + " and no result; its output: " + out);
            }
            Map<String, String> fields = new HashMap<>();
            for (String field : line.substring(ForkChild.RESULT.length() + 1).split(" ")) {
                int equals = field.indexOf('=');
                fields.put(field.substring(0, equals), field.substring(equals + 1));
            }
            return fields;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start a fork or read its output: " + command, e);
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a fork (killed)", e);
        } finally {
            deleteQuietly(output);
        }
    }

    /** Kills {@code process} and whatever it started. */
    private static void kill(Process process) {
        if (process != null) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            file.toFile().deleteOnExit();
        }
    }

    /**
     * The command line of a fork with {@code share} of the budget: this JVM's {@code java}, the
     * options, those that compile each task on its own ({@code SeparateCompilation}), {@link ForkChild}'s arguments.
     */
    List<String> command(Duration share) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(SeparateCompilation.options());
        command.addAll(List.of("-cp", classPath, ForkChild.class.getName(), classA, classB, Long.toString(share.toMillis()),
                Double.toString(confidence), Double.toString(margin), Double.toString(target), by.name(), order.name(),
                Integer.toString(minPairs), Long.toString(warmUp.toNanos())));
        return command;
    }

    /** The judgement of the forks: the verdict, its clock, ratio and interval, each fork's ratios and own verdict. */
    public static final class Result {
        private final Verdict verdict;
        private final String clock;
        private final ForkInterval interval;
        private final double[] wallRatios;
        private final double[] cpuRatios;
        private final ImmutableList<String> forkVerdicts;
        private final String reason;
        private final String machine;
        private final String stoppedBy;
        private final ImmutableList<String> stalled;

        public Result(Verdict verdict, String clock, ForkInterval interval, double[] wallRatios, double[] cpuRatios,
                List<String> forkVerdicts, String reason, String machine, String stoppedBy) {
            this(verdict, clock, interval, wallRatios, cpuRatios, forkVerdicts, reason, machine, stoppedBy, List.of());
        }

        private Result(Verdict verdict, String clock, ForkInterval interval, double[] wallRatios, double[] cpuRatios,
                List<String> forkVerdicts, String reason, String machine, String stoppedBy, List<String> stalled) {
            this.verdict = verdict;
            this.clock = clock;
            this.interval = interval;
            this.wallRatios = wallRatios.clone();
            this.cpuRatios = cpuRatios.clone();
            this.forkVerdicts = ImmutableList.copyOf(forkVerdicts);
            this.reason = reason;
            this.machine = machine;
            this.stoppedBy = stoppedBy;
            this.stalled = ImmutableList.copyOf(stalled);
        }

        Result stopped(String why) {
            return new Result(verdict, clock, interval, wallRatios, cpuRatios, forkVerdicts, reason, machine, why, stalled);
        }

        Result withStalled(List<String> stalledForks) {
            return new Result(verdict, clock, interval, wallRatios, cpuRatios, forkVerdicts, reason, machine, stoppedBy,
                    stalledForks);
        }

        /** The answer over the forks; see {@link Verdict}. */
        public Verdict verdict() {
            return verdict;
        }

        /** The clock the verdict rests on: {@code wall} or {@code thread CPU}. */
        public String decidedBy() {
            return clock;
        }

        /** The geometric mean of the forks' median ratios B/A on {@link #decidedBy()}. */
        public double ratio() {
            return interval.ratio();
        }

        /** The lower end of the interval over forks (0 with one fork: no interval). */
        public double low() {
            return interval.low();
        }

        /** The upper end (infinite with one fork). */
        public double high() {
            return interval.high();
        }

        /** The confidence the interval was read at: the asked one's miss rate shared among the stopping rule's looks. */
        public double confidence() {
            return interval.confidence();
        }

        /** How many JVMs ran. */
        public int forks() {
            return wallRatios.length;
        }

        /** Each fork's median ratio on wall time, in the order they ran. */
        public double[] wallRatios() {
            return wallRatios.clone();
        }

        /** Each fork's median ratio on thread CPU time. */
        public double[] threadCpuRatios() {
            return cpuRatios.clone();
        }

        /** What each JVM alone concluded ({@code slower}, {@code too_noisy}, ...): never the verdict by itself. */
        public List<String> forkVerdicts() {
            return forkVerdicts;
        }

        /**
         * One sentence: the verdict, the interval, both clocks and what each JVM said; and, if any
         * fork stalled and was killed, which, for how long, and that it was not counted.
         */
        public String reason() {
            return stalled.isEmpty() ? reason
                    : reason + "; not counted: " + String.join("; ", stalled);
        }

        /** Each fork that stalled and was killed, not counted: which, after how long, with what share; empty if none. */
        public List<String> stalledForks() {
            return stalled;
        }

        /** {@code loaded} when any fork's noise report found the machine loaded, else {@code quiet}. */
        public String machine() {
            return machine;
        }

        /** {@code decided}, {@code forks} (the last planned fork ran) or {@code budget}. */
        public String stoppedBy() {
            return stoppedBy;
        }

        @Override
        public String toString() {
            return verdict.label() + ": " + reason() + "; stopped by " + stoppedBy;
        }
    }
}
