package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import com.google.common.base.Suppliers;
import dev.counters.Counter;
import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Resolution;
import dev.counters.internal.LazyFrequency;
import dev.counters.internal.ResolutionProbe;
import dev.counters.internal.SourceCounter;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.CycleInstruction;
import dev.counters.nativeaccess.ProcessorCycles;
import dev.counters.spi.KindSupport;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The cycle kinds on POSIX:
 * <ul>
 *   <li>{@link CounterKind#CPU_CYCLES}: the processor's counter ({@code RDTSC}, {@code CNTVCT_EL0})
 *       from a W^X code page ({@link PosixPages}, {@link ProcessorCycles}).
 *   <li>{@link CounterKind#THREAD_CYCLES}: Linux {@code perf_event_open} hardware cycles of the
 *       creating thread, one event per counter ({@link ThreadCyclesCounter}), where the kernel
 *       exposes a PMU and permits it.
 *   <li>{@link CounterKind#PROCESS_CYCLES}: never; Linux has no counter of all running threads.
 * </ul>
 * Cycles convert to time at the processor counter's frequency. Nothing is bound until a cycle
 * kind is first asked about, and an unserved kind says why: never a counter that reads zero.
 */
final class PosixCycles {
    static final String PROCESS_CYCLES_ON_LINUX = "Linux has no counter of all running threads' cycles (perf_event_open"
            + " counts one thread, and with inherit only threads created after it); use THREAD_CYCLES per thread";
    /**
     * Why macOS on Apple silicon has no CPU_CYCLES: xnu reads CNTVCT_EL0 in user space only when its
     * commpage says the timebase may be read there (libsyscall/wrappers/mach_absolute_time.s falls back
     * to a trap for {@code USER_TIMEBASE_NONE}), and a page runs code only when mapped with
     * {@code MAP_JIT} (bsd/sys/mman.h), which the hardened runtime grants only with the JIT entitlement.
     */
    static final String APPLE_SILICON_CYCLES = "macOS on Apple silicon runs code from a page only when it is mapped with"
            + " MAP_JIT, which the hardened runtime allows only with the JIT entitlement, and xnu lets user space read"
            + " CNTVCT_EL0 only where its commpage says so (mach_absolute_time() falls back to a trap otherwise):"
            + " not served; HIGH_PERFORMANCE reads the same timebase as CLOCK_UPTIME_RAW (mach_absolute_time())";
    /** Why FreeBSD on arm64 has no CPU_CYCLES: the instruction-cache synchronisation {@link PosixPages} relies on is Linux's. */
    static final String FREEBSD_ARM64_CYCLES = "FreeBSD on arm64: that mprotect(PROT_EXEC) makes a freshly written page"
            + " coherent with the instruction cache is established for Linux only (arch/arm64/mm/flush.c), not for"
            + " FreeBSD's pmap, and counters-posix has never run there: not served";
    /** {@code PR_TSC_SIGSEGV}: {@code prctl(PR_GET_TSC)}'s answer when RDTSC faults in this process. */
    static final int PR_TSC_SIGSEGV = 2;

    private final PosixPlatform.Served platform;
    private final PosixCalls calls;
    private final String unservedReason;
    private final Supplier<Binding<ProcessorCycles>> processor;
    private final Supplier<PerfEvents> perfEvents;
    private final Supplier<CounterInfo> cpuCyclesInfo;
    private final Supplier<CounterInfo> threadCyclesInfo;

    /** The cycle kinds of {@code platform}, through {@code calls} (null when {@code unservedReason} says why there are none). */
    PosixCycles(PosixPlatform.Served platform, PosixCalls calls, String unservedReason) {
        this.platform = requireNonNull(platform, "platform");
        this.calls = calls;
        this.unservedReason = unservedReason;
        this.processor = Suppliers.memoize(this::bindProcessor);
        this.perfEvents = Suppliers.memoize(() -> PerfEvents.probe(calls, platform.perfEventOpenSyscall().orElseThrow()));
        this.cpuCyclesInfo = Suppliers.memoize(() -> processor.get().require().describe(PosixKinds.PROVIDER_NAME));
        this.threadCyclesInfo = Suppliers.memoize(this::describeThreadCycles);
    }

    /** Whether cycle {@code kind} is served here, and if not, why. Never throws. */
    KindSupport support(CounterKind kind) {
        if (unservedReason != null) {
            return KindSupport.unsupported(unservedReason);
        }
        try {
            return switch (kind) {
                case CPU_CYCLES -> processor.get().failure().map(KindSupport::unsupported).orElse(KindSupport.supported());
                case THREAD_CYCLES -> platform.perfEventOpenSyscall().isEmpty()
                        ? KindSupport.unsupported("thread cycles are served on Linux (perf_event_open) and Windows only, not on "
                                + platform.description())
                        : perfEvents.get().support();
                case PROCESS_CYCLES -> KindSupport.unsupported(platform.os() == PosixPlatform.Os.LINUX
                        ? PROCESS_CYCLES_ON_LINUX
                        : "process cycles are served on Windows only (QueryProcessCycleTime)");
                default -> throw new IllegalArgumentException(kind + " is not a cycle kind");
            };
        } catch (LinkageError | RuntimeException e) {
            return KindSupport.unsupported("cannot reach the native layer for " + kind + ": " + Binding.describe(e));
        }
    }

    /** A new counter of cycle {@code kind}, which {@link #support} says is served. */
    Counter create(CounterKind kind) {
        return switch (kind) {
            case CPU_CYCLES -> {
                ProcessorCycles cycles = processor.get().require();
                yield new SourceCounter(kind, cycles.source(), cycles.frequency(), cpuCyclesInfo);
            }
            case THREAD_CYCLES -> new ThreadCyclesCounter(perfEvents.get().open(), frequency(), threadCyclesInfo);
            default -> throw new IllegalArgumentException(kind + " is not served by counters-posix");
        };
    }

    /** What a counter of cycle {@code kind}, which {@link #support} says is served, would be; opens no event. */
    CounterInfo describe(CounterKind kind) {
        return switch (kind) {
            case CPU_CYCLES -> cpuCyclesInfo.get();
            case THREAD_CYCLES -> threadCyclesInfo.get();
            default -> throw new IllegalArgumentException(kind + " is not served by counters-posix");
        };
    }

    /** The processor counter's frequency, which every cycle kind converts at. */
    private LazyFrequency frequency() {
        Binding<ProcessorCycles> bound = processor.get();
        return bound.calls().map(ProcessorCycles::frequency).orElseGet(() -> LazyFrequency.of("the processor counter's frequency",
                () -> {
                    throw CounterException.sourceFailure("the processor counter's frequency",
                            "cycles convert to time at the processor counter's rate, which cannot be read here: "
                                    + bound.failure().orElseThrow());
                }));
    }

    private Binding<ProcessorCycles> bindProcessor() {
        Optional<CycleInstruction> instruction = CycleInstruction.forArch(platform.arch());
        if (instruction.isEmpty()) {
            return Binding.failed("no cycle counter is known for " + platform.description() + " (x86-64 and aarch64 are)");
        }
        if (platform.os() == PosixPlatform.Os.MAC_OS && instruction.get() == CycleInstruction.CNTVCT_EL0) {
            return Binding.failed(APPLE_SILICON_CYCLES);
        }
        if (platform.os() == PosixPlatform.Os.FREEBSD && instruction.get() == CycleInstruction.CNTVCT_EL0) {
            return Binding.failed(FREEBSD_ARM64_CYCLES);
        }
        if (instruction.get() == CycleInstruction.RDTSC && platform.os() == PosixPlatform.Os.LINUX && tscDisabled()) {
            return Binding.failed("RDTSC is disabled for this process (prctl PR_GET_TSC says PR_TSC_SIGSEGV)");
        }
        return ProcessorCycles.bind(instruction.get(), new PosixPages(calls, platform));
    }

    private boolean tscDisabled() {
        int[] state = new int[1];
        // A kernel without the option lets every process read the TSC.
        return calls.prctlGetTsc(state) == 0 && state[0] == PR_TSC_SIGSEGV;
    }

    private CounterInfo describeThreadCycles() {
        long frequency = frequency().get();
        return CounterInfo.builder(CounterKind.THREAD_CYCLES)
                .provider(PosixKinds.PROVIDER_NAME)
                .source(PerfEvents.OPEN_API)
                .binding(calls.binding())
                .frequency(frequency)
                .resolution(() -> probeThreadCycles(frequency))
                .monotonic(true)
                .notes(threadCyclesNotes())
                .build();
    }

    /** The resolution of a THREAD_CYCLES counter of the calling thread, probed through an event of its own. */
    private Resolution probeThreadCycles(long frequency) {
        try (ThreadCyclesCounter probe = new ThreadCyclesCounter(perfEvents.get().open(), frequency(), () -> {
            throw new IllegalStateException("the resolution probe's counter has no info of its own");
        })) {
            probe.start();
            return ResolutionProbe.measure(() -> {
                probe.stop();
                return probe.getPeriodCount();
            }, frequency);
        }
    }

    private String threadCyclesNotes() {
        return "core cycles of the creating thread (they vary with the clock speed); time is approximate: ticks / the"
                + " processor counter's frequency; one perf_event descriptor per counter, released by close()"
                + (perfEvents.get().userModeOnly() ? "; user mode only (perf_event_paranoid)" : "")
                + "; a count the kernel multiplexed (a shared PMU) is scaled by time_enabled / time_running, as perf stat"
                + " does, and one that never ran is refused";
    }
}
