package dev.counters.cli;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareSuite;
import dev.counters.measure.Task;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Which two tasks {@code counters compare} runs: the built-in workload at two sizes
 * ({@code --iterations-a}, {@code --iterations-b}), two task classes ({@code --task-a},
 * {@code --task-b}), or two builds of one class ({@code --task} with {@code --class-path-a} and
 * {@code --class-path-b}: the question a library author asks before a release). Several
 * {@code --task} (or {@code --tasks-in}) make a suite of two builds, several {@code --task-a} and
 * {@code --task-b} a suite of pairs, matched in the order given ({@link #suite(TaskOptions)}). A mix
 * of these is refused with a message saying which options go together.
 */
final class CompareTasks {
    /** A few milliseconds of the built-in workload: thousands of pairs fit in the default budget. */
    static final String DEFAULT_ITERATIONS = "2000000";

    @Option(names = "--task-a", paramLabel = "CLASS",
            description = "Class of task A, the baseline, implementing dev.counters.measure.Task (default: the built-in workload). "
                    + "Give it with --task-b more than once for a suite of pairs, matched in the order given.")
    List<String> tasksA;

    @Option(names = "--task-b", paramLabel = "CLASS",
            description = "Class of task B, the contender; ratios are B/A (default: the built-in workload).")
    List<String> tasksB;

    @Option(names = "--task", paramLabel = "CLASS",
            description = "A task class in two builds: A is CLASS from --class-path-a, B the same name from "
                    + "--class-path-b, each loaded in its own class loader (e.g. the released jar against the new one).")
    List<String> tasks;

    @Option(names = "--class-path-a", paramLabel = "PATH",
            description = "Jars and folders of build A of --task (with whatever it needs), separated by '${sys:path.separator}'.")
    String classPathA;

    @Option(names = "--class-path-b", paramLabel = "PATH",
            description = "Jars and folders of build B of --task, separated by '${sys:path.separator}'.")
    String classPathB;

    @Option(names = "--iterations-a", paramLabel = "N", defaultValue = DEFAULT_ITERATIONS,
            description = "Size of built-in task A in xorshift steps (default: ${DEFAULT-VALUE}, a few ms).")
    long iterationsA;

    @Option(names = "--iterations-b", paramLabel = "M", defaultValue = DEFAULT_ITERATIONS,
            description = "Size of built-in task B in xorshift steps (default: ${DEFAULT-VALUE}).")
    long iterationsB;

    @Option(names = "--tasks-in", paramLabel = "PACKAGE",
            description = "Every task class in PACKAGE (and its subpackages) of --class-path-b, each compared in its two "
                    + "builds: a suite, with one table at the end.")
    String suitePackage;

    /** The one task class of two builds compared alone. */
    String task() {
        return tasks.get(0);
    }

    /**
     * Whether this is a suite: classes in their two builds (more than one {@code --task}, or
     * {@code --tasks-in}), or more than one pair of {@code --task-a} and {@code --task-b}.
     */
    boolean suite() {
        return suitePackage != null || tasks != null && tasks.size() > 1 || tasksA != null && tasksA.size() > 1;
    }

    /**
     * The suite asked for: of two builds, each {@code --task} checked in both builds here (a usage
     * error names the class and the build), then every task of {@code --tasks-in} in build B; or of
     * pairs, each named {@code "A vs B"}, found in {@code --class-path} as one pair's classes are.
     */
    CompareSuite suite(TaskOptions options) {
        if (tasksA != null && tasksA.size() > 1) {
            CompareSuite pairs = CompareSuite.ofPairs();
            for (int i = 0; i < tasksA.size(); i++) {
                String a = tasksA.get(i);
                String b = tasksB.get(i);
                Class<? extends Task> typeA = TaskLoader.type(a, options.classPath);
                Class<? extends Task> typeB = TaskLoader.type(b, options.classPath);
                // As for one pair: the tasks' class path is read apart in each fork, so their libraries win.
                if (options.classPath == null) {
                    pairs.pair(a + " vs " + b, typeA, typeB);
                } else {
                    pairs.pair(a + " vs " + b, a, b, options.classPath);
                }
            }
            return pairs;
        }
        List<String> all = new ArrayList<>(tasks == null ? List.of() : tasks);
        for (String named : all) {
            TaskLoader.type(named, classPathA, "--class-path-a");
            TaskLoader.type(named, classPathB, "--class-path-b");
        }
        if (suitePackage != null) {
            all.addAll(CompareSuite.tasksIn(suitePackage, classPathB));
        }
        return CompareSuite.ofBuilds(List.copyOf(new LinkedHashSet<>(all)), classPathA, classPathB);
    }

    /** Whether A and B are two builds of one class ({@code --task}). */
    boolean builds() {
        return tasks != null && !tasks.isEmpty() || suitePackage != null;
    }

    /** Whether A and B are the user's classes, not the built-in workload. */
    boolean userClasses() {
        return tasksA != null || builds();
    }

    /** The one class of task A ({@code --task-a}), or null for the built-in workload. */
    private String taskA() {
        return tasksA == null ? null : tasksA.get(0);
    }

    /** The one class of task B ({@code --task-b}), or null for the built-in workload. */
    private String taskB() {
        return tasksB == null ? null : tasksB.get(0);
    }

    /** A for people: the class, the class and its build, or the built-in workload and its size. */
    String nameA() {
        return builds() ? task() + " from " + classPathA : taskA() != null ? taskA() : new SpinTask(iterationsA).toString();
    }

    /** B for people, as {@link #nameA()}. */
    String nameB() {
        return builds() ? task() + " from " + classPathB : taskB() != null ? taskB() : new SpinTask(iterationsB).toString();
    }

    /** A, to run in this JVM (not two builds). */
    WatchedTask a(TaskOptions options) {
        return options.task(taskA(), iterationsA);
    }

    /** B, to run in this JVM (not two builds). */
    WatchedTask b(TaskOptions options) {
        return options.task(taskB(), iterationsB);
    }

    /**
     * The comparison in fresh JVMs: of the two builds, of the two classes (found in {@code --class-path},
     * read in each JVM apart from the command line's own libraries, or on this JVM's class path), or
     * of the built-in workload, whose sizes
     * the forks read from system properties. The classes are checked here, before anything forks.
     */
    Compare forked(TaskOptions options) {
        if (builds()) {
            TaskLoader.type(task(), classPathA, "--class-path-a");
            TaskLoader.type(task(), classPathB, "--class-path-b");
            return Compare.ofBuilds(task(), classPathA, classPathB);
        }
        if (taskA() != null) {
            TaskLoader.type(taskA(), options.classPath);
            TaskLoader.type(taskB(), options.classPath);
            // Each fork's own class path is the command line's; the tasks' is read apart, so their libraries win.
            return options.classPath == null ? Compare.of(TaskLoader.type(taskA(), null), TaskLoader.type(taskB(), null))
                    : Compare.ofClasses(taskA(), taskB(), options.classPath);
        }
        return Compare.of(SpinTask.ForkedA.class, SpinTask.ForkedB.class)
                .systemProperty(SpinTask.ITERATIONS_A, Long.toString(iterationsA))
                .systemProperty(SpinTask.ITERATIONS_B, Long.toString(iterationsB));
    }

    /** Refuses options that do not go together, each with what to give instead. */
    void check(CommandSpec spec, TaskOptions options) {
        if (builds() && (tasksA != null || tasksB != null)) {
            throw usage(spec, "--task names one class in two builds (with --class-path-a and --class-path-b); --task-a "
                    + "and --task-b name two classes: give one or the other");
        }
        if (builds() && (classPathA == null || classPathB == null)) {
            throw usage(spec, "--task compares two builds of one class: give both --class-path-a (the baseline's jars "
                    + "and folders) and --class-path-b (the contender's)");
        }
        if (!builds() && (classPathA != null || classPathB != null)) {
            throw usage(spec, "--class-path-a and --class-path-b hold two builds of the class that --task names: add "
                    + "--task CLASS (for two classes of one build, give --task-a and --task-b, and --class-path)");
        }
        if (builds() && options.classPath != null) {
            throw usage(spec, "--class-path is for --task-a and --task-b; for two builds, put what both need in "
                    + "--class-path-a and in --class-path-b");
        }
        if ((tasksA == null) != (tasksB == null)) {
            throw usage(spec, "give both --task-a and --task-b, or neither (to compare the built-in workload with "
                    + "--iterations-a and --iterations-b)");
        }
        if (tasksA != null && tasksA.size() != tasksB.size()) {
            throw usage(spec, "a suite of pairs matches each --task-a with the --task-b in the same place: " + tasksA.size()
                    + " --task-a and " + tasksB.size() + " --task-b were given; give as many of each");
        }
        options.checkClassPathHasUse(spec, userClasses(), "--task-a and --task-b");
        for (String option : new String[] {"--iterations-a", "--iterations-b"}) {
            if (userClasses() && matched(spec, option)) {
                throw usage(spec, option + " sizes the built-in workload, which " + (builds() ? "--task" : "--task-a and "
                        + "--task-b") + " replace: leave it out (your task sets its own size)");
            }
        }
        OptionChecks.requireBetween(spec, "--iterations-a", iterationsA, 1, SpinTask.MAX_ITERATIONS);
        OptionChecks.requireBetween(spec, "--iterations-b", iterationsB, 1, SpinTask.MAX_ITERATIONS);
    }

    /** Whether the command line gave {@code option}, not only its default. */
    static boolean matched(CommandSpec spec, String option) {
        return spec.commandLine().getParseResult() != null && spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    private static ParameterException usage(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
