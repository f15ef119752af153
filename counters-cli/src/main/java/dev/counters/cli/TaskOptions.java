package dev.counters.cli;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options of the commands that run the user's tasks ({@code measure}, {@code compare}): where
 * to find task classes, whether a failing task shows its stack trace, and {@code --timeout}. It
 * also runs the command's work with the tasks the way both need: on {@link TimeLimit}'s thread,
 * watched for {@code System.exit} from before the first task class is loaded, so that a task that
 * exits, throws or hangs in its constructor or static initialiser is reported like one that does so
 * in {@code run()}.
 */
final class TaskOptions {
    @Option(names = "--class-path", paramLabel = "PATH",
            description = "Jars and folders to find the task classes in, separated by '${sys:path.separator}'.")
    String classPath;

    @Option(names = "--stack-trace", description = "When a task fails, show where: its stack trace.")
    boolean stackTrace;

    @Mixin
    TimeLimit limit;

    /**
     * The task of class {@code className}, loaded when {@link #run} starts, or the built-in workload
     * of {@code iterations} steps if {@code className} is null.
     */
    WatchedTask task(String className, long iterations) {
        if (className == null) {
            SpinTask builtIn = new SpinTask(iterations);
            return WatchedTask.loaded(builtIn, builtIn.toString());
        }
        return WatchedTask.toLoad(className, () -> TaskLoader.load(className, classPath));
    }

    /**
     * Refuses {@code --class-path} without a task class to find in it.
     *
     * @param taskNamed whether the command line names a task class
     * @param taskOptions the options that name them, for the message, e.g. {@code "--task"}
     */
    void checkClassPathHasUse(CommandSpec spec, boolean taskNamed, String taskOptions) {
        if (classPath != null && !taskNamed) {
            throw new ParameterException(spec.commandLine(), "--class-path needs " + taskOptions + ": name the class to load from it");
        }
    }

    /**
     * Loads {@code tasks}, then calls {@code work}, on a thread of its own bounded by
     * {@code --timeout}, while an exit of any task, loading included, is reported as exit 2.
     *
     * @param labels how each task is named where the message has to tell them apart, e.g. {@code "A"}, {@code "B"}; empty for one task
     * @throws TimeLimit.Reached if {@code --timeout} passed first
     */
    <T> T run(CommandSpec spec, List<WatchedTask> tasks, List<String> labels, Callable<T> work) {
        String names = tasks.stream().map(WatchedTask::name).collect(Collectors.joining(" / "));
        return watched(spec, names, () -> whereNow(tasks, labels), () -> {
            tasks.forEach(WatchedTask::load);
            return work.call();
        });
    }

    /**
     * Calls {@code work} on a thread of its own bounded by {@code --timeout}, while an exit of any
     * thread but the command's is reported as the task {@code names} calling {@code System.exit}
     * during {@code where}, exit 2.
     *
     * @throws TimeLimit.Reached if {@code --timeout} passed first
     */
    <T> T watched(CommandSpec spec, String names, Supplier<String> where, Callable<T> work) {
        try (ExitWatch exits = ExitWatch.open(names, where, spec.commandLine().getErr(), spec.qualifiedName() + ": ")) {
            return limit.call(spec.qualifiedName(), work, where);
        }
    }

    /** Where each task is now: {@code "A: the comparison, call 7, B: the comparison, call 6"}. */
    private static String whereNow(List<WatchedTask> tasks, List<String> labels) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < tasks.size(); i++) {
            text.append(i == 0 ? "" : ", ").append(labels.isEmpty() ? "" : labels.get(i) + ": ").append(tasks.get(i).whereNow());
        }
        return text.toString();
    }
}
