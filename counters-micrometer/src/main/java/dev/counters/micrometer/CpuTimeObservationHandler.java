package dev.counters.micrometer;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterException;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.CpuTimesReadings;
import dev.counters.internal.VirtualThreads;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import java.util.function.Supplier;

/**
 * Records the CPU time each {@link Observation} spends on the thread that runs it, split into
 * kernel and user time: the question wall time cannot answer, because it counts waiting too.
 *
 * <pre>{@code
 * ObservationRegistry observations = ObservationRegistry.create();
 * observations.observationConfig()
 *         .observationHandler(new DefaultMeterObservationHandler(meters))   // wall time, as usual
 *         .observationHandler(new CpuTimeObservationHandler(meters));       // and CPU time
 * Observation.createNotStarted("http.request", observations)
 *         .lowCardinalityKeyValue("uri", "/compute")
 *         .observe(() -> handle(request));
 * }</pre>
 *
 * <p>On start it reads the calling thread's CPU clock ({@code Counters.threadTimes()}); on stop,
 * on the same thread, it records three {@link io.micrometer.core.instrument.Timer Timers} with
 * the observation's low-cardinality tags and, as Micrometer's own wall-time timer has it, an
 * {@code error} tag ({@code none}, or the error's simple class name): {@code <name>.cpu} (the
 * total), {@code <name>.cpu.kernel} and {@code <name>.cpu.user}. Kernel plus user equals the total
 * exactly, to the nanosecond. Where no platform module (counters-posix, counters-windows) is
 * present, the JDK's {@code ThreadMXBean} serves the total alone (its user time moves in scheduler
 * ticks, so it has no honest split): only {@code <name>.cpu} is recorded, and the kernel and user
 * timers are absent rather than zero or guessed.
 *
 * <p>It never records another thread's CPU time. An observation started on a virtual thread
 * (which has no CPU clock of its own: its carriers change whenever it blocks), or stopped on a
 * different thread than it started on, records no CPU timer; instead it counts once in
 * {@code <name>.cpu.unmeasured}, tagged {@code unmeasured.reason=virtual-thread} or {@code =other-thread}
 * (a key of its own, so that an observation's own {@code reason} tag is kept),
 * so missing figures are visible rather than silently zero. Nor does a failing clock fail the
 * observed work: where the thread's CPU clock cannot be read (a {@link dev.counters.CounterException}
 * at start or stop), the observation counts in {@code unmeasured.reason=clock-failed} instead.
 *
 * <p>Nested observations on one thread each get their own figures. The handler supports every
 * context, so it composes with Micrometer's {@code DefaultMeterObservationHandler} and with
 * tracing handlers. Its own bookkeeping allocates nothing per observation once a thread has run
 * one: each thread keeps a pool of started clocks, one per nesting level, and the meters of each
 * observation name and tag set are registered once and kept, so a stop records into them without
 * a look-up in the registry. What remains is what Micrometer allocates to put a value on a context
 * and to hand out its low-cardinality key values (docs/PERFORMANCE.md has the figures).
 */
public final class CpuTimeObservationHandler implements ObservationHandler<Observation.Context> {
    private final CpuTimeMeters meters;
    private final ThreadLocal<CpuClockPool> pools;

    /** A handler recording into {@code registry}; register it with an {@code ObservationRegistry}. */
    public CpuTimeObservationHandler(MeterRegistry registry) {
        this(registry, Counters::threadTimes);
    }

    /** A handler whose clocks read counters from {@code counters} (tests pass failing ones). */
    CpuTimeObservationHandler(MeterRegistry registry, Supplier<? extends CpuTimesCounter> counters) {
        this.meters = new CpuTimeMeters(requireNonNull(registry, "registry is null; pass the MeterRegistry to record into"));
        requireNonNull(counters, "counters");
        this.pools = ThreadLocal.withInitial(() -> new CpuClockPool(counters));
    }

    @Override
    public void onStart(Observation.Context context) {
        Thread current = Thread.currentThread();
        if (VirtualThreads.isVirtual(current)) {
            context.put(this, Unmeasured.VIRTUAL_THREAD);
            return;
        }
        CpuClock clock;
        try {
            clock = pools.get().take(current);
            clock.start();
        } catch (CounterException failed) {   // a clock that failed is dropped, not given back to the pool
            context.put(this, Unmeasured.CLOCK_FAILED);
            return;
        }
        context.put(this, clock);
    }

    @Override
    public void onStop(Observation.Context context) {
        Object state = context.remove(this);
        if (state instanceof CpuClock) {
            CpuClock clock = (CpuClock) state;
            if (clock.isOwnedBy(Thread.currentThread())) {
                if (recorded(context, clock)) {
                    pools.get().giveBack(clock);
                }
            } else {
                meters.unmeasured(context, Unmeasured.OTHER_THREAD);
            }
        } else if (state instanceof Unmeasured) {
            meters.unmeasured(context, (Unmeasured) state);
        }
    }

    /** Stops {@code clock} and records its figures; or counts the clock's failure, and the clock is not reused. */
    private boolean recorded(Observation.Context context, CpuClock clock) {
        CpuTimesReadings readings;
        try {
            readings = clock.stop();
        } catch (CounterException failed) {
            meters.unmeasured(context, Unmeasured.CLOCK_FAILED);
            return false;
        }
        meters.record(context, readings, clock.hasKernelUserSplit());
        return true;
    }

    /** True for every context: CPU time means the same whatever the observation is. */
    @Override
    public boolean supportsContext(Observation.Context context) {
        return true;
    }
}
