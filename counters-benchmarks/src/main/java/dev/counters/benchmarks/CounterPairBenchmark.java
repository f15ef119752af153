package dev.counters.benchmarks;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.Counters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The cost of one {@code start()} + {@code stop()} pair of a counter of each kind, as created by
 * {@link Counters#create}: whichever provider serves the kind best on the class path is the one
 * measured, exactly as a user would get it.
 *
 * <p>The {@code kind} parameter lists every {@link CounterKind}; a kind that no provider serves
 * here fails its setup, so run only the kinds {@link BenchmarkEnvironment} reports as available
 * ({@code scripts/benchmarks.sh} does that: {@code -p kind=TICK,HIGH_PERFORMANCE,...}).
 */
public class CounterPairBenchmark extends NanosecondBenchmark {

    @Param({
        "TICK", "MULTIMEDIA", "SYSTEM_TIME", "HIGH_PERFORMANCE", "THREAD_TIMES", "PROCESS_TIMES",
        "PERFORMANCE", "THREAD_CYCLES", "PROCESS_CYCLES", "CPU_CYCLES"
    })
    public CounterKind kind;

    private Counter counter;

    @Setup
    public void createCounter() {
        counter = Counters.create(kind);
        counter.start();
        counter.stop();
        counter.getPeriodCount(); // proves the counter reads before any time is spent on it
    }

    /** One start+stop pair; the period count is consumed so neither read can be eliminated. */
    @Benchmark
    public void startStopPair(Blackhole blackhole) {
        counter.start();
        counter.stop();
        blackhole.consume(counter.getPeriodCount());
    }
}
