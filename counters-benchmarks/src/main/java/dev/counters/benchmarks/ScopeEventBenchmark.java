package dev.counters.benchmarks;

import dev.counters.Counter;
import dev.counters.CounterReadings;
import dev.counters.Counters;
import dev.counters.scope.CounterScope;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What naming a scope costs when no Flight Recorder recording has {@code dev.counters.Scope}
 * enabled: an unnamed and a named scope over the cheapest wall clock (PERFORMANCE), so that any
 * cost of the JFR check would show. Run without {@code -XX:StartFlightRecording}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 2, jvmArgsAppend = Forks.ENABLE_NATIVE_ACCESS)
public class ScopeEventBenchmark {
    private Counter counter;

    @Setup
    public void createCounter() {
        counter = Counters.performance();
    }

    @Benchmark
    public long unnamedScope() {
        try (CounterScope<CounterReadings> scope = CounterScope.start(counter)) {
            return scope.counter().getFrequency();
        }
    }

    @Benchmark
    public long namedScope() {
        try (CounterScope<CounterReadings> scope = CounterScope.start("bench", counter)) {
            return scope.counter().getFrequency();
        }
    }
}
