package dev.counters.benchmarks;

import dev.counters.Counter;
import dev.counters.CounterReadings;
import dev.counters.Counters;
import dev.counters.scope.CounterScope;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * What naming a scope costs when no Flight Recorder recording has {@code dev.counters.Scope}
 * enabled: an unnamed and a named scope over the cheapest wall clock (PERFORMANCE), so that any
 * cost of the JFR check would show. Run without {@code -XX:StartFlightRecording}.
 */
public class ScopeEventBenchmark extends NanosecondBenchmark {
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
