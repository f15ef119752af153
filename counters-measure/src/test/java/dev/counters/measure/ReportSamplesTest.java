package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.counters.measure.internal.CompareSettings;
import dev.counters.measure.internal.CostlyClock;
import dev.counters.measure.internal.CostlyCpuTimes;
import dev.counters.measure.internal.Reasons;
import dev.counters.measure.internal.stats.ForkInterval;
import dev.counters.measure.internal.stats.ForksToDecide;
import dev.counters.measure.internal.stats.VerdictRule;
import dev.counters.measure.internal.fork.ForkedOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The guide is true by construction: every sample report in docs/MEASURE.md (a fenced block after a
 * {@code <!-- sample: NAME -->} line) is what {@link CompareReport} renders of the result this test
 * makes under that name, and the guide's table of JSON keys lists exactly the keys the JSON holds.
 * {@code -Dcounters.docs.write=true} rewrites the samples from the code instead of comparing.
 */
class ReportSamplesTest {
    /** docs/MEASURE.md, found from this test's classes (target/test-classes), whatever the working directory. */
    private static final Path GUIDE = guide();
    private static final Pattern SAMPLE = Pattern.compile("<!-- sample: ([a-z-]+) -->\\n```[a-z]*\\n(.*?)```", Pattern.DOTALL);
    private static final CompareSettings SETTINGS = new CompareSettings(Compare.DEFAULT_BUDGET, 0.0025, 0.99, 0, 32,
            Duration.ofMillis(1200), Compare.Order.ALTERNATING, Compare.JudgedBy.AUTO, "com.example.OldParser",
            "com.example.NewParser");

