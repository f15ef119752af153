package dev.counters.cli;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.Task;
import dev.counters.measure.TaskFailedException;
import java.util.function.Supplier;

/**
 * The user's {@code --task} as {@code counters measure} and {@code compare} run it. It is loaded
 * by {@link #load} on the thread that runs it, inside the watch for {@code System.exit} and the
 * {@code --timeout} ({@link TaskOptions#run}), so that what its constructor or static initialiser
 * does is watched too. What the task throws, {@code Measure} reports as a
 * {@link TaskFailedException} naming the run (exceptions, and the task's own errors: a stack
 * overflow, a failed assertion, a class it cannot link; the JVM running out of memory passes
 * through, to be reported as such); {@link #failure}
 * turns that into the message the user sees. It also keeps the phase and the number of calls made
 * in it, for a {@code --timeout} or a {@code System.exit} that interrupts the task.
 */
final class WatchedTask implements Task {
    /** Where a task is between {@link #load} and the first phase a command enters. */
    private static final String LOADED = "loaded, not yet run";

    private final String name;
    private final Supplier<Task> loader;
    private volatile Task task;
    private volatile String phase = LOADED;
    private volatile int calls;

    private WatchedTask(String name, Supplier<Task> loader) {
        this.name = requireNonNull(name, "name");
        this.loader = requireNonNull(loader, "loader");
    }

    /** A task that {@link #load} creates with {@code loader}: the user's class, named {@code name}. */
    static WatchedTask toLoad(String name, Supplier<Task> loader) {
        return new WatchedTask(name, loader);
    }

    /** A task already made, such as the built-in workload. */
    static WatchedTask loaded(Task task, String name) {
        requireNonNull(task, "task");
        WatchedTask watched = new WatchedTask(name, () -> task);
        watched.load();
        return watched;
    }

    String name() {
        return name;
    }

    /** Creates the task, once; its class is loaded and initialised here, on the calling thread. */
    void load() {
        if (task == null) {
            task = loader.get();
        }
    }

    /** Starts counting the calls of a new phase, such as {@code "the unprepared runs"}. */
    void enter(String phase) {
        this.phase = requireNonNull(phase, "phase");
        calls = 0;
    }

    /**
     * Where the task is now, for people: {@code "the prepared runs (warm-up included), call 7"}, or
     * {@code "its loading (constructor or static initialiser)"}.
     */
    String whereNow() {
        if (task == null) {
            return "its loading (constructor or static initialiser)";
        }
        return phase.equals(LOADED) ? LOADED : phase + ", call " + calls;
    }

    @Override
    public Object run() throws Exception {
        Task loadedTask = task;
        if (loadedTask == null) {
            throw new IllegalStateException(name + " was not loaded; call load() first");
        }
        calls++;
        return loadedTask.run();
    }

    /**
     * What the user is told of {@code failure}, which {@code Measure} threw in {@code phaseName}
     * (e.g. {@code "unprepared"}): the task, the run, and what the task itself threw.
     */
    TaskRunFailure failure(String phaseName, TaskFailedException failure, boolean showStackTrace) {
        return new TaskRunFailure(name, phaseName + " " + failure.phase(), failure.getCause(), showStackTrace);
    }

    @Override
    public String toString() {
        return name;
    }
}
