package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.Task;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** Makes the {@link TaskLoop}s of a {@code Compare}: a hidden copy of {@code TaskLoopCode} for each task. */
public final class TaskLoops {
    /** The loops' methods as a compile command names them: the class of their code and every hidden copy of it. */
    public static final String LOOP_METHODS = TaskLoopCode.class.getName() + "*::run";

    /** The class file of {@code TaskLoopCode}, read once. */
    private static final byte[] CODE = read(TaskLoopCode.class.getSimpleName() + ".class");

    private TaskLoops() {}

    /**
     * A loop of its own for {@code task}: over the instances of {@code task} if it is made of
     * several ({@link Placements}), else over {@code task} alone; every result but a run's last goes
     * to {@code sink} (the caller's pass takes the last).
     */
    public static TaskLoop copyFor(Task task, Sink sink) {
        requireNonNull(task, "task");
        requireNonNull(sink, "sink");
        try {
            MethodHandles.Lookup copy = MethodHandles.lookup().defineHiddenClass(CODE, true);
            return (TaskLoop) copy.findConstructor(copy.lookupClass(), MethodType.methodType(void.class, Task[].class, Sink.class))
                    .invoke(Placements.instances(task), sink);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot define the measuring loop of " + task + ": " + e, e);
        }
    }

    private static byte[] read(String name) {
        try (InputStream in = TaskLoopCode.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the class file " + name + " is missing beside " + TaskLoopCode.class.getName());
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the class file " + name, e);
        }
    }
}
