package dev.counters.scope;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Times consecutive laps with no gap between them: each {@code stopGet...AndRestart()} reads the
 * clock once, and that one reading is both the end of this lap and the start of the next. STLSoft
 * offers the same helpers ({@code stop_get_milliseconds_and_restart()}); a stop followed by a
 * separate start would lose the time between the two reads.
 *
 * <pre>{@code
 * LapCounter laps = LapCounter.start(Counters.performance());
 * for (Phase phase : phases) {
 *     phase.run();
 *     log(phase + ": " + laps.stopGetMicrosecondsAndRestart() + " us");
 * }
 * }</pre>
 */
public final class LapCounter {
    private final Counter counter;

    private LapCounter(Counter counter) {
        this.counter = counter;
    }

    /** Starts {@code counter}; the first lap begins now. */
    public static LapCounter start(Counter counter) {
        requireNonNull(counter, "counter is null; pass e.g. Counters.performance()");
        counter.start();
        return new LapCounter(counter);
    }

    /** Ends the current lap, returns its length in {@code unit}, and begins the next lap at the same instant. */
    public long stopGetAndRestart(TimeUnit unit) {
        requireNonNull(unit, "unit is null; pass e.g. TimeUnit.MICROSECONDS");
        counter.stop();
        long lap = counter.getPeriod(unit);
        counter.restartFromStop();
        return lap;
    }

    /** Ends the current lap and returns its length in native ticks; the next lap begins at the same instant. */
    public long stopGetPeriodCountAndRestart() {
        counter.stop();
        long lap = counter.getPeriodCount();
        counter.restartFromStop();
        return lap;
    }

    public long stopGetSecondsAndRestart() {
        return stopGetAndRestart(TimeUnit.SECONDS);
    }

    public long stopGetMillisecondsAndRestart() {
        return stopGetAndRestart(TimeUnit.MILLISECONDS);
    }

    public long stopGetMicrosecondsAndRestart() {
        return stopGetAndRestart(TimeUnit.MICROSECONDS);
    }

    public long stopGetNanosecondsAndRestart() {
        return stopGetAndRestart(TimeUnit.NANOSECONDS);
    }

    /** Ends the current lap and returns it as a {@link Duration}; the next lap begins at the same instant. */
    public Duration stopGetElapsedAndRestart() {
        counter.stop();
        Duration lap = counter.getElapsed();
        counter.restartFromStop();
        return lap;
    }
}
