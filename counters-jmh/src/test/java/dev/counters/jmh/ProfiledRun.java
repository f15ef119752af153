package dev.counters.jmh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;

/** One JMH run through the Runner API, with each measured iteration's profiler rows and the benchmark's own truths. */
final class ProfiledRun {
    final RunResult result;
    final List<Iteration> iterations;
    final List<Truths.Line> truths;
    /** What JMH printed, the forks' own output included. */
    final String output;

    /** One measured iteration: its operation count, primary score and secondary results. */
    record Iteration(long operations, double score, Map<String, Result> secondary) {
        double get(String label) {
            Result result = secondary.get(label);
            if (result == null) {
                throw new AssertionError(label + " missing from " + secondary.keySet());
            }
            return result.getScore();
        }
    }

    private ProfiledRun(RunResult result, List<Truths.Line> truths, String output) {
        this.result = result;
        this.truths = truths;
        this.output = output;
        List<Iteration> measured = new ArrayList<>();
        for (BenchmarkResult benchmark : result.getBenchmarkResults()) {
            for (IterationResult iteration : benchmark.getIterationResults()) {
                measured.add(new Iteration(iteration.getMetadata().getAllOps(), iteration.getPrimaryResult().getScore(),
                        iteration.getSecondaryResults()));
            }
        }
        this.iterations = measured;
    }

    /**
     * Runs {@code options} (a builder with everything but the truths file and the output) and
     * collects what it measured. No native-access flag is added: the profiler gives it to the forks.
     */
    static ProfiledRun of(ChainedOptionsBuilder options) throws RunnerException, java.io.IOException {
        Path truths = Files.createTempFile("counters-jmh-truths", ".txt");
        Path output = Files.createTempFile("counters-jmh-output", ".txt");
        try {
            System.setProperty(Truths.FILE_PROPERTY, truths.toString());
            Options built = options.jvmArgsAppend("-D" + Truths.FILE_PROPERTY + "=" + truths).output(output.toString()).build();
            Collection<RunResult> results = new Runner(built).run();
            if (results.size() != 1) {
                throw new AssertionError("expected one benchmark, ran " + results.size());
            }
            return new ProfiledRun(results.iterator().next(), Truths.read(truths), Files.readString(output));
        } finally {
            System.clearProperty(Truths.FILE_PROPERTY);
            Files.deleteIfExists(truths);
            deleteOrLeaveForExit(output);
        }
    }

    /** JMH's runner keeps its output file open after the run, which Windows refuses to delete: then it goes at exit. */
    private static void deleteOrLeaveForExit(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (java.io.IOException stillOpen) {
            file.toFile().deleteOnExit();
        }
    }
}
