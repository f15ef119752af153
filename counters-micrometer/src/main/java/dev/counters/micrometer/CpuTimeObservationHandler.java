package dev.counters.micrometer;

import static java.util.Objects.requireNonNull;

import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.internal.VirtualThreads;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.NullObservation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Records the CPU time each {@link Observation} spends while it is current on a thread, on every
 * thread it reaches, split into kernel and user time: the question wall time cannot answer, because
 * it counts waiting too.
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
 * <p>An observation that never opens a scope ({@code Observation.start(...)} then {@code stop()}, how many
 * time a block) is measured too where it can be told apart: started and stopped on one platform thread
 * with no observation's scope opened there in between, nothing else became current there, so that
 * thread's CPU from start to stop is its work (and its covered time the whole of its wall time).
 *
 * <p>What it measures: the stretches during which the observation's scope is open on a thread, from
 * {@code onScopeOpened} to {@code onScopeClosed}, each read on that thread's own CPU clock
 * ({@code Counters.threadTimes()}), summed over threads. Micrometer opens a scope where
 * {@code observe(...)} or {@code openScope()} runs, and context propagation opens one on each thread
 * the observation is carried to: executors wrapped by {@code ContextExecutorService} or a
 * {@code ContextPropagatingTaskDecorator} (Spring MVC's {@code Callable}, {@code @Async}), and Reactor
 * with automatic context propagation (WebFlux). A thread that serves other work between two stretches
 * never adds that work to this observation; a stretch of an unrelated observation opened inside this
 * one's on the same thread (another request's, restored there) suspends this one until it closes. A
 * child observation's stretches count for its parent too.
 *
 * <p>On stop it records, with the observation's low-cardinality tags and, as Micrometer's own
 * wall-time timer has it, an {@code error} tag ({@code none}, or the error's simple class name):
 * {@code <name>.cpu} (the total), {@code <name>.cpu.kernel} and {@code <name>.cpu.user}, for an
 * observation with at least one measured stretch; and, for every observation, {@code <name>.cpu.covered},
 * the wall time during which at least one measured stretch was open, so that
 * {@code covered / wall} says how complete a figure is (work on a thread the context never reached is
 * in the wall time, not in the covered time). Kernel plus user equals the total exactly. Where no
 * platform module (counters-posix, counters-windows) is present, the JDK's {@code ThreadMXBean} serves
 * the total alone: the kernel and user timers are absent rather than zero or guessed.
 *
 * <p>What it cannot measure it counts, once per observation and reason, in
 * {@code <name>.cpu.unmeasured} with the tag {@code unmeasured.reason} (a key of its own, so that an
 * observation's own {@code reason} tag is kept; {@code unmeasured_reason} in Prometheus) and the
 * {@code error} tag the timers carry, so that its label set joins theirs:
 * {@code virtual-thread} (a scope on a virtual thread, which has no CPU clock of its own: no JDK up to
 * 25 reads one, and its carrier's clock counts the other virtual threads mounted in between),
 * {@code clock-failed} (the clock could not be made or read) and {@code no-scope} (the observation
 * never opened a scope, and was not started and stopped on one platform thread with no scope opened
 * there in between: nothing tells its work from other work). An observation whose
 * scope is still open on some thread when it stops (a pool thread that handed over the result that
 * ended the request) is recorded when that scope closes, so that thread's CPU is not lost. Nothing in this handler throws into the
 * observed work: a failure of its own, even an {@code OutOfMemoryError} of direct memory while making
 * a clock, is counted as {@code clock-failed}, and a failure to record is logged once.
 *
 * <p>Cost: one read of the thread's CPU clock at each observation's start (for the case without a scope),
 * two per stretch (one THREAD_TIMES pair) and one small object per observation; each thread keeps its clock and its stack of stretches, so a thread's steady state
 * allocates nothing more, and the meters of each observation name and tag set are registered once and
 * kept (docs/PERFORMANCE.md has the figures). The handler supports every context, so it composes with
 * Micrometer's {@code DefaultMeterObservationHandler} and with tracing handlers.
 */
public final class CpuTimeObservationHandler implements ObservationHandler<Observation.Context> {
    private static final System.Logger LOG = System.getLogger(CpuTimeObservationHandler.class.getName());

    private final CpuTimeMeters meters;
    private final ThreadLocal<ThreadStretches> stretches;
    private final AtomicBoolean recordingFailureLogged = new AtomicBoolean();

    /** A handler recording into {@code registry}; register it with an {@code ObservationRegistry}. */
    public CpuTimeObservationHandler(MeterRegistry registry) {
        this(registry, Counters::threadTimes);
    }

    /** A handler whose clocks read counters from {@code counters} (tests pass failing ones). */
    CpuTimeObservationHandler(MeterRegistry registry, Supplier<? extends CpuTimesCounter> counters) {
        this.meters = new CpuTimeMeters(requireNonNull(registry, "registry is null; pass the MeterRegistry to record into"));
        requireNonNull(counters, "counters");
        this.stretches = ThreadLocal.withInitial(() -> new ThreadStretches(counters, this, this::record));
    }

    @Override
    public void onStart(Observation.Context context) {
        ObservationCpu cpu = new ObservationCpu(System.nanoTime());
        context.put(this, cpu);
        try {
            if (!VirtualThreads.isCurrentThreadVirtual()) {
                stretches.get().started(cpu);
            }
        } catch (RuntimeException | LinkageError | OutOfMemoryError failed) {
            clockFailed(cpu);
        }
    }

    @Override
    public void onScopeOpened(Observation.Context context) {
        ObservationCpu cpu = context.get(this);
        boolean hiding = context instanceof NullObservation.NullContext;
        if (cpu == null && !hiding) {
            return;
        }
        try {
            if (VirtualThreads.isCurrentThreadVirtual()) {
                if (hiding) {
                    return;
                }
                cpu.scopeOpened();
                cpu.unmeasured(Unmeasured.VIRTUAL_THREAD);
                return;
            }
            stretches.get().open(context, cpu);
        } catch (RuntimeException | LinkageError | OutOfMemoryError failed) {
            clockFailed(cpu);
        }
    }

    @Override
    public void onScopeClosed(Observation.Context context) {
        try {
            if ((context.get(this) != null || context instanceof NullObservation.NullContext)
                    && !VirtualThreads.isCurrentThreadVirtual()) {
                stretches.get().close(context);
            }
        } catch (RuntimeException | LinkageError | OutOfMemoryError failed) {
            clockFailed(context.get(this));
        }
    }

    /**
     * Micrometer resets the scopes of this thread, all of them (context propagation clearing it, or
     * rebuilding its scopes before making one current, when each is opened again): every stretch open
     * here ends now.
     */
    @Override
    public void onScopeReset(Observation.Context context) {
        try {
            if (!VirtualThreads.isCurrentThreadVirtual()) {
                stretches.get().reset();
            }
        } catch (RuntimeException | LinkageError | OutOfMemoryError failed) {
            clockFailed(context.get(this));
        }
    }

    /**
     * Records the observation now, or, where a measured stretch of it is still open on some thread,
     * when the last one closes (so that a pool thread's work that ended the request is not lost).
     */
    @Override
    public void onStop(Observation.Context context) {
        ObservationCpu cpu = context.get(this);
        if (cpu == null) {
            return;
        }
        CpuTimeMeters.requireName(context);
        if (!cpu.scoped()) {
            measureUnscoped(cpu);
        }
        if (cpu.stop(context, System.nanoTime())) {
            record(cpu);
        }
    }

    /** An observation that never opened a scope, stopping on the thread it started on with nothing current there since, is measured whole. */
    private void measureUnscoped(ObservationCpu cpu) {
        try {
            if (!VirtualThreads.isCurrentThreadVirtual()) {
                stretches.get().measureUnscoped(cpu);
            }
        } catch (RuntimeException | LinkageError | OutOfMemoryError failed) {
            clockFailed(cpu);
        }
    }

    /** Records what {@code cpu} gathered; a failure is logged once and never reaches the observed work. */
    private void record(ObservationCpu cpu) {
        Observation.Context context = cpu.stoppedContext();
        try {
            if (!cpu.scoped() && !cpu.measured()) {
                cpu.unmeasured(Unmeasured.NO_SCOPE);
            }
            meters.record(context, cpu);
        } catch (RuntimeException | LinkageError | OutOfMemoryError failed) {
            if (recordingFailureLogged.compareAndSet(false, true)) {
                LOG.log(Level.WARNING, "counters: could not record the CPU time of observation " + context.getName()
                        + " (logged once; the observed work goes on)", failed);
            }
        }
    }

    /** True for every context: CPU time means the same whatever the observation is. */
    @Override
    public boolean supportsContext(Observation.Context context) {
        return true;
    }

    /** A clock failed while {@code cpu}'s observation (null: not one of ours) was measured: it is reported unmeasured. */
    private static void clockFailed(ObservationCpu cpu) {
        if (cpu != null) {
            cpu.unmeasured(Unmeasured.CLOCK_FAILED);
        }
    }
}
