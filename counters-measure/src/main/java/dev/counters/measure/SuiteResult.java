package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import dev.counters.internal.Durations;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The outcome of a {@link CompareSuite}: each task's {@link CompareResult}, or the exception that
 * ended it ({@link #tasks()}), and what the suite means for a performance gate
 * ({@link #gateOutcome()}). Data to read; the decision of each task is its result's
 * {@link CompareResult#gateOutcome()}, and the suite's follows from them by one rule:
 * {@link GateOutcome#REGRESSED} if any task regressed, else {@link GateOutcome#FAILED} if any
 * task could not be measured, else {@link GateOutcome#UNDECIDED} if any task could not tell, else
 * {@link GateOutcome#PASSED}.
 *
 * <p>{@link #toString()} is a table, one line a task: its verdict, B/A with its interval, and the
 * time of one run of A and of B.
 */
public final class SuiteResult {
    private final List<TaskOutcome> tasks;
    private final double margin;
    private final Duration elapsed;

    SuiteResult(List<TaskOutcome> tasks, double margin, Duration elapsed) {
        this.tasks = List.copyOf(tasks);
        this.margin = margin;
        this.elapsed = requireNonNull(elapsed, "elapsed");
    }

    /** Every task's outcome, in the order they ran. */
    public List<TaskOutcome> tasks() {
        return tasks;
    }

    /** The outcome of the task named {@code task} (a class name, or a pair's name), if the suite has it. */
    public Optional<TaskOutcome> task(String task) {
        return tasks.stream().filter(t -> t.task().equals(task)).findFirst();
    }

    /**
     * What the suite means for a gate: {@link GateOutcome#REGRESSED} if any task regressed;
     * {@link GateOutcome#FAILED} if none did but one could not be measured (a regression found is
     * said first: it holds whatever the task that failed would have shown);
     * {@link GateOutcome#UNDECIDED} if every task ran but one could not tell;
     * {@link GateOutcome#PASSED} if every task passed.
     */
    public GateOutcome gateOutcome() {
        for (GateOutcome worst : List.of(GateOutcome.REGRESSED, GateOutcome.FAILED, GateOutcome.UNDECIDED)) {
            if (tasks.stream().anyMatch(t -> t.gateOutcome() == worst)) {
                return worst;
            }
        }
        return GateOutcome.PASSED;
    }

    /** The tasks whose comparison regressed. */
    public List<TaskOutcome> regressions() {
        return tasks.stream().filter(t -> t.gateOutcome() == GateOutcome.REGRESSED).collect(Collectors.toList());
    }

    /** The tasks that failed to run: the task threw, a fork died, or a build lacks the class. */
    public List<TaskOutcome> failures() {
        return tasks.stream().filter(t -> t.failure().isPresent()).collect(Collectors.toList());
    }

    /** The margin every task was judged with, a share (0.02 for 2%). */
    public double margin() {
        return margin;
    }

    /** How long the whole suite took. */
    public Duration elapsed() {
        return elapsed;
    }

    /**
     * The suite in one sentence: its gate outcome and how many tasks regressed, could not tell,
     * failed and passed, with the regressed tasks named.
     */
    public String summary() {
        long passed = tasks.stream().filter(t -> t.gateOutcome() == GateOutcome.PASSED).count();
        long undecided = tasks.stream().filter(t -> t.gateOutcome() == GateOutcome.UNDECIDED).count();
        String regressed = regressions().stream().map(TaskOutcome::task).collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, "%s: %d of %d tasks regressed beyond a margin of %s%s, %d undecided, %d failed, "
                + "%d passed (%s).", gateOutcome(), regressions().size(), tasks.size(), percent(margin),
                regressed.isEmpty() ? "" : " (" + regressed + ")", undecided, failures().size(), passed,
                Durations.format(elapsed));
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }

    /** The summary, then one line a task. */
    @Override
    public String toString() {
        StringBuilder table = new StringBuilder(summary()).append('\n');
        for (TaskOutcome task : tasks) {
            table.append("  ").append(task).append('\n');
        }
        return table.toString();
    }

    /** One task of a suite: its comparison's result, or the exception that ended it. */
    public static final class TaskOutcome {
        private final String task;
        private final CompareResult result;
        private final RuntimeException failure;

        private TaskOutcome(String task, CompareResult result, RuntimeException failure) {
            this.task = requireNonNull(task, "task");
            this.result = result;
            this.failure = failure;
        }

        static TaskOutcome ran(String task, CompareResult result) {
            return new TaskOutcome(task, requireNonNull(result, "result"), null);
        }

        static TaskOutcome failed(String task, RuntimeException failure) {
            return new TaskOutcome(task, null, requireNonNull(failure, "failure"));
        }

        /** The task's name: its class name for two builds, the pair's name for pairs. */
        public String task() {
            return task;
        }

        /** The comparison's result; empty if the task failed. */
        public Optional<CompareResult> result() {
            return Optional.ofNullable(result);
        }

        /** Why the task has no result; empty if it ran. */
        public Optional<RuntimeException> failure() {
            return Optional.ofNullable(failure);
        }

        /** The result's {@link CompareResult#gateOutcome()}; {@link GateOutcome#FAILED} for a task that failed to run. */
        public GateOutcome gateOutcome() {
            return result != null ? result.gateOutcome() : GateOutcome.FAILED;
        }

        /**
         * One line: the task, its gate outcome and verdict, B/A with its interval and the time of one
         * run of A and of B; or the failure.
         */
        @Override
        public String toString() {
            if (result == null) {
                return task + ": FAILED, " + failure;
            }
            Conclusion conclusion = result.conclusion();
            return String.format(Locale.ROOT, "%s: %s, %s, B/A %.4f [%.4f, %.4f] (%s), A %s, B %s per run", task,
                    gateOutcome(), result.verdict().label(), conclusion.ratio(), conclusion.low(), conclusion.high(),
                    conclusion.clock(), Durations.formatNanos(result.nanosPerRunA()),
                    Durations.formatNanos(result.nanosPerRunB()));
        }
    }
}