    private static Path guide() {
        try {
            Path classes = Path.of(ReportSamplesTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return classes.getParent().getParent().getParent().resolve("docs/MEASURE.md");
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A fork as a comparison over JVMs lists it: its ratios around {@code ratio}, A's run of {@code nanosA}. */
    private static ForkRun fork(int number, double ratio, double nanosA, Verdict own) {
        return fork(number, ratio, nanosA, own, Duration.ofMillis(2_400 + 20 * number));
    }

    private static ForkRun fork(int number, double ratio, double nanosA, Verdict own, Duration elapsed) {
        return new ForkRun(number, ForkRun.Status.COUNTED, "", ratio * 1.001, ratio, nanosA * 1.01, nanosA * ratio * 1.01,
                nanosA, nanosA * ratio, 24 + 8 * number, Optional.of(own), "quiet", elapsed);
    }

    private static CompareResult forked(Verdict verdict, double ratio, double low, double high, double nanosA,
            Optional<Duration> budget, int forksToDecide, List<ForkRun> runs) {
        return forked(verdict, ratio, low, high, ONE_LOOK, nanosA, budget, forksToDecide, runs);
    }

    /**
     * An undecided result as {@code ForkJudgement} makes it of {@code runs}: the interval over the
     * counted forks' thread CPU ratios at {@code confidence}, and the budget and forks that would
     * decide by its rule (at least 5 forks, each as long as the forks' mean, 2.5 s, or
     * {@code shareForPairs}, the share a fork that measured too few pairs would have needed).
     */
    private static CompareResult undecided(Verdict verdict, double confidence, double nanosA, List<ForkRun> runs,
            Duration shareForPairs) {
        List<ForkRun> counted = runs.stream().filter(ForkRun::counted).toList();
        ForkInterval interval = ForkInterval.of(counted.stream().mapToDouble(ForkRun::threadCpuRatio).toArray(), confidence);
        int needed = Math.max(5, ForksToDecide.of(interval, confidence, SETTINGS.margin(), SETTINGS.equivalence()));
        double meanNanos = runs.stream().mapToLong(run -> run.elapsed().toNanos()).average().orElseThrow();
        double perFork = Math.max(Duration.ofMillis(2_500).toNanos(), Math.max(meanNanos, shareForPairs.toNanos()));
        Duration budget = Duration.ofNanos((long) (needed * perFork));
        return forked(verdict, interval.ratio(), interval.low(), interval.high(), confidence, nanosA, Optional.of(budget), needed,
                runs);
    }

    private static CompareResult forked(Verdict verdict, double ratio, double low, double high, double confidence,
            double nanosA, Optional<Duration> budget, int forksToDecide, List<ForkRun> runs) {
        ForkedOutcome outcome = new ForkedOutcome(verdict, CompareResult.THREAD_CPU, ratio, low, high, confidence,
                reason(verdict, ratio, low, high, nanosA, confidence, (int) runs.stream().filter(ForkRun::counted).count()),
                "quiet", verdict.isDecisive() || verdict == Verdict.INDISTINGUISHABLE
                        ? Compare.StopReason.DECIDED : Compare.StopReason.BUDGET, runs, List.of(),
                List.of("-Xmx1g", "-XX:CompileCommand=quiet"), nanosA, nanosA * ratio, budget, forksToDecide, 5, "");
        return CompareResult.acrossJvms(outcome, SETTINGS, SETTINGS.budget().plusMillis(400));
    }

    /** The reason the verdict rule's words give for these figures, wall time reading a little wider than thread CPU time. */
    private static String reason(Verdict verdict, double ratio, double low, double high, double nanosA, double confidence,
            int forks) {
        double widen = (high - low) * 0.2;
        VerdictRule.Clock cpu = new VerdictRule.Clock(verdict, ratio, low, high, nanosA, nanosA * ratio);
        VerdictRule.Clock wall = new VerdictRule.Clock(verdict == Verdict.INDISTINGUISHABLE ? Verdict.TOO_NOISY : verdict,
                ratio * 1.001, low - widen, high + widen, nanosA * 1.01, nanosA * ratio * 1.01);
        VerdictRule.Decision decision = VerdictRule.decide(wall, cpu, Compare.JudgedBy.AUTO, 0, 0);
        return Reasons.of(decision, new Reasons.Clock(CompareResult.WALL, wall, confidence, forks, true, 5),
                new Reasons.Clock(CompareResult.THREAD_CPU, cpu, confidence, forks, true, 5), false, Compare.JudgedBy.AUTO, 0);
    }

    /** The confidence of the default budget's one look, after its 11 forks: the asked 99%. */
    private static final double ONE_LOOK = 0.99;
    /** The forks the default budget plans: one per 2.5 s of it, 11. */
    private static final int DEFAULT_FORKS = 11;

    private static List<ForkRun> forks(int count, double ratio, double nanosA, Verdict own) {
        List<ForkRun> runs = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            runs.add(fork(i, ratio * (1 + (i % 3 - 1) * 0.004), nanosA, own));
        }
        return runs;
    }

    /** The samples the guide shows, by name. */
    static Map<String, String> samples() {
        Map<String, String> samples = new LinkedHashMap<>();
        CompareResult slower = forked(Verdict.SLOWER, 1.9217, 1.8669, 1.9781, 318_000, Optional.empty(), 0,
                forks(DEFAULT_FORKS, 1.92, 318_000, Verdict.SLOWER));
        samples.put("slower-text", CompareReport.text(slower));
        samples.put("slower-markdown", CompareReport.markdown(slower));
        samples.put("slower-json", CompareReport.json(slower));
        samples.put("faster-text", CompareReport.text(forked(Verdict.FASTER, 0.8, 0.781, 0.819, 61_000_000, Optional.empty(),
                0, forks(DEFAULT_FORKS, 0.8, 61_000_000, Verdict.FASTER))));
        samples.put("indistinguishable-text", CompareReport.text(forked(Verdict.INDISTINGUISHABLE, 1.0009, 0.9961, 1.0057,
                24_000, Optional.empty(), 0, forks(DEFAULT_FORKS, 1.0009, 24_000, Verdict.INDISTINGUISHABLE))));
        // JVMs that scatter by a few %, as a lookup in a map does (docs/trials/2026-11-28-night.md).
        double[] scattered = {0.981, 1.032, 0.994, 1.047, 1.003, 0.978, 1.021, 1.038, 0.989, 1.026, 1.011};
        List<ForkRun> noisy = new ArrayList<>();
        for (int i = 0; i < scattered.length; i++) {
            noisy.add(fork(i + 1, scattered[i], 2_500, Verdict.TOO_NOISY));
        }
        samples.put("too-noisy-text", CompareReport.text(undecided(Verdict.TOO_NOISY, ONE_LOOK, 2_500, noisy, Duration.ZERO)));
        // --forks 5 in 28 s: one look, at 99%, and a fork of a 100 ms task that measured 2 pairs in its 5.2 s.
        List<ForkRun> four = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            four.add(fork(i, 0.5395 * (1 + (i % 3 - 1) * 0.004), 100_000_000, Verdict.FASTER, Duration.ofMillis(5_580 + 10 * i)));
        }
        four.add(new ForkRun(5, ForkRun.Status.TOO_FEW_PAIRS, "2 pairs in its share of 5.2 s, fewer than 3", 0.55, 0.54,
                1.01e8, 0.55e8, 1e8, 0.54e8, 2, Optional.of(Verdict.TOO_FEW), "quiet", Duration.ofMillis(5_700)));
        // Its share of 5.2 s for 3 pairs at the pace of the 2 it measured: 7.8 s.
        samples.put("too-few-text", CompareReport.text(undecided(Verdict.TOO_FEW, ONE_LOOK, 100_000_000, four,
                Duration.ofMillis(7_800))));
        return samples;
    }

    @Test
    void everySampleInTheGuideIsWhatTheCodeRenders() throws IOException {
        String guide = Files.readString(GUIDE);
        Map<String, String> samples = samples();
        if (Boolean.getBoolean("counters.docs.write")) {
            Matcher blocks = SAMPLE.matcher(guide);
            StringBuilder written = new StringBuilder();
            while (blocks.find()) {
                String fence = guide.substring(blocks.start(), blocks.start(2));
                blocks.appendReplacement(written, Matcher.quoteReplacement(fence + samples.get(blocks.group(1)) + "```"));
            }
            blocks.appendTail(written);
            Files.writeString(GUIDE, written.toString());
            guide = written.toString();
        }
        Map<String, String> shown = new LinkedHashMap<>();
        Matcher blocks = SAMPLE.matcher(guide);
        while (blocks.find()) {
            shown.put(blocks.group(1), blocks.group(2));
        }
        assertEquals(samples.keySet(), shown.keySet(), "every sample is in the guide, and only those");
        samples.forEach((name, text) -> assertEquals(text, shown.get(name), "the guide's sample '" + name + "' is out of "
                + "date: run this test with -Dcounters.docs.write=true"));
    }

    @Test
    void theGuideListsEveryJsonKeyAndNoOther() throws IOException {
        TreeSet<String> keys = new TreeSet<>();
        ObjectMapper mapper = new ObjectMapper();
        keys(mapper.readTree(samples().get("slower-json")), "", keys);
        CostlyClock wall = new CostlyClock(0);
        CostlyCpuTimes cpu = new CostlyCpuTimes(0, 0);
        Task a = () -> {
            wall.advance(1_000);
            cpu.advance(0, 1_000);
            return null;
        };
        Task b = () -> {
            wall.advance(1_100);
            cpu.advance(0, 1_100);
            return null;
        };
        keys(mapper.readTree(CompareReport.json(FakeCompare.of(a, b, wall, cpu).run())), "", keys);
        String guide = Files.readString(GUIDE);
        int start = guide.indexOf("<!-- json-keys -->");
        int end = guide.indexOf("<!-- /json-keys -->");
        assertTrue(start >= 0 && end > start, "the guide has a table of JSON keys between <!-- json-keys --> markers");
        TreeSet<String> listed = new TreeSet<>();
        Matcher row = Pattern.compile("^\\| `([a-z_.\\[\\]]+)` \\|", Pattern.MULTILINE).matcher(guide.substring(start, end));
        while (row.find()) {
            listed.add(row.group(1));
        }
        assertEquals(keys, listed, "the JSON's keys and the guide's table");
    }

    /** Each key path of {@code node}: {@code run.pairs} in an object, {@code forks[].status} in the objects of an array. */
    private static void keys(JsonNode node, String prefix, TreeSet<String> keys) {
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = prefix + field.getKey();
            keys.add(key);
            JsonNode value = field.getValue();
            if (value.isObject()) {
                keys(value, key + ".", keys);
            } else if (value.isArray() && value.size() > 0 && value.get(0).isObject()) {
                keys(value.get(0), key + "[].", keys);
            }
        }
    }
}
