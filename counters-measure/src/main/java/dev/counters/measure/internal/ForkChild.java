package dev.counters.measure.internal;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult.ClockComparison;
import dev.counters.measure.CompareResult;
import dev.counters.measure.Task;
import java.time.Duration;
import java.util.Locale;

/**
 * The {@code main} of one fork of a {@link ForkedCompare}: a fresh JVM that loads the two task
 * classes, runs an in-process {@link Compare} of them within its share of the budget, and prints
 * one line that the parent reads ({@link #RESULT}, then {@code key=value} fields). Whatever else a
 * task prints goes before it and is ignored; a failure ends the JVM with exit code 1 and the reason
 * on standard error.
 */
public final class ForkChild {
    /** The first word of the result line. */
    static final String RESULT = "counters-fork-result";

    private ForkChild() {}

    /** {@code CLASS_A CLASS_B BUDGET_MS CONFIDENCE MARGIN TARGET BY}. */
    public static void main(String[] args) throws ReflectiveOperationException {
        if (args.length != 7) {
            System.err.println("usage: ForkChild CLASS_A CLASS_B BUDGET_MS CONFIDENCE MARGIN TARGET BY (started by ForkedCompare)");
            System.exit(2);
        }
        Task a = newTask(args[0]);
        Task b = newTask(args[1]);
        CompareResult result = Compare.of(a, b)
                .budget(Duration.ofMillis(Long.parseLong(args[2])))
                .confidence(Double.parseDouble(args[3]))
                .margin(Double.parseDouble(args[4]))
                .target(Double.parseDouble(args[5]))
                .by(Compare.JudgedBy.valueOf(args[6]))
                .run();
        System.out.println(line(result));
    }

    static String line(CompareResult result) {
        ClockComparison wall = result.wall();
        ClockComparison cpu = result.threadCpu();
        return String.format(Locale.ROOT, "%s wall=%s cpu=%s aWall=%s bWall=%s aCpu=%s bCpu=%s pairs=%d verdict=%s machine=%s",
                RESULT, wall.ratio(), cpu.ratio(), wall.medianA(), wall.medianB(), cpu.medianA(), cpu.medianB(), result.pairs(),
                result.verdict().name(), result.noise().machine());
    }

    private static Task newTask(String className) throws ReflectiveOperationException {
        return Class.forName(className).asSubclass(Task.class).getConstructor().newInstance();
    }
}
