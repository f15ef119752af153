package dev.counters.examples;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.Task;
import dev.counters.measure.TaskFailedException;

/**
 * The user's {@code --task} as {@code counters measure} runs it. Whatever the task throws,
 * unchecked exceptions and errors such as {@link StackOverflowError} included, reaches
 * {@link dev.counters.measure.Measure} as a checked exception, which it reports as a
 * {@link TaskFailedException} naming the run; {@link #failure} turns that into the message the user
 * sees. It also keeps the phase and the number of calls made in it, for a {@code --timeout} or a
 * {@code System.exit} that interrupts the task.
 */
final class WatchedTask implements Task {
    private final Task task;
    private final String name;
    private volatile String phase = "loading";
    private volatile int calls;

    WatchedTask(Task task, String name) {
        this.task = requireNonNull(task, "task");
        this.name = requireNonNull(name, "name");
    }

    String name() {
        return name;
    }

    /** Starts counting the calls of a new phase, such as {@code "the unprepared runs"}. */
    void enter(String phase) {
        this.phase = requireNonNull(phase, "phase");
        calls = 0;
    }

    /** Where the task is now, for people: {@code "the prepared runs (warm-up included), call 7"}. */
    String whereNow() {
        return phase + ", call " + calls;
    }

    @Override
    public Object run() throws Exception {
        calls++;
        try {
            return task.run();
        } catch (RuntimeException | Error e) {
            throw new Unchecked(e);
        }
    }

    /**
     * What the user is told of {@code failure}, which {@code Measure} threw in {@code phaseName}
     * (e.g. {@code "unprepared"}): the task, the run, and what the task itself threw.
     */
    TaskRunFailure failure(String phaseName, TaskFailedException failure, boolean showStackTrace) {
        Throwable thrown = failure.getCause() instanceof Unchecked unchecked ? unchecked.getCause() : failure.getCause();
        return new TaskRunFailure(name, phaseName + " " + failure.phase(), thrown, showStackTrace);
    }

    @Override
    public String toString() {
        return name;
    }

    /** Carries an unchecked throwable of the task through {@code Measure}, which wraps only checked ones. */
    private static final class Unchecked extends Exception {
        private static final long serialVersionUID = 1L;

        Unchecked(Throwable cause) {
            super(cause);
        }
    }
}
