package dev.counters.measure.internal;

import dev.counters.measure.Task;

/**
 * The code of every {@link TaskLoop}: each task runs through a hidden copy of this class, never
 * through this class itself, so that each copy's call to {@code run()} sees one task's class only.
 */
final class TaskLoopCode implements TaskLoop {
    private final Task[] instances;
    private final Sink sink;
    private int current;
    private int invocations = 1;

    TaskLoopCode(Task[] instances, Sink sink) {
        this.instances = instances;
        this.sink = sink;
    }

    @Override
    public Object run() throws Exception {
        Task task = instances[current];
        for (int i = 1; i < invocations; i++) {
            sink.consume(task.run());
        }
        return task.run();
    }

    @Override
    public void next() {
        current = current + 1 == instances.length ? 0 : current + 1;
    }

    @Override
    public int instances() {
        return instances.length;
    }

    @Override
    public void invocations(int invocations) {
        if (invocations < 1) {
            throw new IllegalArgumentException("a run holds at least one invocation, was " + invocations);
        }
        this.invocations = invocations;
    }
}
