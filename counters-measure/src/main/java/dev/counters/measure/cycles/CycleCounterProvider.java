package dev.counters.measure.cycles;

import com.google.common.base.Suppliers;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import dev.counters.Counter;
import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.measure.CpuFrequency;
import dev.counters.measure.Resolutions;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import dev.counters.spi.LazyFrequency;
import dev.counters.spi.NativeAccess;
import dev.counters.spi.Scratch;
import dev.counters.spi.SourceCounter;
import dev.counters.spi.TickSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Serves the cycle kinds, under the name {@code "cycles"}:
 * <ul>
 *   <li>{@link CounterKind#CPU_CYCLES}: the processor's counter ({@link ProcessorCounter}: RDTSC,
 *       CNTVCT_EL0) on x86-64 and aarch64, on Linux, Windows, macOS (Intel) and the BSDs.
 *   <li>{@link CounterKind#THREAD_CYCLES}: Linux {@code perf_event_open} hardware cycles of the
 *       calling thread, where the kernel exposes a PMU and permits it; Windows
 *       {@code QueryThreadCycleTime}.
 *   <li>{@link CounterKind#PROCESS_CYCLES}: Windows {@code QueryProcessCycleTime}. Linux has no
 *       single counter for all running threads of a process ({@code perf_event_open} counts one
 *       thread, or with {@code inherit} only threads created after it), so it is reported unsupported.
 * </ul>
 * Every kind converts to time at the processor counter's frequency, estimated once per process
 * by {@link CpuFrequency#estimate()} when a conversion first needs it. An unsupported kind says
 * why: never a counter that reads zero.
 */
public final class CycleCounterProvider implements CounterProvider {
    public static final String NAME = "cycles";

    /** The processor counter's frequency: estimated once per process, the first time a conversion needs it. */
    static final LazyFrequency FREQUENCY = LazyFrequency.of("CpuFrequency.estimate()",
            () -> Math.round(CpuFrequency.estimate().hz()));

    private final Map<CounterKind, Supplier<CounterInfo>> infos = new EnumMap<>(CounterKind.class);

    public CycleCounterProvider() {
        infos.put(CounterKind.CPU_CYCLES, Suppliers.memoize(() -> describe(CounterKind.CPU_CYCLES,
                ProcessorCounter.instruction() + " via JNA direct mapping from a W^X code page", ProcessorCounter.source(),
                invariantTsc(), tscNotes())));
        infos.put(CounterKind.THREAD_CYCLES, Suppliers.memoize(() -> Platform.isWindows()
                ? describe(CounterKind.THREAD_CYCLES, "QueryThreadCycleTime", threadCyclesSource(), true,
                        "cycles the thread ran, counted in processor-counter ticks; time = ticks / estimated frequency")
                : describe(CounterKind.THREAD_CYCLES, "perf_event_open(PERF_COUNT_HW_CPU_CYCLES)", threadCyclesSource(), true,
                        "core cycles (vary with the clock speed); time is approximate: ticks / estimated TSC frequency"
                                + (ThreadCyclesEvent.userModeOnly() ? "; user mode only (perf_event_paranoid)" : ""))));
        infos.put(CounterKind.PROCESS_CYCLES, Suppliers.memoize(() -> describe(CounterKind.PROCESS_CYCLES,
                "QueryProcessCycleTime", processCyclesSource(), true,
                "cycles all threads ran, in processor-counter ticks; time = ticks / estimated frequency")));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int rank() {
        return RANK_SPECIALIST;
    }

    @Override
    public KindSupport support(CounterKind kind) {
        try {
            switch (kind) {
                case CPU_CYCLES:
                    return ProcessorCounter.unavailableReason().map(KindSupport::unsupported).orElse(KindSupport.supported());
                case THREAD_CYCLES:
                    if (Platform.isLinux()) {
                        return ThreadCyclesEvent.support();
                    }
                    return Platform.isWindows() ? WindowsSupport.THREAD.get()
                            : KindSupport.unsupported("thread cycles are served on Linux (perf_event_open) and Windows only");
                case PROCESS_CYCLES:
                    if (Platform.isWindows()) {
                        return WindowsSupport.PROCESS.get();
                    }
                    return KindSupport.unsupported(Platform.isLinux()
                            ? "Linux has no counter of all running threads' cycles (perf_event_open counts one thread, "
                                    + "and with inherit only threads created after it); use THREAD_CYCLES per thread"
                            : "process cycles are served on Windows only");
                default:
                    return KindSupport.unsupported("the cycles provider serves only the cycle kinds");
            }
        } catch (LinkageError | RuntimeException e) {
            return KindSupport.unsupported("cannot reach the native layer: " + NativeAccess.describe(e));
        }
    }

    @Override
    public Counter create(CounterKind kind) {
        KindSupport support = support(kind);
        if (!support.isSupported()) {
            throw new UnsupportedOperationException(kind + " is not available from the cycles provider here: " + support.reason());
        }
        switch (kind) {
            case CPU_CYCLES:
                return new SourceCounter(kind, ProcessorCounter.source(), FREQUENCY, infos.get(kind));
            case THREAD_CYCLES:
                return new SourceCounter(kind, threadCyclesSource(), FREQUENCY, infos.get(kind));
            case PROCESS_CYCLES:
                return new SourceCounter(kind, processCyclesSource(), FREQUENCY, infos.get(kind));
            default:
                throw new AssertionError(kind);
        }
    }

    private static TickSource threadCyclesSource() {
        if (Platform.isWindows()) {
            Scratch cycles = NativeScratch.allocate(Long.BYTES);
            return () -> {
                if (!WindowsCycles.QueryThreadCycleTime(WindowsCycles.CURRENT_THREAD, cycles.address())) {
                    throw windowsFailure("QueryThreadCycleTime");
                }
                return cycles.longAt(0);
            };
        }
        return ThreadCyclesEvent.forCurrentThread()::read;
    }

    private static TickSource processCyclesSource() {
        Scratch cycles = NativeScratch.allocate(Long.BYTES);
        return () -> {
            if (!WindowsCycles.QueryProcessCycleTime(WindowsCycles.CURRENT_PROCESS, cycles.address())) {
                throw windowsFailure("QueryProcessCycleTime");
            }
            return cycles.longAt(0);
        };
    }

    private static CounterException windowsFailure(String api) {
        int error = Native.getLastError();
        return CounterException.nativeFailure(api, error, "GetLastError " + error);
    }

    private static CounterInfo describe(CounterKind kind, String source, TickSource ticks, boolean monotonic, String notes) {
        long frequency = FREQUENCY.get();
        // Probed through a counter over the same source, warmed up (Resolutions), so JNA's cold path does not show.
        SourceCounter probe = new SourceCounter(kind, ticks, FREQUENCY, () -> {
            throw new IllegalStateException("the resolution probe's counter has no info of its own");
        });
        return CounterInfo.builder(kind)
                .provider(NAME)
                .source(source)
                .frequency(frequency)
                .resolution(Resolutions.probe(probe))
                .monotonic(monotonic)
                .notes(notes)
                .build();
    }

    /** Whether the TSC runs at a constant rate through frequency and sleep states (always so for CNTVCT). */
    private static boolean invariantTsc() {
        if (!Platform.isIntel()) {
            return true;
        }
        String flags = cpuFlags();
        return flags.contains(" constant_tsc ") && flags.contains(" nonstop_tsc ");
    }

    private static String tscNotes() {
        if (!Platform.isIntel()) {
            return "the virtual counter of the generic timer; frequency estimated (CNTFRQ_EL0 declares it)";
        }
        String flags = cpuFlags();
        if (flags.isEmpty()) {
            return "frequency estimated against the high-performance counter; invariance not checked on this OS";
        }
        return "frequency estimated against the high-performance counter; "
                + (invariantTsc() ? "invariant TSC (constant_tsc, nonstop_tsc)" : "TSC NOT invariant: it may change rate or stop")
                + (flags.contains(" tsc_known_freq ") ? "; kernel knows the exact rate (tsc_known_freq)" : "");
    }

    /** The first processor's flags from /proc/cpuinfo, space-padded, or empty off Linux. */
    private static String cpuFlags() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("flags")) {
                    return " " + line.substring(line.indexOf(':') + 1).trim() + " ";
                }
            }
        } catch (IOException | RuntimeException e) {
            return "";
        }
        return "";
    }

    /** Whether the Windows cycle queries work here (Wine returns FALSE with error 120). */
    private static final class WindowsSupport {
        static final Supplier<KindSupport> THREAD = Suppliers.memoize(() -> check("QueryThreadCycleTime",
                () -> threadCyclesSource().read()));
        static final Supplier<KindSupport> PROCESS = Suppliers.memoize(() -> check("QueryProcessCycleTime",
                () -> processCyclesSource().read()));

        /** Whether a trial read by {@code source} (which reads {@code api}) succeeds. */
        private static KindSupport check(String api, TickSource source) {
            if (!Platform.is64Bit()) {
                return KindSupport.unsupported(api + " is called with 64-bit handles and addresses: it needs a 64-bit JVM");
            }
            try {
                source.read();
                return KindSupport.supported();
            } catch (CounterException e) {
                int error = e.errorCode().orElse(0);
                return KindSupport.unsupported(api + " failed with error " + error
                        + (error == 120 ? " (ERROR_CALL_NOT_IMPLEMENTED: Wine?)" : ""));
            } catch (LinkageError e) {
                return KindSupport.unsupported(api + " is missing from kernel32 (before Windows Vista?): " + e.getMessage());
            }
        }
    }
}
