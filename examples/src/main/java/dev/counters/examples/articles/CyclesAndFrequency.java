package dev.counters.examples.articles;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Counters;
import java.util.Arrays;
import java.util.Locale;

/**
 * The cycle counter and the frequency it runs at, as the RDTSC article does it: read the cycle
 * counter, busy-wait a sixteenth of a second on the wall clock, read it again; cycles over seconds
 * is the frequency. Five such windows, and their median beside the frequency the platform module
 * states ({@link Counter#getFrequency()}), then a short loop timed in cycles (the fewest of 50 runs). The caveats come from
 * the platform module itself ({@link CounterInfo#notes()}): on x86 the time-stamp counter runs at
 * one constant rate whatever the core's clock does (turbo, power saving), so these are reference
 * cycles, not the core's; a virtual machine may scale or trap it; and a kind this machine does not
 * serve is printed with the reason, not measured.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp 'examples/target/classes:examples/target/lib/*' dev.counters.examples.articles.CyclesAndFrequency
 * </pre>
 */
public final class CyclesAndFrequency {
    /** The RDTSC article's window: QueryPerformanceFrequency / 16. */
    public static final long WINDOW_NANOS = 1_000_000_000L / 16;
    private static final int WINDOWS = 5;
    private static final int LOOP_STEPS = 100_000;
    private static final int LOOP_ROUNDS = 50;

    private CyclesAndFrequency() {}

    /** What a cycle kind gave: its stated and measured frequencies and a loop in cycles; or why it is not served. */
    public record Cycles(CounterKind kind, boolean served, String notServed, String source, String notes,
                         long statedHz, double[] measuredHz, double medianHz, double cyclesPerStep) {}

    public static void main(String[] args) {
        for (CounterKind kind : new CounterKind[] {CounterKind.CPU_CYCLES, CounterKind.THREAD_CYCLES}) {
            System.out.print(format(measure(kind)));
        }
    }

    public static Cycles measure(CounterKind kind) {
        Counter cycles;
        try {
            cycles = Counters.create(kind);
        } catch (UnsupportedOperationException notServed) {
            return new Cycles(kind, false, notServed.getMessage(), "", "", 0, new double[0], 0, 0);
        }
        CounterInfo info = cycles.getInfo();
        Counter wall = Counters.performance();
        double[] measured = new double[WINDOWS];
        for (int i = 0; i < WINDOWS; i++) {
            cycles.start();
            wall.start();
            do {
                wall.stop();
            } while (wall.getNanoseconds() < WINDOW_NANOS);
            cycles.stop();
            measured[i] = cycles.getPeriodCount() * 1e9 / wall.getNanoseconds();
        }
        double[] sorted = measured.clone();
        Arrays.sort(sorted);
        long fewest = Long.MAX_VALUE;
        long result = 0;
        for (int round = 0; round < LOOP_ROUNDS; round++) {   // the early rounds run before the JIT has compiled it
            cycles.start();
            result += loop(LOOP_STEPS);
            cycles.stop();
            fewest = Math.min(fewest, cycles.getPeriodCount());
        }
        if (result == 42) {
            System.out.print("");               // keeps the loop's result alive
        }
        return new Cycles(kind, true, "", info.source(), info.notes(), cycles.getFrequency(), measured,
                sorted[WINDOWS / 2], (double) fewest / LOOP_STEPS);
    }

    public static String format(Cycles cycles) {
        if (!cycles.served()) {
            return cycles.kind() + ": not served here: " + cycles.notServed() + "\n";
        }
        StringBuilder out = new StringBuilder();
        out.append(cycles.kind()).append(": ").append(cycles.source()).append('\n');
        out.append(String.format(Locale.ROOT, "  stated frequency:   %,.0f Hz%n", (double) cycles.statedHz()));
        for (double hz : cycles.measuredHz()) {
            out.append(String.format(Locale.ROOT, "  measured over 1/16 s of wall time: %,.0f Hz%n", hz));
        }
        out.append(String.format(Locale.ROOT, "  median measured:    %,.0f Hz (%+.3f%% from the stated)%n", cycles.medianHz(),
                100 * (cycles.medianHz() / cycles.statedHz() - 1)));
        out.append(String.format(Locale.ROOT, "  a xorshift loop: %.2f cycles per step (fewest of %d runs)%n", cycles.cyclesPerStep(), LOOP_ROUNDS));
        out.append("  caveats (the platform module's notes): ").append(cycles.notes()).append('\n');
        return out.toString();
    }

    /** Xorshift steps, each depending on the one before: no JIT can shorten them (a multiply-add chain, JDK 25's C2 ran at 0.8 cycles a step). */
    private static long loop(int steps) {
        long x = 1;
        for (int i = 0; i < steps; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
