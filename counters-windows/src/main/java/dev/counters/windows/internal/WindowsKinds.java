package dev.counters.windows.internal;

import static dev.counters.windows.internal.WindowsSources.FILETIME_UNITS;
import static dev.counters.windows.internal.WindowsSources.MILLISECONDS;
import static java.util.Objects.requireNonNull;

import com.google.common.base.Suppliers;
import dev.counters.Counter;
import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.LazyFrequency;
import dev.counters.internal.PerKind;
import dev.counters.internal.Periods;
import dev.counters.internal.ResolutionProbe;
import dev.counters.internal.SampledCpuTimesCounter;
import dev.counters.internal.SourceCounter;
import dev.counters.internal.TickSource;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.CycleInstruction;
import dev.counters.nativeaccess.ProcessorCycles;
import dev.counters.spi.KindSupport;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What each {@link CounterKind} is on Windows: whether it can be served here (decided once, by
 * a trial read where a call can fail), which source it reads, and its {@link CounterInfo}. One
 * instance per {@link WindowsCalls} layer; the system layer's is shared by every provider instance, so
 * support, descriptions and frequencies are worked out once per process.
 */
final class WindowsKinds {
    static final String PROVIDER = "windows";

    private static final String FILETIME_NOTE = "100-nanosecond intervals (FILETIME)";

    private final WindowsSources sources;
    /** How the layer reaches Windows (FFM or JNA), for every kind's {@link CounterInfo#binding()}. */
    private final CounterInfo.Binding binding;
    /** Why JNA, not FFM, reads every kind here; empty where FFM serves or cannot. */
    private final String whyNotFfm;
    private final WindowsCalls api;
    /** Each kind decided once, the first time it is asked about, as counters-posix's {@code PosixKinds} does. */
    private final PerKind<KindSupport> support = new PerKind<>() {
        @Override
        protected KindSupport compute(CounterKind kind) {
            return checkSupport(kind);
        }
    };
    private final PerKind<CounterInfo> infos = new PerKind<>() {
        @Override
        protected CounterInfo compute(CounterKind kind) {
            return describeKind(kind);
        }
    };
    /** Why PERFORMANCE falls back to the tick count (QueryPerformanceFrequency failed), or empty when it reads QPC. */
    private final Supplier<Optional<CounterException>> performanceFallback;
    /** The processor's cycle counter (CPU_CYCLES), bound the first time it is asked about. */
    private final Supplier<Binding<ProcessorCycles>> processor;

    WindowsKinds(WindowsCalls api) {
        this(api, "");
    }

    /**
     * The kinds read through {@code api}; {@code whyNotFfm} ({@link dev.counters.nativeaccess.LayerChoice#whyNotFfm()})
     * is added to every kind's notes where JNA serves although FFM could.
     */
    WindowsKinds(WindowsCalls api, String whyNotFfm) {
        this.api = api;
        this.whyNotFfm = requireNonNull(whyNotFfm, "whyNotFfm");
        this.binding = api.binding();
        this.sources = new WindowsSources(api);
        this.processor = Suppliers.memoize(() -> bindProcessor(api));
        this.performanceFallback = Suppliers.memoize(this::checkPerformanceCounter);
    }

    /** Whether {@code kind} can be served here, and if not why: asked once per kind, through {@link #support}. */
    private KindSupport checkSupport(CounterKind kind) {
        return switch (kind) {
            case TICK, SYSTEM_TIME, PERFORMANCE -> KindSupport.supported();
            case MULTIMEDIA -> api.winmmMissing().map(KindSupport::unsupported).orElse(KindSupport.supported());
            case HIGH_PERFORMANCE -> performanceFallback.get()
                    .map(failure -> KindSupport.unsupported(failure.getMessage()))
                    .orElse(KindSupport.supported());
            case THREAD_TIMES -> trial(sources.threadTimes());
            case PROCESS_TIMES -> trial(sources.processTimes());
            case THREAD_CYCLES -> api.cycleTimeMissing()
                    .map(KindSupport::unsupported)
                    .orElseGet(() -> trial(sources.threadCycles()));
            case PROCESS_CYCLES -> api.cycleTimeMissing()
                    .map(KindSupport::unsupported)
                    .orElseGet(() -> trial(sources.processCycles()));
            case CPU_CYCLES -> processor.get().failure()
                    .map(KindSupport::unsupported)
                    .orElse(KindSupport.supported());
        };
    }

