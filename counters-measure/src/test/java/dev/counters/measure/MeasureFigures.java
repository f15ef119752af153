package dev.counters.measure;

import com.google.common.math.Stats;
import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.Resolution;
import dev.counters.measure.Statistics;
import dev.counters.measure.internal.CalibratedCounter;
import dev.counters.measure.internal.CpuFrequency;
import dev.counters.measure.internal.FrequencyEstimate;
import java.time.Duration;
import java.util.Locale;

/**
 * Prints the figures issue 6 asks for, on this machine: (a) an empty region with and without
 * calibration against the counter's resolution, (b) 20 repetitions of a ~100 ms CPU-bound
 * function prepared and unprepared, (c) the estimated TSC frequency beside the kernel's.
 * Run with the test class path: {@code java -cp ... dev.counters.measure.MeasureFigures [a] [b] [c]}.
 */
public final class MeasureFigures {
    private MeasureFigures() {}

    public static void main(String[] args) {
        String which = args.length == 0 ? "abc" : String.join("", args);
        System.out.println("load average before: " + loadAverage());
        if (which.contains("a")) {
            emptyRegion();
        }
        if (which.contains("c")) {
            frequency();
        }
        if (which.contains("b")) {
            repetitions();
        }
        System.out.println("load average after: " + loadAverage());
    }

    static void emptyRegion() {
        System.out.println("== (a) empty region, PERFORMANCE counter ==");
        Counter probe = Counters.performance();
        Resolution resolution = probe.getInfo().measureResolution();
        System.out.println("counter: " + probe.getInfo().source() + " (" + probe.getInfo().provider() + "), resolution " + resolution);
        int n = 200_000;
        Counter raw = Counters.performance();
        CalibratedCounter calibrated = CalibratedCounter.of(Counters.performance());
        System.out.println("calibration: " + calibrated.calibration());
        double[] rawNanos = new double[n];
        double[] calibratedNanos = new double[n];
        for (int round = 0; round < 2; round++) { // the first round warms up
            for (int i = 0; i < n; i++) {
                raw.start();
                raw.stop();
                rawNanos[i] = raw.getNanoseconds();
                calibrated.start();
                calibrated.stop();
                calibratedNanos[i] = calibrated.getNanoseconds();
            }
        }
        double step = resolution.typical().toNanos();
        Statistics uncal = Statistics.of(rawNanos, n / 100);
        Statistics cal = Statistics.of(calibratedNanos, n / 100);
        System.out.printf(Locale.ROOT, "uncalibrated: mean %.2f ns, median %.1f ns, 1%%-trimmed mean %.2f ns%n",
                uncal.mean(), uncal.median(), uncal.trimmedMean());
        System.out.printf(Locale.ROOT, "calibrated:   mean %.2f ns, median %.1f ns, 1%%-trimmed mean %.2f ns; |mean| <= typical step %.0f ns: %s%n",
                cal.mean(), cal.median(), cal.trimmedMean(), step, Math.abs(cal.mean()) <= step);

        MeasureResult measured = Measure.of(() -> null).warmUp(Duration.ofMillis(200)).repetitions(1000).trim(10).run();
        MeasureResult measuredCalibrated = Measure.of(() -> null).warmUp(Duration.ofMillis(200)).repetitions(1000).trim(10)
                .calibrated().run();
        System.out.println("Measure.of(empty), uncalibrated:");
        System.out.println(measured);
        System.out.println("Measure.of(empty).calibrated():");
        System.out.println(measuredCalibrated);
    }

    static void frequency() {
        System.out.println("== (c) processor counter frequency ==");
        System.out.println("CPU_CYCLES served by: " + dev.counters.CounterRegistry.systemDefault()
                .providerFor(dev.counters.CounterKind.CPU_CYCLES).orElse("nobody"));
        long start = System.nanoTime();
        FrequencyEstimate estimate = CpuFrequency.estimate();
        System.out.println(estimate + " [took " + (System.nanoTime() - start) / 1_000_000 + " ms]");
        Stats samples = Stats.of(estimate.samplesHz());
        System.out.printf(Locale.ROOT, "samples: min %.6f MHz, max %.6f MHz%n", samples.min() / 1e6, samples.max() / 1e6);
        estimate.relativeErrorToKernel().ifPresent(error -> System.out.printf(Locale.ROOT,
                "within 0.1%% of the kernel's figure: %s (%.5f%%)%n", Math.abs(error) <= 0.001, 100 * error));
    }

    static void repetitions() {
        System.out.println("== (b) 20 repetitions of a ~100 ms CPU-bound function ==");
        long iterations = CpuBound.iterationsFor(Duration.ofMillis(100));
        System.out.println("iterations for ~100 ms: " + iterations);
        Task task = () -> CpuBound.run(iterations);
        MeasureResult unprepared = Measure.of(task).noWarmUp().repetitions(20).run();
        MeasureResult prepared = Measure.of(task).warmUp(Duration.ofMillis(1200)).repetitions(20).pinned().highPriority().run();
        System.out.println("-- unprepared (no warm-up, not pinned, normal priority) --");
        System.out.println(unprepared);
        System.out.println("-- prepared (warm-up <= 1.2 s, pinned, high priority) --");
        System.out.println(prepared);
        System.out.printf(Locale.ROOT, "%-26s %14s %14s %14s %14s%n", "", "wall spread", "wall trimmed", "cpu spread", "cpu trimmed");
        for (var row : new Object[][] {{"unprepared", unprepared}, {"prepared", prepared}}) {
            MeasureResult r = (MeasureResult) row[1];
            System.out.printf(Locale.ROOT, "%-26s %13.3f%% %13.3f%% %13.3f%% %13.3f%%%n", row[0], 100 * r.wall().spread(),
                    100 * r.wall().trimmedSpread(), 100 * r.threadCpu().spread(), 100 * r.threadCpu().trimmedSpread());
        }
    }

    private static String loadAverage() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
