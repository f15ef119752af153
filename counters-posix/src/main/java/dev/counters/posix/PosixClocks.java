package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import com.google.common.base.Suppliers;
import dev.counters.Counter;
import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Measures;
import dev.counters.Resolution;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.spi.CpuTimesSource;
import dev.counters.spi.CurrentThreadCpuClock;
import dev.counters.spi.KindSupport;
import dev.counters.spi.LazyFrequency;
import dev.counters.spi.ResolutionProbe;
import dev.counters.spi.SampledCpuTimesCounter;
import dev.counters.spi.Scratch;
import dev.counters.spi.SourceCounter;
import dev.counters.spi.TickSource;
import dev.counters.spi.VirtualThreads;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The POSIX clocks of one platform as counters: which kinds can be served here and why not,
 * which path reads each clock, and each kind's {@link CounterInfo}, whose resolution is measured
 * once, the first time it is asked for. Everything that can be decided is decided at
 * construction: a kind is supported only if a trial read of each of its native calls succeeded.
 *
 * <p>Where the JVM reads the very same clock through a cheap JNI call, that path is used, after
 * {@link JvmClockCheck} confirmed it is the same clock: {@link System#nanoTime()} for
 * {@code CLOCK_MONOTONIC}, {@link java.time.Instant#now()} for {@code CLOCK_REALTIME} and
 * {@link ThreadMxBeanCpuTime} for {@code CLOCK_THREAD_CPUTIME_ID}.
 */
final class PosixClocks {
    static final String PROVIDER_NAME = "posix";

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final LazyFrequency NANOSECONDS = LazyFrequency.fixed(NANOS_PER_SECOND);
    private static final TickSource NANO_TIME = System::nanoTime;
    private static final String NANO_TIME_API = "System.nanoTime()";
    private static final TickSource INSTANT_NOW = PosixClocks::instantNowNanos;
    private static final String INSTANT_NOW_API = "Instant.now()";

    private final PosixPlatform platform;
    private final LayerChoice<PosixCalls> binding;
    private final PosixCalls calls;
    private final String unservedReason;
    private final Map<CounterKind, KindSupport> support = new EnumMap<>(CounterKind.class);
    private final boolean nanoTimeReadsHighPerformanceClock;
    private final boolean instantReadsSystemTimeClock;
    private final boolean mxBeanReadsThreadClock;
    private final Map<CounterKind, Supplier<Resolution>> resolutions = new EnumMap<>(CounterKind.class);
    private final Map<CounterKind, Supplier<CounterInfo>> infos = new EnumMap<>(CounterKind.class);
    private final PosixCycles cycles;

    /** The clocks of {@code platform}, read through {@code binding} (JNA) if it succeeded. */
    PosixClocks(PosixPlatform platform, Binding<? extends PosixCalls> binding) {
        this(platform, new LayerChoice<>(ClockBindings.JNA, Binding.widen(binding), ""));
    }

    /** The clocks of {@code platform}, read through the {@code chosen} binding if it succeeded. */
    PosixClocks(PosixPlatform platform, LayerChoice<PosixCalls> chosen) {
        this.platform = requireNonNull(platform, "platform");
        this.binding = chosen;
        this.calls = chosen.binding().calls().orElse(null);
        this.unservedReason = platform.refusal()
                .or(() -> chosen.binding().failure().map(failure -> "libc could not be bound through "
                        + chosen.name() + ": " + failure
                        + (chosen.ffmProblem().isEmpty() ? "" : " (" + chosen.ffmProblem() + ")")))
                .orElse(null);
        this.cycles = new PosixCycles(platform, calls, unservedReason);
        for (CounterKind kind : CounterKind.values()) {
            support.put(kind, checkSupport(kind));
        }
        this.nanoTimeReadsHighPerformanceClock = isSupported(CounterKind.HIGH_PERFORMANCE)
                && JvmClockCheck.readsSameClock(clockSource(CounterKind.HIGH_PERFORMANCE), NANO_TIME);
        // Instant.now() costs more than an FFM downcall to clock_gettime(CLOCK_REALTIME), less than a JNA one.
        this.instantReadsSystemTimeClock = isSupported(CounterKind.SYSTEM_TIME)
                && !ClockBindings.FFM.equals(chosen.name())
                && JvmClockCheck.readsSameClock(clockSource(CounterKind.SYSTEM_TIME), INSTANT_NOW);
        // Decided on a platform thread whichever thread loads the provider: on a virtual thread
        // ThreadMXBean answers -1 and clock_gettime reads the carrier, and the check would fail.
        // ThreadMXBean's JNI call is cheaper than JNA's but dearer than an FFM downcall.
        this.mxBeanReadsThreadClock = isSupported(CounterKind.THREAD_TIMES)
                && !ClockBindings.FFM.equals(chosen.name())
                && VirtualThreads.onPlatformThread(() -> CurrentThreadCpuClock.isEnabled()
                        && JvmClockCheck.readsSameClock(clockSource(CounterKind.THREAD_TIMES), ThreadMxBeanCpuTime.INSTANCE));
        for (CounterKind kind : CounterKind.values()) {
            if (isSupported(kind) && kind.measures() != Measures.CYCLES) {
                CounterKind measured = kind == CounterKind.PERFORMANCE ? CounterKind.HIGH_PERFORMANCE : kind;
                resolutions.computeIfAbsent(measured, k -> Suppliers.memoize(() -> measureResolution(k)));
                infos.put(kind, Suppliers.memoize(() -> describe(kind, resolutions.get(measured))));
            }
        }
    }

    /** Whether {@code kind} is served here, and if not, why. Never throws. */
    KindSupport support(CounterKind kind) {
        return support.get(requireNonNull(kind, "kind"));
    }

    /** A new counter of {@code kind}, a {@link dev.counters.CpuTimesCounter} for the CPU-time kinds. */
    Counter create(CounterKind kind) {
        KindSupport kindSupport = support(kind);
        if (!kindSupport.isSupported()) {
            throw new UnsupportedOperationException(
                    "counters-posix does not serve " + kind + " on " + platform.description() + ": " + kindSupport.reason());
        }
        if (kind.measures() == Measures.CYCLES) {
            return cycles.create(kind);
        }
        if (kind.isCpuTimes()) {
            return new SampledCpuTimesCounter(kind, cpuTimesSource(kind), hasSplit(kind), NANOSECONDS, infos.get(kind));
        }
        return new SourceCounter(kind, tickSource(kind), NANOSECONDS, infos.get(kind));
    }

    /** Whether {@link CounterKind#HIGH_PERFORMANCE} is read through {@link System#nanoTime()}. */
    boolean readsHighPerformanceThroughNanoTime() {
        return nanoTimeReadsHighPerformanceClock;
    }

    /** Whether {@link CounterKind#SYSTEM_TIME} is read through {@link java.time.Instant#now()}. */
    boolean readsSystemTimeThroughInstant() {
        return instantReadsSystemTimeClock;
    }

    /** Whether the thread-times total is read through {@link ThreadMxBeanCpuTime}. */
    boolean readsThreadTimesThroughMxBean() {
        return mxBeanReadsThreadClock;
    }

    PosixPlatform platform() {
        return platform;
    }

    /** How the clocks reach libc: {@link ClockBindings#FFM} or {@link ClockBindings#JNA}. */
    String bindingName() {
        return binding.name();
    }

    private boolean isSupported(CounterKind kind) {
        return support.get(kind).isSupported();
    }

    private KindSupport checkSupport(CounterKind kind) {
        if (kind.measures() == Measures.CYCLES) {
            return cycles.support(kind);
        }
        if (unservedReason != null) {
            return KindSupport.unsupported(unservedReason);
        }
        if (platform.clock(kind).isEmpty()) {
            return KindSupport.unsupported(platform.description() + " has no clock for " + kind + " in counters-posix's table");
        }
        try {
            if (kind.isCpuTimes()) {
                new CpuClockTimes(clockSource(kind), split(kind)).sample(new long[CpuTimesSource.SAMPLE_LENGTH]);
            } else {
                clockSource(kind).read();
            }
            return KindSupport.supported();
        } catch (CounterException e) {
            return KindSupport.unsupported(e.getMessage());
        } catch (LinkageError | RuntimeException e) {
            return KindSupport.unsupported("reading " + platform.clock(kind).get().gettimeApi() + " failed: " + e);
        }
    }

    private TickSource tickSource(CounterKind kind) {
        boolean highPerformance = kind == CounterKind.HIGH_PERFORMANCE || kind == CounterKind.PERFORMANCE;
        if (highPerformance && nanoTimeReadsHighPerformanceClock) {
            return NANO_TIME;
        }
        return kind == CounterKind.SYSTEM_TIME && instantReadsSystemTimeClock ? INSTANT_NOW : clockSource(kind);
    }

    private CpuTimesSource cpuTimesSource(CounterKind kind) {
        TickSource total = kind == CounterKind.THREAD_TIMES && mxBeanReadsThreadClock
                ? ThreadMxBeanCpuTime.INSTANCE
                : clockSource(kind);
        return new CpuClockTimes(total, split(kind));
    }

    private ClockGettime clockSource(CounterKind kind) {
        return new ClockGettime(calls, platform.clock(kind).orElseThrow());
    }

    private boolean hasSplit(CounterKind kind) {
        return kind == CounterKind.PROCESS_TIMES || platform.rusageThread().isPresent();
    }

    /** The {@code getrusage} split for a CPU-times kind, or {@code null} where the system has no {@code RUSAGE_THREAD}. */
    private RusageSplit split(CounterKind kind) {
        if (kind == CounterKind.PROCESS_TIMES) {
            return new RusageSplit(calls, PosixPlatform.RUSAGE_SELF, "RUSAGE_SELF", platform.narrowSuseconds());
        }
        return platform.rusageThread().isPresent()
                ? new RusageSplit(calls, platform.rusageThread().getAsInt(), "RUSAGE_THREAD", platform.narrowSuseconds())
                : null;
    }

    private Resolution measureResolution(CounterKind kind) {
        Resolution measured = kind.isCpuTimes()
                ? ResolutionProbe.measure(cpuTimesSource(kind), NANOS_PER_SECOND)
                : ResolutionProbe.measure(tickSource(kind), NANOS_PER_SECOND);
        return measured.withDeclared(declaredResolution(platform.clock(kind).orElseThrow()));
    }

    private Duration declaredResolution(NamedClock clock) {
        Scratch timespec = calls.allocate(Layouts.TIMESPEC_BYTES);
        if (calls.clockGetres(clock.id(), timespec) != 0) {
            throw NativeFailures.of(calls, clock.getresApi());
        }
        return Duration.ofNanos(Layouts.timespecNanos(timespec));
    }

    /** How {@code kind} is read: through the JVM where a check confirmed it reads the same clock, else through {@link #calls}. */
    private String bindingOf(CounterKind kind) {
        return switch (kind) {
            case HIGH_PERFORMANCE, PERFORMANCE -> nanoTimeReadsHighPerformanceClock ? CounterInfo.BINDING_JVM : calls.binding();
            case SYSTEM_TIME -> instantReadsSystemTimeClock ? CounterInfo.BINDING_JVM : calls.binding();
            case THREAD_TIMES -> mxBeanReadsThreadClock ? CounterInfo.BINDING_JVM + " + " + calls.binding() : calls.binding();
            default -> calls.binding();
        };
    }

    private CounterInfo describe(CounterKind kind, Supplier<Resolution> resolution) {
        NamedClock clock = platform.clock(kind).orElseThrow();
        CounterInfo.Builder info = CounterInfo.builder(kind)
                .provider(PROVIDER_NAME)
                .frequency(NANOS_PER_SECOND)
                .resolution(resolution)
                .binding(bindingOf(kind))
                .monotonic(kind != CounterKind.SYSTEM_TIME);
        switch (kind) {
            case TICK:
                return info.source(clock.gettimeApi())
                        .notes(CounterInfo.BINDING_FFM.equals(calls.binding())
                                ? "the coarse clock: advances once per scheduler tick; read through FFM, the cheapest kind here"
                                : "the coarse clock: advances once per scheduler tick; the cheapest clock to read from C, but "
                                        + "read through JNA it costs more than HIGH_PERFORMANCE, which the JVM reads itself")
                        .build();
            case MULTIMEDIA:
                return info.source(clock.gettimeApi())
                        .notes("monotonic, and unlike HIGH_PERFORMANCE keeps counting while the system is suspended")
                        .build();
            case SYSTEM_TIME:
                return info.source(clock.gettimeApi())
                        .notes("nanoseconds since 1970-01-01T00:00Z; not monotonic: the time of day can be set or slewed; "
                                + systemTimePath(clock))
                        .build();
            case HIGH_PERFORMANCE:
            case PERFORMANCE:
                return info.source(clock.gettimeApi())
                        .notes((kind == CounterKind.PERFORMANCE ? "the best wall-clock counter here, HIGH_PERFORMANCE's clock; " : "")
                                + highPerformancePath(clock))
                        .build();
            case THREAD_TIMES:
                return info.source(clock.gettimeApi() + (hasSplit(kind) ? " + getrusage(RUSAGE_THREAD)" : ""))
                        .kernelUserSplit(hasSplit(kind))
                        .notes(threadTotalPath(clock) + "; " + (hasSplit(kind)
                                ? "kernel/user split from getrusage(RUSAGE_THREAD), whose user and system times Linux derives by "
                                        + "dividing the thread's precise run time in the ratio of the ticks it sampled in each mode: "
                                        + "the exact total is apportioned in that ratio, so kernel + user == total"
                                : "no kernel/user split: " + platform.os().orElseThrow() + " has no RUSAGE_THREAD"))
                        .build();
            case PROCESS_TIMES:
                return info.source(clock.gettimeApi() + " + getrusage(RUSAGE_SELF)")
                        .kernelUserSplit(true)
                        .notes("all threads of the process, including those that have ended; kernel/user split from "
                                + "getrusage(RUSAGE_SELF), apportioned so that kernel + user == the exact total")
                        .build();
            default:
                throw new IllegalArgumentException(kind + " is not served by counters-posix");
        }
    }

    private String highPerformancePath(NamedClock clock) {
        if (nanoTimeReadsHighPerformanceClock) {
            return "read through " + NANO_TIME_API + ", which HotSpot on Linux implements with clock_gettime(CLOCK_MONOTONIC) "
                    + "and which a check at load confirmed reads " + clock.name() + " on this JVM (a " + NANO_TIME_API
                    + " reading lay between two " + clock.gettimeApi() + " readings): same clock and ticks, without JNA's call cost";
        }
        return "read through JNA: " + NANO_TIME_API + " did not lie between two " + clock.gettimeApi()
                + " readings, so this JVM's nanoTime reads another clock";
    }

    private String systemTimePath(NamedClock clock) {
        if (instantReadsSystemTimeClock) {
            return "read through " + INSTANT_NOW_API + ", which HotSpot on Linux implements with clock_gettime(CLOCK_REALTIME) "
                    + "and which a check at load confirmed reads " + clock.name() + " on this JVM (a reading lay between two "
                    + clock.gettimeApi() + " readings): same clock and nanoseconds, without JNA's call cost";
        }
        if (ClockBindings.FFM.equals(binding.name())) {
            return "read through an FFM downcall, cheaper than " + INSTANT_NOW_API;
        }
        return "read through JNA: " + INSTANT_NOW_API + " did not lie between two " + clock.gettimeApi() + " readings";
    }

    /** {@link java.time.Instant#now()} as nanoseconds since the epoch; escape analysis removes the Instant. */
    private static long instantNowNanos() {
        java.time.Instant now = java.time.Instant.now();
        return Layouts.nanos(now.getEpochSecond(), now.getNano());
    }

    private String threadTotalPath(NamedClock clock) {
        if (mxBeanReadsThreadClock) {
            return "total read through " + CurrentThreadCpuClock.CPU_TIME_API + ", which HotSpot on Linux implements with clock_gettime "
                    + "on this thread's CPU-time clock and which a check at load confirmed reads " + clock.name()
                    + " (a reading lay between two " + clock.gettimeApi() + " readings): exact to the nanosecond, "
                    + "through a JNI call cheaper than JNA's";
        }
        if (ClockBindings.FFM.equals(binding.name())) {
            return "total read through an FFM downcall, cheaper than " + CurrentThreadCpuClock.CPU_TIME_API
                    + "'s JNI call: exact to the nanosecond";
        }
        return "total read through JNA: " + CurrentThreadCpuClock.CPU_TIME_API + " is disabled or did not lie between two "
                + clock.gettimeApi() + " readings";
    }
}
