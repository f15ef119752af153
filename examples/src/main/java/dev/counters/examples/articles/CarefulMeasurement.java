package dev.counters.examples.articles;

import dev.counters.measure.Measure;
import dev.counters.measure.MeasureResult;
import dev.counters.measure.Task;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A careful measurement as the Stopwatch article makes one: warm the code up until its times are
 * stable, pin the measuring thread to one processor, raise its priority, and measure many repeats,
 * reading a trimmed summary rather than one run. {@link Measure} does each step; the result says
 * which preparation the platform allowed (an unprivileged process may not raise its priority), how
 * the warm-up ended, the wall and CPU statistics, and how noisy the machine was meanwhile.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp 'examples/target/classes:examples/target/lib/*' dev.counters.examples.articles.CarefulMeasurement
 * </pre>
 */
public final class CarefulMeasurement {
    /** The task: sorting a copy of this many ints. */
    public static final int SIZE = 20_000;
    private static final int[] DATA = new SplittableRandom(48).ints(SIZE).toArray();

    private CarefulMeasurement() {}

    public static void main(String[] args) {
        MeasureResult result = measure(CarefulMeasurement::sortACopy, Duration.ofMillis(500), 21);
        System.out.print(summary(result));
    }

    /** Measures {@code task} (main: {@link #sortACopy}), warmed up for at most {@code warmUp}, pinned, at high priority. */
    public static MeasureResult measure(Task task, Duration warmUp, int repetitions) {
        return Measure.of(task)
                .warmUp(warmUp)
                .pinned()
                .highPriority()
                .calibrated()
                .repetitions(repetitions)
                .run();
    }

    /** The task: sorting a copy of {@link #SIZE} ints. */
    public static int[] sortACopy() {
        int[] copy = DATA.clone();
        Arrays.sort(copy);
        return copy;
    }

    /** A line on the task, and the result's own report: the table, warm-up, preparation, noise, overhead. */
    public static String summary(MeasureResult result) {
        return "sorting a copy of " + SIZE + " ints, measured by Measure (warm-up, pinned, high priority, calibrated):\n"
                + result + "\n";
    }
}
