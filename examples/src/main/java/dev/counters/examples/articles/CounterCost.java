package dev.counters.examples.articles;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.Counters;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * What reading each clock costs through the binding this JDK uses (FFM on JDK 22+, JNA before, or
 * the JVM's own call where it reads the same clock), beside {@code System.nanoTime()}: STLSoft's
 * {@code counter_cost}, and the point of the .NET interop article, whose wrapper measured the
 * average cost of a Start/End pair in order to subtract it. For each kind served here it times
 * {@value #PAIRS} {@code start()}/{@code stop()} pairs with {@code System.nanoTime()}, ten rounds
 * after one round of warm-up (and after every counter has been through the loop once), and keeps the fastest round (the least disturbed); it also prints
 * what the counter itself reads for an empty interval (the median of those pairs, in the counter's
 * own ticks), which is the overhead a measurement of a short block includes.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp 'examples/target/classes:examples/target/lib/*' dev.counters.examples.articles.CounterCost
 * </pre>
 */
public final class CounterCost {
    public static final int PAIRS = 10_000;
    private static final int ROUNDS = 10;

    private CounterCost() {}

    /** One clock's cost: nanoseconds per start()+stop() pair, and its reading of an empty interval. */
    public record Cost(String kind, String binding, String source, double nanosPerPair, double emptyIntervalNanos) {}

    public static void main(String[] args) {
        System.out.print(format(measure()));
    }

    /** Every kind served here, then System.nanoTime() and ThreadMXBean.getCurrentThreadCpuTime() read in pairs. */
    public static List<Cost> measure() {
        List<CounterInfo> available = Counters.available();
        List<Counter> counters = new ArrayList<>();
        for (CounterInfo info : available) {
            counters.add(Counters.create(info.kind()));
        }
        // Every counter through the timing loop once before any is timed: the loop's call site sees all
        // the classes it will see, so the JIT compiles it once for all of them and no kind is timed while
        // it recompiles (a kind timed then would seem several times dearer).
        for (Counter counter : counters) {
            fastestRound(counter);
        }
        List<Cost> costs = new ArrayList<>();
        for (int i = 0; i < available.size(); i++) {
            CounterInfo info = available.get(i);
            costs.add(new Cost(info.kind().name(), info.binding().toString(), info.source(),
                    fastestRound(counters.get(i)), emptyInterval(counters.get(i))));
        }
        costs.add(pairsOf("System.nanoTime()", System::nanoTime));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        costs.add(pairsOf("ThreadMXBean.getCurrentThreadCpuTime()", threads::getCurrentThreadCpuTime));
        return costs;
    }

    public static String format(List<Cost> costs) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-40s %-12s %14s %14s  %s%n",
                "clock", "binding", "ns per pair", "empty reads", "source"));
        for (Cost cost : costs) {
            out.append(String.format(Locale.ROOT, "%-40s %-12s %14.1f %14.1f  %s%n", cost.kind(), cost.binding(),
                    cost.nanosPerPair(), cost.emptyIntervalNanos(), cost.source()));
        }
        return out.toString();
    }

    private static double fastestRound(Counter counter) {
        double fastest = Double.MAX_VALUE;
        for (int round = 0; round <= ROUNDS; round++) {
            long started = System.nanoTime();
            for (int i = 0; i < PAIRS; i++) {
                counter.start();
                counter.stop();
            }
            long elapsed = System.nanoTime() - started;
            if (round > 0) {                    // round 0 warms up
                fastest = Math.min(fastest, (double) elapsed / PAIRS);
            }
        }
        return fastest;
    }

    /** The median reading of an empty start()/stop() pair, in nanoseconds (a cycle counter's converted). */
    private static double emptyInterval(Counter counter) {
        long[] readings = new long[1001];
        for (int i = 0; i < readings.length; i++) {
            counter.start();
            counter.stop();
            readings[i] = counter.getPeriodCount();
        }
        java.util.Arrays.sort(readings);
        return readings[readings.length / 2] * 1e9 / counter.getFrequency();
    }

    private static Cost pairsOf(String name, LongSupplier clock) {
        double fastest = Double.MAX_VALUE;
        long[] empty = new long[PAIRS];
        for (int round = 0; round <= ROUNDS; round++) {
            long started = System.nanoTime();
            for (int i = 0; i < PAIRS; i++) {
                long first = clock.getAsLong();
                empty[i] = clock.getAsLong() - first;
            }
            long elapsed = System.nanoTime() - started;
            if (round > 0) {
                fastest = Math.min(fastest, (double) elapsed / PAIRS);
            }
        }
        java.util.Arrays.sort(empty);
        return new Cost(name, "JVM", "for comparison", fastest, empty[PAIRS / 2]);
    }
}
