package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.internal.Table;
import dev.counters.measure.internal.Wording;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A comparison's report, as text for a terminal, Markdown for a CI job summary or a pull-request
 * comment, and JSON for a program: the one rendering of a {@link CompareResult}, which the command
 * line prints and the build tools write. Each opens with the answer in one sentence
 * ({@link CompareResult#summary()}), then the figures a reader acts on (the time per run of A and
 * of B, the machine, the warnings), then the details: why, what ended it, and each JVM (or, in one
 * JVM, each clock). JSON ({@link #SCHEMA_VERSION}) carries every figure at full precision, under
 * the keys docs/MEASURE.md lists.
 *
 * <pre>{@code
 * CompareResult result = Compare.of(OldParser.class, NewParser.class).run();
 * System.out.print(CompareReport.text(result));
 * Files.writeString(Path.of("compare.md"), CompareReport.markdown(result));
 * }</pre>
 *
 * <p>Several comparisons (a suite: one per task) read best as one table, a row each:
 * {@link #textTable(Map)} and {@link #markdownTable(Map)}.
 */
public final class CompareReport {
    /** The version of the JSON's layout, its {@code schema_version}: raised when a key changes meaning or goes. */
    public static final int SCHEMA_VERSION = CompareJson.SCHEMA_VERSION;

    private CompareReport() {}

    /** The report for a terminal: the answer first, then the details. */
    public static String text(CompareResult result) {
        requireNonNull(result, "result");
        StringBuilder text = new StringBuilder(result.summary()).append('\n');
        leads(result).forEach(line -> text.append(line).append('\n'));
        text.append('\n').append("Why: ").append(result.conclusion().reason()).append(".\n");
        text.append(ended(result)).append('\n');
        if (result.jvms() > 0 || !result.forkRuns().isEmpty()) {
            text.append('\n').append("Each JVM (its own verdict is what its pairs show alone, never final):\n")
                    .append(forks(result).text("  "));
            text.append("The forks ran with: ").append(options(result)).append('\n');
        } else {
            text.append('\n').append("Each clock, over this JVM's pairs:\n").append(clocks(result).text("  "));
            text.append(ranInThisJvm(result)).append('\n');
            result.preparation().forEach(step -> text.append("Prepared: ").append(step).append('\n'));
            text.append("Noise: ").append(result.noise().summary()).append('\n');
            text.append("Warm-up of A: ").append(result.warmUpA()).append('\n');
            text.append("Warm-up of B: ").append(result.warmUpB()).append('\n');
        }
        return text.toString();
    }

    /** The report in Markdown: the answer in bold, its figures in a table, the details folded. */
    public static String markdown(CompareResult result) {
        requireNonNull(result, "result");
        StringBuilder text = new StringBuilder("**").append(result.verdict().label()).append(":** ").append(result.summary())
                .append("\n\n");
        text.append(answer(Map.of("B against A", result)).markdown()).append('\n');
        leads(result).stream().skip(1).forEach(line -> text.append("- ").append(line).append('\n'));
        text.append("\n<details><summary>Why, and ").append(result.jvms() > 0 || !result.forkRuns().isEmpty() ? "each JVM"
                : "each clock").append("</summary>\n\n");
        text.append(result.conclusion().reason()).append(".\n\n").append(ended(result)).append("\n\n");
        if (result.jvms() > 0 || !result.forkRuns().isEmpty()) {
            text.append(forks(result).markdown()).append("\nThe forks ran with: `").append(options(result)).append("`\n");
        } else {
            text.append(clocks(result).markdown()).append('\n').append(ranInThisJvm(result)).append('\n');
        }
        return text.append("\n</details>\n").toString();
    }

    /** The report in JSON: every figure, at full precision; see docs/MEASURE.md for each key. */
    public static String json(CompareResult result) {
        return CompareJson.of(requireNonNull(result, "result"));
    }

    /** One row per comparison, named by its key (a task, a build), for a terminal: the answer's figures. */
    public static String textTable(Map<String, CompareResult> results) {
        return answer(results).text("");
    }

    /** One row per comparison, named by its key, in Markdown: the answer's figures. */
    public static String markdownTable(Map<String, CompareResult> results) {
        return answer(results).markdown();
    }

    /**
     * Every pair of a comparison in this JVM, in the order they ran: which task ran first, each
     * run's time per invocation on both clocks and the pair's ratios, and whether wall time set it
     * aside (preempted).
     *
     * @throws IllegalStateException across JVMs, whose pairs stayed in them
     */
    public static String everyPair(CompareResult result) {
        Table table = new Table("#pair", "first", "#A wall", "#B wall", "#wall B/A", "set aside", "#A CPU", "#B CPU", "#CPU B/A");
        ClockComparison wall = result.wall();
        ClockComparison cpu = result.threadCpu();
        double[] aW = wall.timesA();
        double[] bW = wall.timesB();
        double[] aC = cpu.timesA();
        double[] bC = cpu.timesB();
        boolean[] aside = wall.setAside();
        boolean[] aFirst = result.aRanFirst();
        for (int i = 0; i < aW.length; i++) {
            table.row(String.valueOf(i + 1), i < aFirst.length && aFirst[i] ? "A" : "B", nanos(aW[i]), nanos(bW[i]),
                    Wording.ratio(bW[i] / aW[i]), aside[i] ? "yes" : "", nanos(aC[i]), nanos(bC[i]), Wording.ratio(bC[i] / aC[i]));
        }
        return "Every pair (times per invocation):\n" + table.text("  ");
    }

    /** What a person acts on after the sentence: the time per run, the machine, the warnings. */
    static List<String> leads(CompareResult result) {
        List<String> lines = new java.util.ArrayList<>();
        double a = result.nanosPerRunA();
        double b = result.nanosPerRunB();
        lines.add(Double.isFinite(a) && Double.isFinite(b)
                ? "Time per run: A " + Wording.nanos(a) + ", B " + Wording.nanos(b) + " ("
                        + (result.jvms() > 0 ? "median over the " + result.jvms() + " JVMs counted" : "median of this JVM's pairs")
                        + ", on " + Wording.time(result.conclusion().clock()) + ")."
                : "Time per run: not measured.");
        lines.add("A is " + result.nameA() + "; B is " + result.nameB() + ".");
        lines.add("Machine: " + result.machine() + ".");
        if (result.stoppedBy() == CompareTerms.StopReason.INTERRUPTED) {
            lines.add("Ended early by an interrupt (a timeout or a signal), not by the budget: the figures are what was "
                    + "measured before.");
        }
        result.warnings().forEach(warning -> lines.add("Warning: " + warning + "."));
        return lines;
    }

    /** {@code Stopped by: decided, after 5 JVMs, in 21.3 s.} */
    static String ended(CompareResult result) {
        int forks = result.forkRuns().size();
        String after = forks == 0 ? ", after " + result.pairs() + " pairs in this JVM"
                : ", after " + forks + " JVM" + (forks == 1 ? "" : "s");
        return "Stopped by: " + result.stoppedBy().label() + after + ", in " + Wording.duration(result.elapsed()) + ".";
    }

    private static String options(CompareResult result) {
        return result.forkJvmOptions().isEmpty() ? "no options" : String.join(" ", result.forkJvmOptions());
    }

    /** The answer's figures, a row per comparison. */
    private static Table answer(Map<String, CompareResult> results) {
        Table table = new Table("comparison", "verdict", "#B/A", "interval", "clock", "#A per run", "#B per run", "over");
        new LinkedHashMap<>(results).forEach((name, result) -> table.row(name, result.verdict().label(),
                Wording.ratio(result.conclusion().ratio()),
                "[" + Wording.ratio(result.conclusion().low()) + ", " + Wording.ratio(result.conclusion().high()) + "]",
                result.conclusion().clock(), nanos(result.nanosPerRunA()), nanos(result.nanosPerRunB()),
                result.jvms() > 0 ? result.jvms() + " JVMs" : result.forkRuns().isEmpty() ? "this JVM" : "no JVM counted"));
        return table;
    }

    private static Table forks(CompareResult result) {
        Table table = new Table("#JVM", "status", "#wall B/A", "#CPU B/A", "#A wall", "#B wall", "#A CPU", "#B CPU", "#pairs",
                "own verdict", "machine", "#elapsed", "note");
        for (ForkRun run : result.forkRuns()) {
            table.row(String.valueOf(run.number()), run.status().label(), Wording.ratio(run.wallRatio()),
                    Wording.ratio(run.threadCpuRatio()), nanos(run.wallNanosA()), nanos(run.wallNanosB()),
                    nanos(run.threadCpuNanosA()), nanos(run.threadCpuNanosB()), String.valueOf(run.pairs()),
                    run.verdict().map(Verdict::label).orElse("-"), run.machine(), nanos(run.elapsed().toNanos()), run.note());
        }
        return table;
    }

    private static Table clocks(CompareResult result) {
        Table table = new Table("clock", "verdict", "#B/A", "interval", "#confidence", "#pairs", "#set aside", "#A median",
                "#B median");
        for (ClockComparison clock : result.clocks()) {
            table.row(clock.clock(), clock.verdict().label(), Wording.ratio(clock.ratio()),
                    "[" + Wording.ratio(clock.interval().low()) + ", " + Wording.ratio(clock.interval().high()) + "]",
                    Wording.confidence(clock.interval().achievedConfidence()) + "%", String.valueOf(clock.pairs()),
                    String.valueOf(clock.pairsSetAside()), nanos(clock.medianA()), nanos(clock.medianB()));
        }
        return table;
    }

    private static String ranInThisJvm(CompareResult result) {
        return "Ran " + result.pairs() + " pairs in " + result.order().name().toLowerCase(java.util.Locale.ROOT) + " order, "
                + result.invocationsPerRun() + " invocation(s) of A and " + result.invocationsPerRunB() + " of B a run; clocks' "
                + "reading cost " + Wording.nanos(result.overhead().wallNanos()) + " (wall) and "
                + Wording.nanos(result.overhead().threadCpuNanos()) + " (thread CPU), taken out of every run.";
    }

    private static String nanos(double nanos) {
        return Wording.nanos(nanos);
    }
}
