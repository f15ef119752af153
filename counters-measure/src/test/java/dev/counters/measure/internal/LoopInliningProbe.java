package dev.counters.measure.internal;

import dev.counters.measure.Task;

/**
 * A main for {@code ForkedCompareTest}: calls two {@link TaskLoop}s from one call site often enough
 * for HotSpot to compile it, so that {@code -XX:+PrintInlining} shows what it inlined.
 */
public final class LoopInliningProbe {
    /** A task small enough to be inlined anywhere. */
    public static final class Steps implements Task {
        private int steps;

        @Override
        public Object run() {
            return ++steps;
        }
    }

    private LoopInliningProbe() {}

    public static void main(String[] args) throws Exception {
        Sink sink = new Sink();
        TaskLoop a = TaskLoops.copyFor(new Steps(), sink);
        TaskLoop b = TaskLoops.copyFor(new Steps(), sink);
        long sum = 0;
        for (int i = 0; i < 200_000; i++) {
            sum += both(a, b);
        }
        System.out.println("steps " + sum);
    }

    /** The one call site that sees both loops. */
    private static long both(Task a, Task b) throws Exception {
        return (Integer) a.run() + (Integer) b.run();
    }
}
