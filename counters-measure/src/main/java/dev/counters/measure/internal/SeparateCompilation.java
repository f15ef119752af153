package dev.counters.measure.internal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The JVM options that keep each task's {@code run()} a compiled method of its own in a fork, out
 * of the measuring code that A and B share, so that each task is compiled as if measured alone.
 *
 * <p>Why: A and B run through the same measuring code (the batch loop, the rotation of
 * {@link Placements}). Where a call site has seen one or two receiver classes, HotSpot inlines the
 * tasks' {@code run()} into it, and A's body and B's then become one compiled unit: what one task's
 * code becomes (what else gets inlined into it within the unit's budget, how its loops are laid out)
 * depends on the other task. JMH gives every benchmark a generated loop of its own and cannot meet
 * this. Measured on JDK 17 (docs/MEASURE.md, "Each task compiled on its own"): a boxed {@code ArrayList}
 * against an {@code int[]} read 5.5-7.6 in 13 forks (median 7.2; the boxed list 118-209 µs a run),
 * where JMH, each task alone, read 5.35-5.42; with {@code run()} kept out of the shared code, 8 forks
 * read 5.3-6.3 (median 5.5), their spread half as wide.
 *
 * <p>How: HotSpot's {@code -XX:CompileCommand=dontinline} on the class that declares each task's
 * {@code run()} (the task class itself, or the superclass it inherits {@code run()} from, when this
 * JVM can load it). Everything a task's {@code run()} calls is still inlined into it, as the JIT would
 * alone. The cost is one call per invocation, a nanosecond or two, which only a task of a few
 * nanoseconds feels; it is the same for A and B. Other JVMs ignore {@code -XX} options they do not
 * know (OpenJ9 by default). Tasks run in this JVM (lambdas, or no forks) get no such separation.
 */
final class SeparateCompilation {
    private SeparateCompilation() {}

    /** The options for forks that compare {@code classA} and {@code classB} (fully qualified names). */
    static List<String> options(String classA, String classB) {
        Set<String> holders = new LinkedHashSet<>(List.of(runHolder(classA), runHolder(classB)));
        List<String> options = new ArrayList<>();
        options.add("-XX:CompileCommand=quiet");
        for (String holder : holders) {
            options.add("-XX:CompileCommand=dontinline," + holder + "::run");
        }
        return options;
    }

    /**
     * The class that declares {@code className}'s {@code run()}: a compile command names the method's
     * holder, which is a superclass where {@code run()} is inherited. The name itself where this JVM
     * cannot load the class (a class path only the forks have).
     */
    static String runHolder(String className) {
        try {
            ClassLoader loader = Thread.currentThread().getContextClassLoader();
            Class<?> task = Class.forName(className, false, loader != null ? loader : SeparateCompilation.class.getClassLoader());
            return task.getMethod("run").getDeclaringClass().getName();
        } catch (ReflectiveOperationException | LinkageError e) {
            return className;
        }
    }
}