    /** What a supported {@code kind} is here: asked once per kind, through {@link #infos}. */
    private CounterInfo describeKind(CounterKind kind) {
        return switch (kind) {
            case TICK -> describe(CounterKind.TICK, WindowsSources.GET_TICK_COUNT_64, sources.tickCount(),
                    MILLISECONDS, true, "milliseconds since the system started; advances once per system timer tick");
            case MULTIMEDIA -> describeMultimedia("");
            case SYSTEM_TIME -> describeSystemTime();
            case HIGH_PERFORMANCE -> describePerformanceCounter(CounterKind.HIGH_PERFORMANCE);
            case PERFORMANCE -> describePerformance();
            case THREAD_TIMES -> describeCpuTimes(CounterKind.THREAD_TIMES, "GetThreadTimes(GetCurrentThread())", sources.threadTimes());
            case PROCESS_TIMES -> describeCpuTimes(CounterKind.PROCESS_TIMES, "GetProcessTimes(GetCurrentProcess())", sources.processTimes());
            case THREAD_CYCLES -> describeCycles(CounterKind.THREAD_CYCLES,
                    "QueryThreadCycleTime(GetCurrentThread())", sources.threadCycles());
            case PROCESS_CYCLES -> describeCycles(CounterKind.PROCESS_CYCLES,
                    "QueryProcessCycleTime(GetCurrentProcess())", sources.processCycles());
            case CPU_CYCLES -> processor.get().require().describe(PROVIDER);
        };
    }

    WindowsSources sources() {
        return sources;
    }

    /** Whether {@code kind} can be served here, and if not why; never throws. */
    KindSupport support(CounterKind kind) {
        return support.get(kind);
    }

    /**
     * What a counter of {@code kind} would be, without creating one.
     *
     * @throws UnsupportedOperationException with the reason when {@link #support} says no
     */
    CounterInfo describe(CounterKind kind) {
        requireSupported(kind);
        return infos.get(kind);
    }

    private void requireSupported(CounterKind kind) {
        KindSupport kindSupport = support(kind);
        if (!kindSupport.isSupported()) {
            throw new UnsupportedOperationException(kind + " is not available from counters-windows here: " + kindSupport.reason());
        }
    }

    /**
     * A new counter of {@code kind}.
     *
     * @throws UnsupportedOperationException with the reason when {@link #support} says no
     */
    Counter create(CounterKind kind) {
        requireSupported(kind);
        Supplier<CounterInfo> info = infos.supplier(kind);
        switch (kind) {
            case TICK:
                return new SourceCounter(kind, sources.tickCount(), MILLISECONDS, info);
            case MULTIMEDIA:
                return new SourceCounter(kind, sources.multimediaTime(), MILLISECONDS, info);
            case SYSTEM_TIME:
                return new SourceCounter(kind, sources.systemTime(), FILETIME_UNITS, info);
            case HIGH_PERFORMANCE:
                return new SourceCounter(kind, sources.performanceCounter(), sources.performanceFrequency(), info);
            case PERFORMANCE:
                return performanceFallback.get().isPresent()
                        ? new SourceCounter(kind, sources.tickCount(), MILLISECONDS, info)
                        : new SourceCounter(kind, sources.performanceCounter(), sources.performanceFrequency(), info);
            case THREAD_TIMES:
                return new SampledCpuTimesCounter(kind, sources.threadTimes(), true, FILETIME_UNITS, info);
            case PROCESS_TIMES:
                return new SampledCpuTimesCounter(kind, sources.processTimes(), true, FILETIME_UNITS, info);
            case THREAD_CYCLES:
                return new SourceCounter(kind, sources.threadCycles(), sources.cycleFrequency(), info);
            case PROCESS_CYCLES:
                return new SourceCounter(kind, sources.processCycles(), sources.cycleFrequency(), info);
            case CPU_CYCLES:
                ProcessorCycles cycles = processor.get().require();
                return new SourceCounter(kind, cycles.source(), cycles.frequency(), info);
            default:
                throw new AssertionError(kind + " is supported but has no counter");
        }
    }

    /** The MULTIMEDIA description, with {@code timerPeriodNote} added when a counter raised the timer period. */
    CounterInfo describeMultimedia(String timerPeriodNote) {
        String periods = WinmmTimer.offeredPeriods(sources.api())
                .map(range -> "; timeBeginPeriod can set the timer period from " + range.lowerEndpoint() + " to "
                        + range.upperEndpoint() + " ms (MultimediaCounter.withTimerPeriod)")
                .orElse("");
        return describe(CounterKind.MULTIMEDIA, WindowsSources.TIME_GET_TIME, sources.multimediaTime(), MILLISECONDS, true,
                "milliseconds since the system started; the 32-bit value wraps every 49.7 days and is extended to 64 bits"
                        + periods + timerPeriodNote);
    }

