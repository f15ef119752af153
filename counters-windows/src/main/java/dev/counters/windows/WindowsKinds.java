package dev.counters.windows;

import static dev.counters.windows.WindowsSources.FILETIME_UNITS;
import static dev.counters.windows.WindowsSources.MILLISECONDS;

import com.google.common.base.Suppliers;
import dev.counters.Counter;
import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Periods;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.CycleInstruction;
import dev.counters.nativeaccess.ProcessorCycles;
import dev.counters.spi.CpuTimesSource;
import dev.counters.spi.KindSupport;
import dev.counters.spi.TickSource;
import dev.counters.toolkit.LazyFrequency;
import dev.counters.toolkit.ResolutionProbe;
import dev.counters.toolkit.SampledCpuTimesCounter;
import dev.counters.toolkit.SourceCounter;
import java.util.EnumMap;
import java.util.Map;
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
    private final String binding;
    private final Map<CounterKind, Supplier<KindSupport>> support = new EnumMap<>(CounterKind.class);
    private final Map<CounterKind, Supplier<CounterInfo>> infos = new EnumMap<>(CounterKind.class);
    /** Why PERFORMANCE falls back to the tick count (QueryPerformanceFrequency failed), or empty when it reads QPC. */
    private final Supplier<Optional<CounterException>> performanceFallback;
    /** The processor's cycle counter (CPU_CYCLES), bound the first time it is asked about. */
    private final Supplier<Binding<ProcessorCycles>> processor;

    WindowsKinds(WindowsCalls api) {
        this.binding = api.binding();
        this.sources = new WindowsSources(api);
        this.processor = Suppliers.memoize(() -> bindProcessor(api));
        this.performanceFallback = Suppliers.memoize(this::checkPerformanceCounter);
        support.put(CounterKind.TICK, KindSupport::supported);
        support.put(CounterKind.MULTIMEDIA, () -> api.winmmMissing().map(KindSupport::unsupported).orElse(KindSupport.supported()));
        support.put(CounterKind.SYSTEM_TIME, KindSupport::supported);
        support.put(CounterKind.HIGH_PERFORMANCE, () -> performanceFallback.get()
                .map(failure -> KindSupport.unsupported(failure.getMessage()))
                .orElse(KindSupport.supported()));
        support.put(CounterKind.PERFORMANCE, KindSupport::supported);
        support.put(CounterKind.THREAD_TIMES, () -> trial(sources.threadTimes()));
        support.put(CounterKind.PROCESS_TIMES, () -> trial(sources.processTimes()));
        support.put(CounterKind.THREAD_CYCLES, () -> api.cycleTimeMissing()
                .map(KindSupport::unsupported)
                .orElseGet(() -> trial(sources.threadCycles())));
        support.put(CounterKind.PROCESS_CYCLES, () -> api.cycleTimeMissing()
                .map(KindSupport::unsupported)
                .orElseGet(() -> trial(sources.processCycles())));
        support.put(CounterKind.CPU_CYCLES, () -> processor.get().failure()
                .map(KindSupport::unsupported)
                .orElse(KindSupport.supported()));
        support.replaceAll((kind, check) -> Suppliers.memoize(check::get));

        infos.put(CounterKind.TICK, () -> describe(CounterKind.TICK, WindowsSources.GET_TICK_COUNT_64, sources.tickCount(),
                MILLISECONDS, true, "milliseconds since the system started; advances once per system timer tick"));
        infos.put(CounterKind.MULTIMEDIA, () -> describeMultimedia(""));
        infos.put(CounterKind.SYSTEM_TIME, this::describeSystemTime);
        infos.put(CounterKind.HIGH_PERFORMANCE, () -> describePerformanceCounter(CounterKind.HIGH_PERFORMANCE));
        infos.put(CounterKind.PERFORMANCE, this::describePerformance);
        infos.put(CounterKind.THREAD_TIMES, () -> describeCpuTimes(CounterKind.THREAD_TIMES,
                "GetThreadTimes(GetCurrentThread())", sources.threadTimes()));
        infos.put(CounterKind.PROCESS_TIMES, () -> describeCpuTimes(CounterKind.PROCESS_TIMES,
                "GetProcessTimes(GetCurrentProcess())", sources.processTimes()));
        infos.put(CounterKind.THREAD_CYCLES, () -> describeCycles(CounterKind.THREAD_CYCLES,
                "QueryThreadCycleTime(GetCurrentThread())", sources.threadCycles()));
        infos.put(CounterKind.PROCESS_CYCLES, () -> describeCycles(CounterKind.PROCESS_CYCLES,
                "QueryProcessCycleTime(GetCurrentProcess())", sources.processCycles()));
        infos.put(CounterKind.CPU_CYCLES, () -> processor.get().require().describe(PROVIDER));
        infos.replaceAll((kind, describe) -> Suppliers.memoize(describe::get));
    }

    WindowsSources sources() {
        return sources;
    }

    /** Whether {@code kind} can be served here, and if not why; never throws. */
    KindSupport support(CounterKind kind) {
        return support.get(kind).get();
    }

    /**
     * A new counter of {@code kind}.
     *
     * @throws UnsupportedOperationException with the reason when {@link #support} says no
     */
    Counter create(CounterKind kind) {
        KindSupport kindSupport = support(kind);
        if (!kindSupport.isSupported()) {
            throw new UnsupportedOperationException(kind + " is not available from counters-windows here: " + kindSupport.reason());
        }
        Supplier<CounterInfo> info = infos.get(kind);
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
        String periods = TimerPeriod.supportedPeriods(sources.api())
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
                .notes("ticks of " + frequency + " Hz from QueryPerformanceFrequency, looked up once per process;"
                        + " System.nanoTime() reads the same counter, converted to nanoseconds")
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
                .notes("kernel and user time in " + FILETIME_NOTE + "; total = kernel + user; Windows charges CPU time"
                        + " at clock-interrupt granularity (see resolution)")
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
                .notes(notes)
                .build();
    }

    private CounterInfo.Builder builder(CounterKind kind, String source, long frequency) {
        return CounterInfo.builder(kind).provider(PROVIDER).source(source).frequency(frequency).binding(binding);
    }
}
