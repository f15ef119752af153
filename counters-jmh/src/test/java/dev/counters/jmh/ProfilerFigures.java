package dev.counters.jmh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The figures issue #14 asks for, from real forked JMH runs with the profiler (run by
 * {@code scripts/jmh-profiler-figures.sh}): per measured iteration, the profiler's rows beside the
 * truth each worker thread recorded about itself ({@link Truths}), and medians. Each run's JMH log
 * and {@code -rf json} file go to the output directory given as the first argument.
 *
 * <p>The profiler's own cost: JMH applies a profiler to every benchmark of a run, so the empty
 * benchmark runs in several Runner invocations of this one JVM, alternating without and with the
 * profiler, and the medians of both are compared: drift on a shared machine hits both alike.
 */
public final class ProfilerFigures {
    private static final int FORKS = 1;
    private static final int ITERATIONS = 5;
    private static final int ROUNDS = 3;

    private ProfilerFigures() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "target/jmh-profiler-figures");
        Files.createDirectories(out);
        System.out.printf("java %s (%s), %d CPUs%n", System.getProperty("java.version"), System.getProperty("java.vm.name"),
                Runtime.getRuntime().availableProcessors());

        ProfiledRun compute = run(out, "compute", ProfiledBenchmarks.COMPUTE, 1, true);
        section("compute, -t 1: worker CPU per op against wall time per op (the primary score), user share");
        List<Double> ratios = new ArrayList<>();
        List<Double> userShares = new ArrayList<>();
        for (ProfiledRun.Iteration it : compute.iterations) {
            double worker = it.get(IterationFigures.WORKER);
            double user = it.get(IterationFigures.WORKER_USER) / worker;
            ratios.add(worker / it.score());
            userShares.add(user);
            System.out.printf(Locale.ROOT, "  score %.1f ns/op, cpu.worker.norm %.1f ns/op (%.3f of wall), user %.2f%%, utilisation %.3f%n",
                    it.score(), worker, worker / it.score(), 100 * user, it.get(IterationFigures.UTILISATION));
        }
        System.out.printf(Locale.ROOT, "  median: worker CPU / wall per op %.3f, user share %.2f%%%n", median(ratios), 100 * median(userShares));

        if (Files.exists(Path.of("/proc/thread-self/stat"))) {
            ProfiledRun zero = run(out, "devzero", ProfiledBenchmarks.READ_ZERO, 1, true);
            section("/dev/zero in 4 KiB reads, -t 1: kernel share against /proc/self/task/<tid>/stat over the same iterations");
            List<Double> differences = new ArrayList<>();
            for (int i = 0; i < zero.iterations.size(); i++) {
                ProfiledRun.Iteration it = zero.iterations.get(i);
                Truths.Line truth = zero.truths.get(i);
                double kernel = it.get(IterationFigures.WORKER_KERNEL) / it.get(IterationFigures.WORKER);
                differences.add(100 * (kernel - truth.systemShare()));
                System.out.printf(Locale.ROOT, "  profiler kernel %.2f%%, /proc stime %.2f%% of %d ticks: %+.2f points%n",
                        100 * kernel, 100 * truth.systemShare(), truth.userTicks() + truth.systemTicks(),
                        100 * (kernel - truth.systemShare()));
            }
            System.out.printf(Locale.ROOT, "  median difference %+.2f points%n", median(differences));
        }

        ProfiledRun two = run(out, "compute-t2", ProfiledBenchmarks.COMPUTE, 2, true);
        section("compute, -t 2: worker CPU (cpu.worker.norm x ops) against the sum of ThreadMXBean.getCurrentThreadCpuTime over both workers");
        List<Double> sums = new ArrayList<>();
        for (int i = 0; i < two.iterations.size(); i++) {
            ProfiledRun.Iteration it = two.iterations.get(i);
            long threads = two.truths.get(2 * i).cpuNanos() + two.truths.get(2 * i + 1).cpuNanos();
            double profiled = it.get(IterationFigures.WORKER) * it.operations();
            sums.add(profiled / threads);
            System.out.printf(Locale.ROOT, "  profiler %.3f ms, ThreadMXBean %.3f + %.3f = %.3f ms: ratio %.4f, utilisation %.3f%n",
                    profiled / 1e6, two.truths.get(2 * i).cpuNanos() / 1e6, two.truths.get(2 * i + 1).cpuNanos() / 1e6,
                    threads / 1e6, profiled / threads, it.get(IterationFigures.UTILISATION));
        }
        System.out.printf(Locale.ROOT, "  median ratio %.4f%n", median(sums));

        section("empty benchmark: primary score without and with the profiler, " + ROUNDS + " alternating rounds in this one JVM");
        List<Double> without = new ArrayList<>();
        List<Double> with = new ArrayList<>();
        for (int round = 1; round <= ROUNDS; round++) {
            without.addAll(scores(run(out, "empty-without-" + round, ProfiledBenchmarks.EMPTY, 1, false)));
            with.addAll(scores(run(out, "empty-with-" + round, ProfiledBenchmarks.EMPTY, 1, true)));
        }
        System.out.printf(Locale.ROOT, "  without: median %.3f ns/op over %d iterations %s%n", median(without), without.size(), format(without));
        System.out.printf(Locale.ROOT, "  with:    median %.3f ns/op over %d iterations %s%n", median(with), with.size(), format(with));
    }

    private static ProfiledRun run(Path out, String name, String benchmark, int threads, boolean profiled) throws Exception {
        ChainedOptionsBuilder options = new OptionsBuilder().include("^" + java.util.regex.Pattern.quote(benchmark) + "$")
                .forks(FORKS).threads(threads)
                .warmupIterations(3).warmupTime(TimeValue.seconds(1))
                .measurementIterations(ITERATIONS).measurementTime(TimeValue.seconds(1))
                .shouldFailOnError(true)
                .output(out.resolve("jmh-" + name + ".log").toString())
                .resultFormat(ResultFormatType.JSON).result(out.resolve("jmh-" + name + ".json").toString());
        if (profiled) {
            options.addProfiler(CpuTimeProfiler.class);
        }
        ProfiledRun run = ProfiledRun.of(options);
        System.out.println("== " + name + " (" + out.resolve("jmh-" + name + ".log") + "), as JMH prints it:");
        List<String> log = Files.readAllLines(out.resolve("jmh-" + name + ".log"));
        int table = log.size();
        for (int i = log.size() - 1; i >= 0; i--) {
            if (log.get(i).startsWith("Benchmark ") && log.get(i).contains(" Mode ")) {
                table = i;
                break;
            }
        }
        log.subList(table, log.size()).stream().filter(line -> !line.startsWith("Benchmark result is saved"))
                .forEach(line -> System.out.println("  " + line));
        return run;
    }

    private static List<Double> scores(ProfiledRun run) {
        return run.iterations.stream().map(ProfiledRun.Iteration::score).toList();
    }

    private static void section(String title) {
        System.out.println();
        System.out.println("## " + title);
    }

    private static String format(List<Double> values) {
        return values.stream().map(v -> String.format(Locale.ROOT, "%.2f", v)).toList().toString();
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int n = sorted.size();
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
