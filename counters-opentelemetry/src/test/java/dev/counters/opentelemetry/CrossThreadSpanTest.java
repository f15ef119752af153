package dev.counters.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import dev.counters.Counters;
import dev.counters.internal.CpuTimesSource;
import dev.counters.opentelemetry.SpanScenarios.Outcome;
import dev.counters.opentelemetry.SpanScenarios.Truth;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.VirtualThreadRunner;
import dev.counters.testing.Work;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Spans whose work hops threads: each span's figure against the CPU time its own code burned, read
 * by that code with the JDK's thread CPU clock (never more than that plus the clocks' slack, never
 * less than that less it), and the share of wall time covered.
 */
class CrossThreadSpanTest {
    /** The scopes' own opening and closing lie inside the stretches; 10 ms covers them, a JDK clock's steps and a late tick. */
    private static final double SLACK = 0.010;

    private SpanScenarios scenarios;

    @BeforeEach
    void start() {
        scenarios = new SpanScenarios();
    }

    @AfterEach
    void stop() {
        scenarios.close();
    }

    @Test
    void aSpanOnOneThreadGetsWhatItBurnedAndIsFullyCovered() {
        Outcome outcome = scenarios.sameThread();
        assertNear(outcome);
        assertTrue(outcome.recorded().get(SpanScenarios.COVERED) > 0.5, outcome.toString());
        assertNull(outcome.recorded().get(SpanScenarios.UNMEASURED), outcome.toString());
    }

    @Test
    void anExecutorHopCountsItsTasksAndNotOthersRunBetweenThemOnTheSameThread() throws Exception {
        Outcome outcome = scenarios.executorHop();
        assertNear(outcome);
        assertNull(outcome.recorded().get(SpanScenarios.UNMEASURED), outcome.toString());
        assertTrue(outcome.recorded().get(SpanScenarios.COVERED) > 0.1, outcome.toString());
    }

    @Test
    void aCompletableFutureChainIsMeasuredAndItsEndOnThePoolToo() throws Exception {
        Outcome outcome = scenarios.completableFuture();
        assertNear(outcome);
        assertNull(outcome.recorded().get(SpanScenarios.UNMEASURED), outcome.toString());
    }

    @Test
    void aSpanEndedOnAnotherThreadIsMeasuredOnBoth() throws Exception {
        Outcome outcome = scenarios.endedOnAnotherThread();
        assertNear(outcome);
        assertNull(outcome.recorded().get(SpanScenarios.UNMEASURED), outcome.toString());
    }

    @Test
    void nestedAndParallelSpansEachGetTheirOwnAndTheParentTheirSum() throws Exception {
        Truth parentOwn = new Truth();
        Truth[] children = {new Truth(), new Truth()};
        Span parent = scenarios.tracer.spanBuilder("parent").startSpan();
        Span[] spans = new Span[2];
        ExecutorService two = Executors.newFixedThreadPool(2);
        try (Scope ignored = parent.makeCurrent()) {
            parentOwn.burn(Duration.ofMillis(10));
            Future<?>[] done = new Future<?>[2];
            for (int i = 0; i < 2; i++) {
                int child = i;
                done[i] = two.submit(Context.current().wrap(() -> {
                    spans[child] = scenarios.tracer.spanBuilder("child").startSpan();
                    try (Scope inChild = spans[child].makeCurrent()) {
                        children[child].burn(Duration.ofMillis(20 + 10 * child));
                    } finally {
                        spans[child].end();
                    }
                }));
            }
            for (Future<?> each : done) {
                each.get(60, TimeUnit.SECONDS);
            }
        } finally {
            parent.end();
            two.shutdown();
        }
        for (int i = 0; i < 2; i++) {
            assertNear(scenarios.outcome(spans[i], children[i]));
        }
        Outcome whole = scenarios.outcome(parent, parentOwn);
        double sum = parentOwn.seconds() + children[0].seconds() + children[1].seconds();
        assertBetween(sum - SLACK, whole.total(), sum + SLACK, whole);
    }

