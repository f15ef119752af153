package dev.counters.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.profile.Profiler;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Real JMH runs with the profiler, through the Runner API and the command line's options, checked
 * against what the benchmark threads record about themselves ({@link Truths}): their own CPU clock
 * and the kernel's per-thread tick accounting. Short runs; every bound is generous and none compares
 * two timings taken at different moments.
 */
class CpuTimeProfilerRunTest {
    private static final String PROFILER = CpuTimeProfiler.class.getName();
    static final List<String> ROWS = List.of(IterationFigures.WORKER, IterationFigures.WORKER_KERNEL,
            IterationFigures.WORKER_USER, IterationFigures.PROCESS, IterationFigures.PROCESS_KERNEL,
            IterationFigures.PROCESS_USER, IterationFigures.UTILISATION);

    private static ChainedOptionsBuilder shortRun(String benchmark) {
        return new OptionsBuilder().include("^" + java.util.regex.Pattern.quote(benchmark) + "$")
                .warmupIterations(1).warmupTime(TimeValue.milliseconds(300))
                .measurementIterations(3).measurementTime(TimeValue.milliseconds(300))
                .shouldFailOnError(true);
    }

    @Test
    void jmhFindsTheProfilerAsItListsThem() {
        assertTrue(StreamSupport.stream(ServiceLoader.load(Profiler.class).spliterator(), false)
                .anyMatch(CpuTimeProfiler.class::isInstance), "META-INF/services/org.openjdk.jmh.profile.Profiler");
    }

    /** A forked run of pure computation: every row, kernel + user == total, mostly user time, no more CPU than wall time. */
    @Test
    void aForkedComputationIsUserTimeAndNoMoreCpuThanWallTimePerOperation() throws Exception {
        ProfiledRun run = ProfiledRun.of(shortRun(ProfiledBenchmarks.COMPUTE).forks(1).addProfiler(CpuTimeProfiler.class));
        assertEquals(3, run.iterations.size());
        // The profiler gave the fork native access: no JDK 24+ warning for JNA or FFM.
        assertFalse(run.output.contains("restricted method"), run.output);
        assertTrue(run.output.contains(CpuTimeProfiler.NATIVE_ACCESS), "the fork's JVM options, as JMH prints them");
        for (ProfiledRun.Iteration iteration : run.iterations) {
            assertTrue(iteration.secondary().keySet().containsAll(ROWS), iteration.secondary().keySet()::toString);
            assertKernelPlusUserIsTotal(iteration, "worker");
            assertKernelPlusUserIsTotal(iteration, "process");
            double worker = iteration.get(IterationFigures.WORKER);
            assertTrue(worker > 0 && worker <= 1.10 * iteration.score(), () -> "worker CPU " + worker
                    + " ns/op against a wall time of " + iteration.score() + " ns/op");
            assertTrue(iteration.get(IterationFigures.PROCESS) >= 0.95 * worker, "the process includes its workers");
            double utilisation = iteration.get(IterationFigures.UTILISATION);
            assertTrue(utilisation > 0 && utilisation <= 1.02, () -> "utilisation " + utilisation);
        }
        for (int i = 0; i < run.iterations.size(); i++) {
            // The thread's own account of the same iteration: exact CPU time, and /proc's ticks for the split.
            Truths.Line truth = run.truths.get(i);
            ProfiledRun.Iteration iteration = run.iterations.get(i);
            double profiled = iteration.get(IterationFigures.WORKER) * iteration.operations();
            assertTrue(profiled >= 0.98 * truth.cpuNanos() && profiled <= 1.05 * truth.cpuNanos() + 5e6,
                    () -> "profiler " + profiled + " ns against the thread's own " + truth.cpuNanos() + " ns");
            double userShare = iteration.get(IterationFigures.WORKER_USER) / iteration.get(IterationFigures.WORKER);
            if (!Double.isNaN(truth.systemShare())) {
                assertTrue(Math.abs(userShare - (1 - truth.systemShare())) <= 0.10,
                        () -> "user share " + userShare + ", /proc says " + (1 - truth.systemShare()));
            } else {
                assertTrue(userShare >= 0.9, () -> "user share of pure computation " + userShare);
            }
        }
    }

