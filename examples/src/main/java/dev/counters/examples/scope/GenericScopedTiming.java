package dev.counters.examples.scope;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CounterReadings;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.scope.CounterScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One piece of timing code for every counter: {@link #timed} is generic in the counter type, so the
 * same scope times a block by the wall clock ({@link Counters#performance()}), by the thread's CPU
 * time ({@link Counters#threadTimes()}, which hands back its kernel/user split) and in processor
 * cycles ({@link CounterKind#CPU_CYCLES}, where this machine serves them). Then the three other things
 * a scope does: staged timings ({@link CounterScope#stop()} inside the block, each measured from the
 * scope's start), nested scopes, and a scope whose block throws, whose reading is there after the
 * exception (close() stops the counter however the block is left).
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp 'examples/target/classes:examples/target/lib/*' dev.counters.examples.scope.GenericScopedTiming
 * </pre>
 */
public final class GenericScopedTiming {
    private GenericScopedTiming() {}

    /** A reading of one counter: its native period count, and that count in nanoseconds. */
    public record Reading(String what, long periodCount, long nanoseconds) {}

    /** Everything {@link #run} measured; {@link #toString()} is what {@link #main} prints. */
    public record Result(Reading wall, Reading cpu, Reading cpuUser, Reading cpuKernel, Optional<Reading> cycles,
                         String cyclesNotServed, List<Reading> stages, Reading outer, List<Reading> inner,
                         Reading thrown) {
        @Override
        public String toString() {
            StringBuilder out = new StringBuilder("one generic method, three counters, the same work:\n");
            line(out, wall);
            line(out, cpu);
            line(out, cpuUser);
            line(out, cpuKernel);
            cycles.ifPresentOrElse(c -> line(out, c),
                    () -> out.append("  CPU_CYCLES not served here: ").append(cyclesNotServed).append('\n'));
            out.append("staged timings in one scope (each from the scope's start):\n");
            stages.forEach(s -> line(out, s));
            out.append("nested scopes:\n");
            line(out, outer);
            inner.forEach(s -> line(out, s));
            out.append("a scope whose block threw:\n");
            line(out, thrown);
            return out.toString();
        }

        private static void line(StringBuilder out, Reading reading) {
            out.append(String.format(Locale.ROOT, "  %-34s %,16d ticks = %,12.3f ms%n", reading.what(),
                    reading.periodCount(), reading.nanoseconds() / 1e6));
        }
    }

    public static void main(String[] args) throws InterruptedException {
        System.out.print(run(GenericScopedTiming::work));
    }

    /**
     * Times {@code work} with whatever counter it is given, and hands the counter back with its
     * own type: a {@link CpuTimesCounter} comes back as one, with its kernel/user split.
     */
    @SuppressWarnings("try")                    // the scope is there to be closed: its body never names it
    public static <C extends Counter> C timed(C counter, Runnable work) {
        try (CounterScope<CounterReadings> scope = CounterScope.start(counter)) {
            work.run();
        }
        return counter;
    }

    /** Runs every part of the example around {@code work} (the generic part) and fixed sleeps (the rest). */
    @SuppressWarnings("try")
    public static Result run(Runnable work) throws InterruptedException {
        Counter wall = timed(Counters.performance(), work);
        CpuTimesCounter cpu = timed(Counters.threadTimes(), work);
        Optional<Reading> cycles = Optional.empty();
        String cyclesNotServed = "";
        try {
            Counter cycleCounter = timed(Counters.create(CounterKind.CPU_CYCLES), work);
            cycles = Optional.of(reading("CPU_CYCLES (cycles)", cycleCounter));
        } catch (UnsupportedOperationException notServed) {
            cyclesNotServed = notServed.getMessage();
        }

        List<Reading> stages = new ArrayList<>();
        try (CounterScope<CounterReadings> scope = CounterScope.start(Counters.performance())) {
            Thread.sleep(20);                   // "load"
            scope.stop();
            stages.add(reading("after load (slept 20 ms)", scope.counter()));
            Thread.sleep(10);                   // "parse"
            scope.stop();
            stages.add(reading("after parse (slept 10 ms more)", scope.counter()));
        }

        Counter outer = Counters.performance();
        List<Reading> inner = new ArrayList<>();
        try (CounterScope<CounterReadings> outerScope = CounterScope.start(outer)) {
            for (int step = 1; step <= 2; step++) {
                Counter counter = Counters.performance();
                try (CounterScope<CounterReadings> innerScope = CounterScope.start(counter)) {
                    Thread.sleep(5L * step);
                }
                inner.add(reading("  inner " + step + " (slept " + 5 * step + " ms)", counter));
            }
        }

        Counter thrown = Counters.performance();
        try (CounterScope<CounterReadings> scope = CounterScope.start(thrown)) {
            Thread.sleep(5);
            throw new IllegalStateException("the block failed");
        } catch (IllegalStateException expected) {
            // the scope closed before this catch ran: the counter holds the block's interval
        }

        return new Result(reading("PERFORMANCE (wall time)", wall),
                reading("THREAD_TIMES (CPU time)", cpu),
                new Reading("  of which user", cpu.getUserPeriodCount(), cpu.getUserNanoseconds()),
                new Reading("  of which kernel", cpu.getKernelPeriodCount(), cpu.getKernelNanoseconds()),
                cycles, cyclesNotServed, stages, reading("outer", outer), inner,
                reading("slept 5 ms, then threw", thrown));
    }

    private static Reading reading(String what, CounterReadings counter) {
        return new Reading(what, counter.getPeriodCount(), counter.getNanoseconds());
    }

    /** 20 ms of computing by this thread's CPU clock, then 10 ms of sleep: wall time sees both, CPU time the computing only. */
    private static void work() {
        CpuTimesCounter cpu = Counters.threadTimes();
        cpu.start();
        long x = System.nanoTime();
        do {
            for (int i = 0; i < 10_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            cpu.stop();
        } while (cpu.getNanoseconds() < 20_000_000);
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (x == 42) {
            System.out.print(""); // keeps the loop's result alive
        }
    }
}
