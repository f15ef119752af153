package dev.counters.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The profiler in a forked JMH run on whatever OS this is, through the platform reader (not the
 * ThreadMXBean fallback): the run that {@code scripts/windows-tests-under-wine.sh} repeats on
 * Windows JDK 17 and 25 (tag {@value #TAG}). Few, short iterations: JMH forks are slow under Wine.
 */
@Tag(PlatformRunTest.TAG)
class PlatformRunTest {
    static final String TAG = "platform-run";

    @Test
    void aForkedRunReportsEveryRowFromThePlatformsExactReader() throws Exception {
        WorkerClocks clocks = WorkerClocks.find();
        System.out.println("worker CPU read through: " + clocks.description());
        assertTrue(clocks.exactSplit(), clocks::description);

        ProfiledRun run = ProfiledRun.of(new OptionsBuilder()
                .include("^" + java.util.regex.Pattern.quote(ProfiledBenchmarks.COMPUTE) + "$")
                .forks(1).warmupIterations(1).warmupTime(TimeValue.milliseconds(200))
                .measurementIterations(2).measurementTime(TimeValue.milliseconds(300))
                .shouldFailOnError(true).addProfiler(CpuTimeProfiler.class));
        assertEquals(2, run.iterations.size());
        for (ProfiledRun.Iteration iteration : run.iterations) {
            assertTrue(iteration.secondary().keySet().containsAll(CpuTimeProfilerRunTest.ROWS),
                    iteration.secondary().keySet()::toString);
            CpuTimeProfilerRunTest.assertKernelPlusUserIsTotal(iteration, "worker");
            CpuTimeProfilerRunTest.assertKernelPlusUserIsTotal(iteration, "process");
            double worker = iteration.get(IterationFigures.WORKER);
            assertTrue(worker > 0 && worker <= 1.10 * iteration.score(),
                    () -> "worker CPU " + worker + " ns/op against a wall time of " + iteration.score() + " ns/op");
            System.out.printf("compute: %.1f ns/op wall, cpu.worker.norm %.1f ns/op (kernel %.1f, user %.1f), utilisation %.3f%n",
                    iteration.score(), worker, iteration.get(IterationFigures.WORKER_KERNEL),
                    iteration.get(IterationFigures.WORKER_USER), iteration.get(IterationFigures.UTILISATION));
        }
    }
}
