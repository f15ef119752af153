package dev.counters.cli.trials;

import dev.counters.measure.Task;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The JMH reference of issue #28: each trial task alone, in JMH's own forks, as {@code
 * scripts/compare-trials.sh --set real --jmh} runs it ({@code -f 3 -wi 5 -i 5}, one task per
 * invocation with {@code -p task=CLASS}). The task is loaded by name, as {@code counters compare
 * --task-a} loads it, so both measure the same class; each fork loads one class only, so the call
 * through {@link Task} is monomorphic there.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TrialTasksBenchmark {
    @Param({
        "dev.counters.cli.trials.Crc32Work$Base",
        "dev.counters.cli.trials.Crc32Work$Same",
        "dev.counters.cli.trials.Crc32Work$Plus1",
        "dev.counters.cli.trials.Crc32Work$Plus5",
        "dev.counters.cli.trials.Crc32Rounds$Base",
        "dev.counters.cli.trials.Crc32Rounds$Plus1",
        "dev.counters.cli.trials.Crc32Rounds$Plus5",
        "dev.counters.cli.trials.Lookups$Hash",
        "dev.counters.cli.trials.Lookups$Tree",
        "dev.counters.cli.trials.Everyday$PrimitiveArray",
        "dev.counters.cli.trials.Everyday$BoxedList",
        "dev.counters.cli.trials.Everyday$Sort",
        "dev.counters.cli.trials.Everyday$ParallelSort",
        "dev.counters.cli.trials.Everyday$Wait2ms",
        "dev.counters.cli.trials.Everyday$Wait3ms",
        "dev.counters.cli.trials.Everyday$ManualSplit",
        "dev.counters.cli.trials.Everyday$RegexSplit",
        "dev.counters.cli.trials.Everyday$Builder",
        "dev.counters.cli.trials.Everyday$Concat",
    })
    public String task;

    private Task instance;

    @Setup
    public void load() throws ReflectiveOperationException {
        instance = Class.forName(task).asSubclass(Task.class).getConstructor().newInstance();
    }

    @Benchmark
    public Object run() throws Exception {
        return instance.run();
    }
}