    /** Two threads, through the command line's options: the workers' CPU is the sum of both threads' own clocks. */
    @Test
    void withTwoThreadsTheWorkersCpuIsTheSumOfBothThreadsOwnClocks() throws Exception {
        CommandLineOptions commandLine = new CommandLineOptions("^" + ProfiledBenchmarks.COMPUTE + "$", "-t", "2", "-f", "0",
                "-wi", "1", "-w", "300ms", "-i", "3", "-r", "300ms", "-foe", "true", "-prof", PROFILER + ":unit=ns;process=false");
        ProfiledRun run = ProfiledRun.of(new OptionsBuilder().parent(commandLine));
        assertEquals(3, run.iterations.size());
        assertEquals(6, run.truths.size(), "one line per thread and measured iteration");
        for (int i = 0; i < run.iterations.size(); i++) {
            ProfiledRun.Iteration iteration = run.iterations.get(i);
            assertTrue(!iteration.secondary().containsKey(IterationFigures.PROCESS), "process=false");
            long threads = run.truths.get(2 * i).cpuNanos() + run.truths.get(2 * i + 1).cpuNanos();
            double profiled = iteration.get(IterationFigures.WORKER) * iteration.operations();
            System.out.printf("-t 2 iteration %d: profiler %.3f ms, ThreadMXBean sum over the workers %.3f ms%n",
                    i, profiled / 1e6, threads / 1e6);
            // The profiler's window is a little wider than the threads' setup-to-teardown: its excess is bounded.
            assertTrue(profiled >= 0.98 * threads && profiled <= 1.05 * threads + 5e6,
                    () -> "profiler " + profiled + " ns against the threads' own sum " + threads + " ns");
        }
    }

    /** Reading /dev/zero: the kernel share agrees with the kernel's own per-thread ticks over the same iterations. */
    @Test
    void readingDevZeroIsKernelTimeAsProcStatSaysOverTheSameIterations() throws Exception {
        assumeTrue(Files.exists(Path.of("/proc/thread-self/stat")), "needs Linux /proc");
        ProfiledRun run = ProfiledRun.of(shortRun(ProfiledBenchmarks.READ_ZERO).forks(0)
                .measurementTime(TimeValue.milliseconds(500)).addProfiler(CpuTimeProfiler.class, "unit=us"));
        for (int i = 0; i < run.iterations.size(); i++) {
            ProfiledRun.Iteration iteration = run.iterations.get(i);
            Truths.Line truth = run.truths.get(i);
            assertEquals("us/op", iteration.secondary().get(IterationFigures.WORKER).getScoreUnit());
            assertKernelPlusUserIsTotal(iteration, "worker");
            double kernelShare = iteration.get(IterationFigures.WORKER_KERNEL) / iteration.get(IterationFigures.WORKER);
            long ticks = truth.userTicks() + truth.systemTicks();
            System.out.printf("/dev/zero iteration %d: kernel share %.3f, /proc/thread-self/stat %.3f (%d ticks)%n",
                    i, kernelShare, truth.systemShare(), ticks);
            assertTrue(ticks >= 10, "too few ticks to compare: " + ticks);
            // Both are the kernel's ratio of sampled ticks, over windows a few ticks apart.
            double slack = 0.05 + 3.0 / ticks;
            assertTrue(Math.abs(kernelShare - truth.systemShare()) <= slack, () -> "kernel share " + kernelShare
                    + ", /proc says " + truth.systemShare() + " (slack " + slack + ")");
        }
    }

    static void assertKernelPlusUserIsTotal(ProfiledRun.Iteration iteration, String who) {
        double total = iteration.get("cpu." + who + ".norm");
        double sum = iteration.get("cpu." + who + ".kernel.norm") + iteration.get("cpu." + who + ".user.norm");
        assertEquals(total, sum, total * 1e-12, who + ": kernel + user == total");
    }
}
