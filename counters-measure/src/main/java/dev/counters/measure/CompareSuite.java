package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import dev.counters.measure.internal.CompareSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Several comparisons in one run, judged together as a performance gate: is any task of the new
 * build slower than in the old one by more than the margin? Each task is a {@link Compare} of its
 * own, with its own budget, all with one margin; the {@link SuiteResult} holds each task's
 * {@link CompareResult} (or why it failed) and the suite's {@link GateOutcome}.
 *
 * <pre>{@code
 * // Two builds of the same task classes: the last release's jar against the new classes.
 * String old = "lib/parser-1.4.jar" + File.pathSeparator + "target/test-classes";
 * String now = "target/classes" + File.pathSeparator + "target/test-classes";
 * SuiteResult suite = CompareSuite.ofBuilds(CompareSuite.tasksIn("com.example.bench", "target/test-classes"), old, now)
 *         .margin(0.02)                                      // a difference within 2% does not matter
 *         .budget(Duration.ofSeconds(28))                    // each task's, by default
 *         .budget("com.example.bench.ParseLargeFile", Duration.ofSeconds(40))
 *         .run(task -> System.out.println(task));            // each task's line as it ends
 * suite.gateOutcome();                                       // REGRESSED if any task is slower beyond 2%
 * }</pre>
 *
 * <p><b>Two builds or pairs.</b> {@link #ofBuilds(List, String, String)} compares each named class
 * as loaded from class path A against the class of the same name from class path B, each in a
 * class loader of its own (see {@link Compare#ofBuilds(String, String, String)}): the task classes
 * must be on both class paths, beside each build's own classes, so that each build's task calls
 * that build's code. {@link #ofPairs()} compares named pairs of task classes instead (an old and
 * a new implementation side by side), of this JVM or found on a class path.
 *
 * <p><b>One at a time.</b> The tasks run one after another, never at the same time: two
 * comparisons at once would each be the other's noise. A suite of n tasks takes about the sum of
 * their budgets. A task that fails (it throws, a fork dies, its class is missing from one build, it
 * calls what one build lacks) is recorded with its exception and the others still run; the gate
 * fails as {@link GateOutcome#FAILED} (unless another task regressed), and
 * {@link SuiteResult#failures()} lists it.
 *
 * <p><b>The margin.</b> With a margin m, a task regresses only when its whole interval of B/A lies
 * above {@code 1 + m} ({@link GateOutcome#REGRESSED}); the margin is the largest slowdown that does
 * not matter to you, and the confidence (99% by default) bounds how often a task that did not get
 * slower is called slower. Over a suite of n such tasks the chance of a false alarm grows to about
 * n times one task's: keep suites small, or raise the confidence with {@link #each(UnaryOperator)}.
 */
public final class CompareSuite {
    private final List<String> taskClasses;
    private final String classPathA;
    private final String classPathB;
    private final Map<String, Supplier<Compare>> pairs = new LinkedHashMap<>();
    private final Map<String, Duration> budgets = new LinkedHashMap<>();
    private final List<String> jvmArgsAppend = new ArrayList<>();
    private Duration budget = Compare.DEFAULT_BUDGET;
    private double margin;
    private int forks = -1;
    private String classPath;
    private UnaryOperator<Compare> each = UnaryOperator.identity();

    private CompareSuite(List<String> taskClasses, String classPathA, String classPathB) {
        this.taskClasses = taskClasses;
        this.classPathA = classPathA;
        this.classPathB = classPathB;
    }

    /**
     * A suite of two builds: each class of {@code taskClasses} loaded from {@code classPathA} (the
     * baseline) against the class of the same name from {@code classPathB} (the new build).
     *
     * @throws IllegalArgumentException if the list is empty or names a class twice, or a class path is blank
     */
    public static CompareSuite ofBuilds(List<String> taskClasses, String classPathA, String classPathB) {
        List<String> names = List.copyOf(requireNonNull(taskClasses, "taskClasses is null; pass the task class names, "
                + "or CompareSuite.tasksIn(package, classPath)"));
        checkArgument(!names.isEmpty(), "a suite needs at least one task class; pass their names, or "
                + "CompareSuite.tasksIn(package, classPath) to find them");
        checkArgument(names.stream().distinct().count() == names.size(), "a task class is named twice in %s", names);
        checkArgument(!requireNonNull(classPathA, "classPathA").isBlank() && !requireNonNull(classPathB, "classPathB")
                .isBlank(), "each build needs a class path of its own (the old and the new), was '%s' and '%s'", classPathA,
                classPathB);
        return new CompareSuite(names, classPathA, classPathB);
    }

    /**
     * A suite of pairs of task classes, added with {@link #pair(String, Class, Class)} (classes of
     * this JVM) or {@link #pair(String, String, String, String)} (classes of a class path).
     */
    public static CompareSuite ofPairs() {
        return new CompareSuite(null, null, null);
    }

    /**
     * The names of the task classes in {@code packageName} (and its sub-packages) on
     * {@code classPath}, sorted: every public, concrete class with a public constructor without
     * arguments that implements {@link Task}. The class files are read, not loaded: no static
     * initialiser runs.
     *
     * @throws IllegalArgumentException if there is none, naming the package and the class path
     * @throws java.io.UncheckedIOException if a directory or jar of the class path cannot be read
     */
    public static List<String> tasksIn(String packageName, String classPath) {
        return TaskScan.find(packageName, classPath);
    }

    /**
     * Adds a comparison of task class {@code b} against {@code a} under {@code name} (as
     * {@link Compare#of(Class, Class)}), to a suite of pairs.
     *
     * @throws IllegalStateException on a suite of two builds
     * @throws IllegalArgumentException if {@code name} is blank or taken
     */
    public CompareSuite pair(String name, Class<? extends Task> a, Class<? extends Task> b) {
        checkPair(name);
        requireNonNull(a, "task class A");
        requireNonNull(b, "task class B");
        return add(name, () -> Compare.of(a, b));
    }

    /**
     * Adds a comparison of the task class named {@code b} against the one named {@code a}, both
     * found on {@code classPath} (as {@link Compare#ofClasses(String, String, String)}: read apart
     * from this program's own libraries), under {@code name}, to a suite of pairs.
     *
     * @throws IllegalStateException on a suite of two builds
     * @throws IllegalArgumentException if {@code name} is blank or taken, or the class path is empty
     */
    public CompareSuite pair(String name, String a, String b, String classPath) {
        checkPair(name);
        Compare.ofClasses(a, b, classPath); // refuses what it refuses now, not when the suite runs
        return add(name, () -> Compare.ofClasses(a, b, classPath));
    }

    private CompareSuite add(String name, Supplier<Compare> comparison) {
        pairs.put(name, comparison);
        return this;
    }

    private void checkPair(String name) {
        checkState(taskClasses == null, "a suite of two builds compares the classes it was given; make pairs with "
                + "CompareSuite.ofPairs()");
        checkArgument(!requireNonNull(name, "name").isBlank() && !pairs.containsKey(name),
                "each pair needs a name of its own, was '%s' (taken: %s)", name, pairs.keySet());
    }

    /** The tasks' names, in the order they run: class names for two builds, the pairs' names for pairs. */
    public List<String> tasks() {
        return taskClasses != null ? taskClasses : List.copyOf(pairs.keySet());
    }

    /** Each task's budget unless {@link #budget(String, Duration)} gives it another (default 28 s). */
    public CompareSuite budget(Duration budget) {
        this.budget = CompareSettings.checkBudget(budget);
        return this;
    }

    /** The budget of the task {@code task} (a class name, or a pair's name), instead of the suite's. */
    public CompareSuite budget(String task, Duration budget) {
        budgets.put(requireNonNull(task, "task"), CompareSettings.checkBudget(budget));
        return this;
    }

    /** The gate's margin, a share (0.02 for 2%), for every task: see {@link Compare#margin(double)} (default 0). */
    public CompareSuite margin(double margin) {
        this.margin = CompareSettings.checkMargin(margin);
        return this;
    }

    /** The fresh JVMs of each task: see {@link Compare#forks(int)} (default: Compare's). */
    public CompareSuite forks(int forks) {
        this.forks = CompareSettings.checkForks(forks);
        return this;
    }

    /** Options after the forks' others, for every task: see {@link Compare#jvmArgsAppend(List)}. */
    public CompareSuite jvmArgsAppend(List<String> options) {
        jvmArgsAppend.addAll(List.copyOf(requireNonNull(options, "options")));
        return this;
    }

    /**
     * Where the forks find this library (and the task classes of pairs of this JVM's classes; a pair
     * found on a class path carries its own): see {@link Compare#classPath(String)}.
     */
    public CompareSuite classPath(String classPath) {
        this.classPath = requireNonNull(classPath, "classPath");
        return this;
    }

    /**
     * Any other setting of each task's {@link Compare} (confidence, target, warm-up, ...), applied
     * before the suite's own: the suite's budget, margin, forks, options and class path win. It is
     * applied whenever a task's comparison is made: once when the suite is checked, again when the
     * task runs; so it should set, not count or print.
     */
    public CompareSuite each(UnaryOperator<Compare> settings) {
        this.each = requireNonNull(settings, "settings");
        return this;
    }

    /** Runs every task, one after another, and judges the suite. */
    public SuiteResult run() {
        return run(task -> { });
    }

    /**
     * Checks each task's settings as its comparison will check them before it measures (its budget
     * against the fewest forks, the order, the settings of {@link #each(UnaryOperator)}: see
     * {@link Compare#check()}), without loading a task class: a mistake in them is found before the
     * first task runs, not when its own task comes. {@link #run()} calls it. The task classes are
     * loaded when their task runs: one that a build lacks fails that task alone.
     *
     * @return this suite
     * @throws IllegalArgumentException if a per-task budget names no task of the suite, or as
     *     {@link Compare#check()} does (naming the task where its own budget is at fault)
     * @throws IllegalStateException if a suite of pairs has no pair, or as {@link Compare#check()}
     *     does, or if the settings of {@link #each(UnaryOperator)} return null
     */
    public CompareSuite check() {
        List<String> tasks = tasks();
        checkState(!tasks.isEmpty(), "a suite of pairs needs at least one pair: add them with pair(name, a, b)");
        for (String named : budgets.keySet()) {
            checkArgument(tasks.contains(named), "a budget is given for '%s', which is no task of this suite: %s", named,
                    tasks);
        }
        for (String task : tasks) {
            if (!budgets.containsKey(task)) {
                check(task); // the suite's own settings: a mistake there is every task's
            }
        }
        for (String task : budgets.keySet()) {
            Compare compare = comparison(task); // a setting each() makes refused here is no budget's
            try {
                compare.checkSettings();
            } catch (IllegalArgumentException e) { // the one argument checkSettings() weighs: the budget against the forks
                throw new IllegalArgumentException(task + ", with its own budget: " + e.getMessage(), e);
            }
        }
        return this;
    }

    /**
     * {@link #check()} for the task {@code task} alone (a class name, or a pair's name), its
     * exception's message as {@link Compare#check()} words it: for a caller that names the setting
     * at fault itself, as the command line names {@code --budget-of}.
     *
     * @return this suite
     * @throws IllegalArgumentException if {@code task} is no task of this suite, or as {@link Compare#check()} does
     * @throws IllegalStateException as {@link Compare#check()} does
     */
    public CompareSuite check(String task) {
        checkArgument(tasks().contains(task), "'%s' is no task of this suite: %s", task, tasks());
        comparison(task).checkSettings();
        return this;
    }

    /**
     * Runs every task, one after another, handing each task's outcome to {@code afterEach} as it
     * ends (to print progress), and judges the suite. An interrupt ends the suite after the task
     * it interrupted; the tasks left are recorded as not run.
     *
     * @throws IllegalArgumentException as {@link #check()} does, before any task runs
     * @throws IllegalStateException as {@link #check()} does, before any task runs
     */
    public SuiteResult run(Consumer<SuiteResult.TaskOutcome> afterEach) {
        requireNonNull(afterEach, "afterEach");
        check();
        long start = System.nanoTime();
        List<SuiteResult.TaskOutcome> outcomes = new ArrayList<>();
        for (String task : tasks()) {
            SuiteResult.TaskOutcome outcome = Thread.currentThread().isInterrupted()
                    ? SuiteResult.TaskOutcome.failed(task, new IllegalStateException("not run: the suite was interrupted"))
                    : runOne(task);
            outcomes.add(outcome);
            afterEach.accept(outcome);
        }
        return new SuiteResult(outcomes, margin, Duration.ofNanos(System.nanoTime() - start));
    }

    private SuiteResult.TaskOutcome runOne(String task) {
        try {
            return SuiteResult.TaskOutcome.ran(task, comparison(task).run());
        } catch (RuntimeException e) {
            return SuiteResult.TaskOutcome.failed(task, e);
        } catch (LinkageError e) {
            return SuiteResult.TaskOutcome.failed(task, new IllegalStateException("task " + task + " does not link "
                    + "against one of the builds (it calls what that build lacks, or was compiled against another): " + e
                    + "; leave it out of the suite until both builds have what it calls", e));
        }
    }

    /** The comparison of one task, set up as the suite says. */
    Compare comparison(String task) {
        Compare compare;
        if (taskClasses != null) {
            compare = Compare.ofBuilds(task, classPathA, classPathB);
        } else {
            compare = pairs.get(task).get();
        }
        compare = each.apply(compare);
        checkState(compare != null, "the settings given to each() returned null; return the Compare they were given");
        compare.budget(budgets.getOrDefault(task, budget)).margin(margin);
        if (forks >= 0) {
            compare.forks(forks);
        }
        if (!jvmArgsAppend.isEmpty()) {
            compare.jvmArgsAppend(jvmArgsAppend);
        }
        if (classPath != null) {
            compare.classPath(classPath);
        }
        return compare;
    }
}
