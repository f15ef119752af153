package dev.counters.measure.internal.fork;

import dev.counters.measure.internal.TaskLoops;
import java.util.List;

/**
 * The JVM options that keep each task's {@link TaskLoop} a compiled method of its own in a fork, out
 * of the measuring code that A and B share, so that each task is compiled as if measured alone.
 *
 * <p>Why: A's loop and B's are called from the same measuring code (the pass that times a run, the
 * re-warming, the warm-up). Where a call site has seen one or two receiver classes, HotSpot inlines
 * them, and A's loop and B's, each with its task inlined, would become one compiled unit: what one
 * task's code becomes (what else gets inlined into it within the unit's budget, how its loops are
 * laid out) would depend on the other task. Measured on JDK 17 (docs/MEASURE.md, "Each task compiled
 * on its own"): a boxed {@code ArrayList} against an {@code int[]} read 5.5-7.6 in 13 forks (median
 * 7.2; the boxed list 118-209 µs a run), where JMH, each task alone, read 5.35-5.42; with the tasks
 * kept out of the shared code, 8 forks read 5.3-6.3 (median 5.5), their spread half as wide.
 *
 * <p>How: HotSpot's {@code -XX:CompileCommand=dontinline} on the loops ({@code TaskLoopCode} and its
 * hidden copies, whose names start with it). Each task's {@code run()} is inlined into its own loop,
 * as into JMH's generated loop. The cost is one call per run, the same for A and B. Other JVMs
 * ignore {@code -XX} options they do not know (OpenJ9 by default). Tasks run in this JVM (lambdas, or
 * no forks) still get a loop of their own each, but the loops may be inlined into the shared code.
 */
final class SeparateCompilation {
    /** The compile command's name of the loops: the class of their code and every hidden copy of it. */
    static final String LOOPS = TaskLoops.LOOP_METHODS;

    private SeparateCompilation() {}

    /** The options for a fork. */
    static List<String> options() {
        return List.of("-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline," + LOOPS);
    }
}
