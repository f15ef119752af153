package dev.counters.examples.composition;

import com.google.common.base.Stopwatch;
import dev.counters.Counters;
import dev.counters.Tickers;
import dev.counters.examples.library.WordIndex;
import dev.counters.examples.library.WordIndex.OperationTimes;
import dev.counters.micrometer.CpuTimeObservationHandler;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * An application that composes the library {@link WordIndex} (which depends on counters-api only)
 * with what the application chooses: the platform module on its class path (here counters-posix or
 * counters-windows, at run time only), the thread's CPU time as the library's clock, Micrometer (a
 * {@link Timer} per library operation, fed by the library's listener, and a {@link CpuTimeObservationHandler}
 * around the whole job) and a Guava {@link Stopwatch} that runs on CPU time through {@link Tickers#of}.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp 'examples/target/classes:examples/target/lib/*' dev.counters.examples.composition.ComposedApplication
 * </pre>
 */
public final class ComposedApplication {
    /** The observation around the job; CpuTimeObservationHandler records {@code job.cpu}, {@code job.cpu.user}, ... */
    public static final String JOB = "wordindex.job";
    /** The library's operations, one Micrometer timer per operation tag. */
    public static final String OPERATION_TIMER = "wordindex.operation.cpu";
    private static final String[] WORDS = {"counter", "clock", "cycle", "thread", "kernel", "user", "scope", "tick",
        "frequency", "wall", "time", "stopwatch", "measure", "warm", "affinity", "priority"};

    private final MeterRegistry meters = new SimpleMeterRegistry();
    private final ObservationRegistry observations = ObservationRegistry.create();

    /** What one run did and measured; {@link #toString()} is what {@link #main} prints. */
    public record Report(String provider, int documents, int finds, Map<String, OperationTimes> libraryTimings,
                         long operationTimerCount, double operationTimerNanos, double jobCpuNanos,
                         long stopwatchCpuNanos, long stopwatchWallNanos) {
        @Override
        public String toString() {
            StringBuilder out = new StringBuilder();
            out.append("THREAD_TIMES served by: ").append(provider).append('\n');
            out.append(String.format(Locale.ROOT, "library: %d documents added, %d finds%n", documents, finds));
            libraryTimings.forEach((operation, times) -> out.append(String.format(Locale.ROOT,
                    "  library's own timing  %-4s x%-6d CPU %10.3f ms%n", operation, times.count(), times.totalNanoseconds() / 1e6)));
            out.append(String.format(Locale.ROOT, "Micrometer %s: %d recordings, %.3f ms in all%n",
                    OPERATION_TIMER, operationTimerCount, operationTimerNanos / 1e6));
            out.append(String.format(Locale.ROOT, "Micrometer %s.cpu (CpuTimeObservationHandler): %.3f ms%n", JOB, jobCpuNanos / 1e6));
            out.append(String.format(Locale.ROOT, "Guava Stopwatch on Tickers.of(Counters.threadTimes()): %.3f ms CPU%n", stopwatchCpuNanos / 1e6));
            out.append(String.format(Locale.ROOT, "Guava Stopwatch on its own (System.nanoTime): %.3f ms wall%n", stopwatchWallNanos / 1e6));
            return out.toString();
        }
    }

    public ComposedApplication() {
        observations.observationConfig().observationHandler(new CpuTimeObservationHandler(meters));
    }

    public static void main(String[] args) {
        System.out.print(new ComposedApplication().run(2_000, 2_000));
    }

    /** Adds {@code documents} generated documents to a new index, then runs {@code finds} two-word finds. */
    public Report run(int documents, int finds) {
        WordIndex index = new WordIndex(Counters::threadTimes, (operation, cpu) ->
                Timer.builder(OPERATION_TIMER).tag("operation", operation).register(meters).record(cpu));
        SplittableRandom random = new SplittableRandom(48);
        Stopwatch cpu = Stopwatch.createStarted(Tickers.of(Counters.threadTimes()));
        Stopwatch wall = Stopwatch.createStarted();
        Observation.createNotStarted(JOB, observations).observe(() -> {
            for (int d = 0; d < documents; d++) {
                StringBuilder text = new StringBuilder();
                for (int w = 0; w < 50; w++) {
                    text.append(WORDS[random.nextInt(WORDS.length)]).append(random.nextInt(100)).append(' ');
                }
                index.add(text.toString());
            }
            for (int f = 0; f < finds; f++) {
                index.find(WORDS[random.nextInt(WORDS.length)] + random.nextInt(100), WORDS[random.nextInt(WORDS.length)] + random.nextInt(100));
            }
        });
        long cpuNanos = cpu.stop().elapsed(TimeUnit.NANOSECONDS);
        long wallNanos = wall.stop().elapsed(TimeUnit.NANOSECONDS);
        long timerCount = 0;
        double timerNanos = 0;
        for (Timer timer : meters.find(OPERATION_TIMER).timers()) {
            timerCount += timer.count();
            timerNanos += timer.totalTime(TimeUnit.NANOSECONDS);
        }
        double jobCpu = meters.get(JOB + ".cpu").timer().totalTime(TimeUnit.NANOSECONDS);
        return new Report(Counters.threadTimes().getInfo().provider(), documents, finds, index.timings(),
                timerCount, timerNanos, jobCpu, cpuNanos, wallNanos);
    }
}
