package dev.counters.scope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeTickSource;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every order of start, stop, pause, resume and restartFromStop, checked against a reference model
 * that knows nothing of how {@link PausableCounter} keeps its books: the model integrates "running"
 * over the fake clock's time, and a reading is that running time between the interval's start
 * (a start(), or the stop() a restartFromStop() continues from) and the last stop().
 */
class PausableCounterPropertiesTest {

    enum Call { START, STOP, PAUSE, RESUME, RESTART_FROM_STOP, READ }

    /** One call, made after the fake clock has moved on by {@code ticksBefore}. */
    record Step(long ticksBefore, Call call) {}

    @Property(tries = 2_000)
    void readingsMatchTheReferenceModelInEveryCallOrder(@ForAll("calls") List<Step> steps) {
        FakeTickSource clock = FakeTickSource.at(1_000);
        PausableCounter timer = PausableCounter.of(FakeCounters.over(clock, 1000));
        Model model = new Model();
        long now = 1_000;
        for (Step step : steps) {
            now += step.ticksBefore();
            clock.set(now);
            if (model.accepts(step.call())) {
                long expected = model.apply(step.call(), now);
                long actual = apply(timer, step.call());
                if (step.call() == Call.READ) {
                    assertEquals(expected, actual, "after " + steps);
                }
            } else {
                assertThrows(IllegalStateException.class, () -> apply(timer, step.call()), step + " after " + steps);
            }
            assertEquals(model.running, timer.isRunning(), "isRunning() after " + steps);
        }
    }

    @Provide
    Arbitrary<List<Step>> calls() {
        Arbitrary<Long> ticks = Arbitraries.longs().between(0, 1_000);
        Arbitrary<Call> calls = Arbitraries.of(Call.class);
        return Combinators.combine(ticks, calls).as(Step::new).list().ofMaxSize(25);
    }

    private static long apply(PausableCounter timer, Call call) {
        switch (call) {
            case START -> timer.start();
            case STOP -> timer.stop();
            case PAUSE -> timer.pause();
            case RESUME -> timer.resume();
            case RESTART_FROM_STOP -> timer.restartFromStop();
            case READ -> {
                return timer.getPeriodCount();
            }
        }
        return 0;
    }

    /** The running time between two instants, with no knowledge of segments or accumulators. */
    private static final class Model {
        private boolean started;
        private boolean running;
        private boolean readable;
        /** Running time from the first start() up to {@link #lastEventTime}. */
        private long runningTime;
        private long lastEventTime;
        private long runningTimeAtIntervalStart;
        private long runningTimeAtLastStop;

        boolean accepts(Call call) {
            return switch (call) {
                case START -> true;
                case STOP, PAUSE, RESUME -> started;
                case RESTART_FROM_STOP, READ -> readable;
            };
        }

        long apply(Call call, long now) {
            if (running) {
                runningTime += now - lastEventTime;
            }
            lastEventTime = now;
            switch (call) {
                case START -> {
                    started = true;
                    running = true;
                    readable = false;
                    runningTimeAtIntervalStart = runningTime;
                }
                case STOP -> {
                    runningTimeAtLastStop = runningTime;
                    readable = true;
                }
                case PAUSE -> running = false;
                case RESUME -> running = true;
                case RESTART_FROM_STOP -> {
                    runningTimeAtIntervalStart = runningTimeAtLastStop;
                    readable = false;
                }
                case READ -> {
                    return runningTimeAtLastStop - runningTimeAtIntervalStart;
                }
            }
            return 0;
        }
    }
}
