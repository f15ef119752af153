package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.internal.ThreadControl;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What a comparison in this JVM measures with and reads: its clocks, the clock of its budget, where
 * it reads {@code /proc}, the CPUs it may use, how it pins a duet's workers, where task results go,
 * its random draws and the JIT's compilation time. The defaults are the real ones; tests pass fakes.
 *
 * @param processCounter this JVM's CPU clock (all threads), giving null where the platform has none
 * @param threadControl pins a duet's workers; empty: the one {@link ThreadControls#best()} finds
 * @param compilationMillis the JIT's total compilation time, or null where not read
 */
public record Instruments(Supplier<? extends Counter> wallCounter, Supplier<? extends CpuTimesCounter> threadCounter,
        Supplier<? extends CpuTimesCounter> processCounter, LongSupplier nanoClock, ProcReadings.TextSource proc,
        IntSupplier processors, Optional<ThreadControl> threadControl, Sink sink, SplittableRandom random,
        LongSupplier compilationMillis) {
    public Instruments {
        requireNonNull(wallCounter, "wallCounter");
        requireNonNull(threadCounter, "threadCounter");
        requireNonNull(processCounter, "processCounter");
        requireNonNull(nanoClock, "nanoClock");
        requireNonNull(proc, "proc");
        requireNonNull(processors, "processors");
        requireNonNull(threadControl, "threadControl");
        requireNonNull(sink, "sink");
        requireNonNull(random, "random");
    }

    /** The real ones: {@link Counters#performance()}, {@link Counters#threadTimes()}, process times where served, and so on. */
    public static Instruments real() {
        return new Instruments(Counters::performance, Counters::threadTimes, Instruments::processTimesOrNone, System::nanoTime,
                ProcReadings.FILE_SYSTEM, Runtime.getRuntime()::availableProcessors, Optional.empty(), new Sink(),
                new SplittableRandom(), CompilingWarmUp.compilationMillis());
    }

    /** The process's CPU clock, or null where the platform has none. */
    private static CpuTimesCounter processTimesOrNone() {
        try {
            return Counters.processTimes();
        } catch (RuntimeException unavailable) {
            return null;
        }
    }

    public Instruments withWallCounter(Supplier<? extends Counter> factory) {
        return new Instruments(factory, threadCounter, processCounter, nanoClock, proc, processors, threadControl, sink, random,
                compilationMillis);
    }

    public Instruments withThreadCounter(Supplier<? extends CpuTimesCounter> factory) {
        return new Instruments(wallCounter, factory, processCounter, nanoClock, proc, processors, threadControl, sink, random,
                compilationMillis);
    }

    public Instruments withProcessCounter(Supplier<? extends CpuTimesCounter> factory) {
        return new Instruments(wallCounter, threadCounter, factory, nanoClock, proc, processors, threadControl, sink, random,
                compilationMillis);
    }

    public Instruments withNanoClock(LongSupplier clock) {
        return new Instruments(wallCounter, threadCounter, processCounter, clock, proc, processors, threadControl, sink, random,
                compilationMillis);
    }

    public Instruments withProc(ProcReadings.TextSource text) {
        return new Instruments(wallCounter, threadCounter, processCounter, nanoClock, text, processors, threadControl, sink,
                random, compilationMillis);
    }

    public Instruments withProcessors(IntSupplier cpus) {
        return new Instruments(wallCounter, threadCounter, processCounter, nanoClock, proc, cpus, threadControl, sink, random,
                compilationMillis);
    }

    public Instruments withThreadControl(ThreadControl control) {
        return new Instruments(wallCounter, threadCounter, processCounter, nanoClock, proc, processors,
                Optional.of(requireNonNull(control, "control")), sink, random, compilationMillis);
    }

    public Instruments withSink(Sink results) {
        return new Instruments(wallCounter, threadCounter, processCounter, nanoClock, proc, processors, threadControl, results,
                random, compilationMillis);
    }

    public Instruments withRandom(SplittableRandom draws) {
        return new Instruments(wallCounter, threadCounter, processCounter, nanoClock, proc, processors, threadControl, sink, draws,
                compilationMillis);
    }

    public Instruments withCompilationMillis(LongSupplier millis) {
        return new Instruments(wallCounter, threadCounter, processCounter, nanoClock, proc, processors, threadControl, sink, random,
                millis);
    }
}
