package dev.counters.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The JMH settings every benchmark of this module shares, in one place: each benchmark times a
 * call of some nanoseconds, so it reports the average time per call in nanoseconds, each thread
 * keeps its own state, five 200 ms warm-up iterations and twenty 100 ms measured ones run in each
 * of two forks, and every fork may make native calls ({@link Forks#ENABLE_NATIVE_ACCESS}).
 *
 * <p>A benchmark class extends this one and inherits the settings: JMH's class-level annotations
 * are {@link java.lang.annotation.Inherited @Inherited}. A benchmark that needs other settings
 * annotates itself, which overrides the inherited annotation of the same type.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 2, jvmArgsAppend = Forks.ENABLE_NATIVE_ACCESS)
public abstract class NanosecondBenchmark {
    /** For subclasses only. */
    protected NanosecondBenchmark() {}
}