    @Test
    void aSpanCurrentOnlyOnAVirtualThreadHasNoFigureAndNothingCovered() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        Span span = scenarios.tracer.spanBuilder("virtual").startSpan();
        VirtualThreadRunner.call(() -> {
            try (Scope ignored = span.makeCurrent()) {
                Work.compute(5);
            } finally {
                span.end();
            }
            return null;
        });
        Outcome outcome = scenarios.outcome(span, new Truth());
        assertEquals("virtual-thread", outcome.recorded().get(SpanScenarios.UNMEASURED));
        assertNull(outcome.total());
        assertEquals(0.0, outcome.recorded().get(SpanScenarios.COVERED));
    }

    @Test
    void aHopToAVirtualThreadLeavesThatPartOutAndSaysSo() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        Outcome outcome = scenarios.virtualThreadHop();
        assertNear(outcome);
        assertEquals("virtual-thread", outcome.recorded().get(SpanScenarios.UNMEASURED));
        // The calling thread waits with the span current while the virtual thread computes: not covered then.
        assertTrue(outcome.recorded().get(SpanScenarios.COVERED) < 0.9, outcome.toString());
    }

    @Test
    void aSpanStillCurrentElsewhereWhenItEndsCountsWhatWasClosedAndSaysSo() throws Exception {
        Truth truth = new Truth();
        Span span = scenarios.tracer.spanBuilder("still-current").startSpan();
        CountDownLatch ended = new CountDownLatch(1);
        CountDownLatch entered = new CountDownLatch(1);
        Future<?> elsewhere = scenarios.hopper.submit(() -> {
            try (Scope ignored = span.makeCurrent()) {
                entered.countDown();
                Work.burnCpu(Duration.ofMillis(10));
                ended.await(60, TimeUnit.SECONDS);
            }
            return null;
        });
        entered.await(60, TimeUnit.SECONDS);
        try (Scope ignored = span.makeCurrent()) {
            truth.burn(Duration.ofMillis(20));
            span.end();
        }
        ended.countDown();
        elsewhere.get(60, TimeUnit.SECONDS);

        Outcome outcome = scenarios.outcome(span, truth);
        assertEquals("current-at-end", outcome.recorded().get(SpanScenarios.UNMEASURED));
        assertNear(outcome);
    }

    @Test
    void aFailingClockGetsAReasonAndTheSpanStillEnds() throws Exception {
        // Clocks whose reads fail from the second on: the first stretch's end, the next one's start.
        int[] reads = {0};
        CpuContextStorage.useClocks(() -> FakeCounters.threadTimes(into -> {
            if (++reads[0] > 1) {
                throw CounterException.nativeFailure("clock_gettime(CLOCK_THREAD_CPUTIME_ID)", 22, "Invalid argument");
            }
            into[CpuTimesSource.TOTAL] = reads[0];
        }));
        Span[] spans = new Span[2];
        try {
            Thread fresh = new Thread(() -> {   // a new thread makes its clock from the failing supplier
                for (int i = 0; i < 2; i++) {
                    spans[i] = scenarios.tracer.spanBuilder("failing").startSpan();
                    try (Scope ignored = spans[i].makeCurrent()) {
                        Work.compute(1);
                    }
                    spans[i].end();
                }
            });
            fresh.start();
            fresh.join();
        } finally {
            CpuContextStorage.useClocks(Counters::threadTimes);
        }
        for (Span span : spans) {
            Outcome outcome = scenarios.outcome(span, new Truth());
            assertEquals("clock-failed", outcome.recorded().get(SpanScenarios.UNMEASURED), outcome.toString());
            assertNull(outcome.total());
        }
    }

    @Test
    void endedSpansLeaveNothingBehind() throws Exception {
        for (int i = 0; i < 1_000; i++) {
            Span span = scenarios.tracer.spanBuilder("handed").startSpan();
            Runnable end = span::end;
            scenarios.hopper.submit(Context.current().with(span).wrap(end)).get(10, TimeUnit.SECONDS);
        }
        assertEquals(0, CpuContextStorage.tracked());
    }

    private static void assertNear(Outcome outcome) {
        assertNotNull(outcome.total(), outcome.toString());
        assertBetween(outcome.truth() - SLACK, outcome.total(), outcome.truth() + SLACK, outcome);
    }

    private static void assertBetween(double low, double value, double high, Object what) {
        assertTrue(low <= value && value <= high, value + " not within [" + low + ", " + high + "]: " + what);
    }
}