    /** The processor's cycle counter from a W^X page of {@code api}'s, or why it cannot be read on this architecture. */
    private static Binding<ProcessorCycles> bindProcessor(WindowsCalls api) {
        String arch = System.getProperty("os.arch", "unknown");
        return CycleInstruction.forArch(arch)
                .map(instruction -> ProcessorCycles.bind(instruction, new WindowsPages(api)))
                .orElseGet(() -> Binding.failed("no cycle counter is known for " + arch + " (x86-64 and aarch64 are)"));
    }

    /** Reads the performance counter and looks up its frequency once; a failure is why PERFORMANCE falls back to the tick count. */
    private Optional<CounterException> checkPerformanceCounter() {
        try {
            sources.performanceCounter().read();
            sources.performanceFrequency().get();
            return Optional.empty();
        } catch (CounterException e) {
            return Optional.of(e);
        }
    }

    private static KindSupport trial(TickSource source) {
        try {
            source.read();
            return KindSupport.supported();
        } catch (CounterException e) {
            return KindSupport.unsupported(e.getMessage());
        }
    }

    private static KindSupport trial(CpuTimesSource source) {
        return trial(() -> {
            long[] sample = new long[CpuTimesSource.SAMPLE_LENGTH];
            source.sample(sample);
            return sample[CpuTimesSource.TOTAL];
        });
    }

    private CounterInfo describeSystemTime() {
        boolean precise = sources.hasPreciseSystemTime();
        return describe(CounterKind.SYSTEM_TIME,
                precise ? WindowsSources.PRECISE_SYSTEM_TIME : WindowsSources.SYSTEM_TIME,
                sources.systemTime(), FILETIME_UNITS, false,
                FILETIME_NOTE + " since 1601-01-01T00:00Z; the time of day can be set or adjusted, so an interval can"
                        + " be negative" + (precise ? "" : "; " + sources.api().preciseSystemTimeMissing().orElse("")
                        + ", so this reads GetSystemTimeAsFileTime, which advances only once per system timer tick"));
    }

    private CounterInfo describePerformanceCounter(CounterKind kind) {
        long frequency = sources.performanceFrequency().get();
        return builder(kind, WindowsSources.QUERY_PERFORMANCE_COUNTER, frequency)
                .resolution(() -> ResolutionProbe.measure(sources.performanceCounter(), frequency)
                        .withDeclared(Periods.toDuration(1, frequency)))
                .monotonic(true)
                .notes(withBindingReason("ticks of " + frequency + " Hz from QueryPerformanceFrequency, looked up once per process;"
                        + " System.nanoTime() reads the same counter, converted to nanoseconds"))
                .build();
    }

    private CounterInfo describePerformance() {
        Optional<CounterException> fallback = performanceFallback.get();
        if (fallback.isEmpty()) {
            return describePerformanceCounter(CounterKind.PERFORMANCE);
        }
        return describe(CounterKind.PERFORMANCE, WindowsSources.GET_TICK_COUNT_64, sources.tickCount(), MILLISECONDS, true,
                "falls back to GetTickCount64 (milliseconds) because " + fallback.get().getMessage());
    }

    private CounterInfo describeCpuTimes(CounterKind kind, String source, CpuTimesSource probe) {
        long frequency = FILETIME_UNITS.get();
        return builder(kind, source, frequency)
                .resolution(() -> ResolutionProbe.measure(probe, frequency))
                .monotonic(true)
                .kernelUserSplit(true)
                .notes(withBindingReason("kernel and user time in " + FILETIME_NOTE + "; total = kernel + user; Windows charges CPU time"
                        + " at clock-interrupt granularity (see resolution)"))
                .build();
    }

    private CounterInfo describeCycles(CounterKind kind, String source, TickSource probe) {
        return describe(kind, source, probe, sources.cycleFrequency(), true,
                "time-stamp-counter cycles charged while running; the frequency is the nominal processor clock Windows"
                        + " records at boot (registry ~MHz), so times converted from cycles are approximate");
    }

    private CounterInfo describe(
            CounterKind kind, String source, TickSource probe, LazyFrequency frequency, boolean monotonic, String notes) {
        long hertz = frequency.get();
        return builder(kind, source, hertz)
                .resolution(() -> ResolutionProbe.measure(probe, hertz))
                .monotonic(monotonic)
                .notes(withBindingReason(notes))
                .build();
    }

    private String withBindingReason(String notes) {
        return whyNotFfm.isEmpty() ? notes : notes + "; " + whyNotFfm;
    }

    private CounterInfo.Builder builder(CounterKind kind, String source, long frequency) {
        return CounterInfo.builder(kind).provider(PROVIDER).source(source).frequency(frequency).binding(binding);
    }
}
