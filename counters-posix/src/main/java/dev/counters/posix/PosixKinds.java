package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Measures;
import dev.counters.Resolution;
import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.CurrentThreadCpuClock;
import dev.counters.internal.LazyFrequency;
import dev.counters.internal.PerKind;
import dev.counters.internal.ResolutionProbe;
import dev.counters.internal.SampledCpuTimesCounter;
import dev.counters.internal.SourceCounter;
import dev.counters.internal.TickSource;
import dev.counters.internal.VirtualThreads;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.nativeaccess.Scratch;
import dev.counters.spi.KindSupport;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The POSIX clocks of one platform as counters: which kinds can be served here and why not,
 * which path reads each clock, and each kind's {@link CounterInfo}, whose resolution is measured
 * once, the first time it is asked for. Each kind is decided the first time it is asked about, and
 * only then ({@link PerKind}): a kind is supported only if a trial read of each of its native calls
 * succeeded, and libc is bound (FFM or JNA) only when a kind that reads it is first decided.
 *
 * <p>Where the JVM reads the very same clock through a cheap JNI call, that path is used, after
 * {@link JvmClockCheck} confirmed it is the same clock: {@link System#nanoTime()} for
 * {@code CLOCK_MONOTONIC} and {@link ThreadMxBeanCpuTime} for {@code CLOCK_THREAD_CPUTIME_ID}.
 * {@code CLOCK_REALTIME} is always read through libc: the JVM's path, {@link java.time.Instant#now()},
 * allocates an {@code Instant} that escape analysis does not always remove (24 to 48 bytes a pair on
 * JDK 25 after 300,000 warm pairs), and start/stop allocate nothing. On a JVM whose
 * {@code System.nanoTime()} is known to read the platform's HIGH_PERFORMANCE clock
 * ({@link JvmClockCheck#nanoTimeIsKnown}), HIGH_PERFORMANCE and PERFORMANCE need no native call at
 * all: they are served without binding libc, and the check runs when their description is made.
 *
 * <p>This class decides; {@link PosixKindDescriptions} puts each decision into words.
 */
final class PosixKinds {
    /**
     * Why THREAD_TIMES has no kernel/user split on macOS: xnu's bsd/sys/resource.h defines no
     * {@code RUSAGE_THREAD}; the Mach call {@code thread_info(THREAD_BASIC_INFO)} has the thread's
     * {@code user_time} and {@code system_time} (osfmk/mach/thread_info.h), but counters-posix binds
     * libc's POSIX calls only.
     */
    static final String NO_THREAD_SPLIT = "no kernel/user split: macOS has no RUSAGE_THREAD (bsd/sys/resource.h); its"
            + " thread_info(THREAD_BASIC_INFO) user_time/system_time (osfmk/mach/thread_info.h) is a Mach call, which"
            + " counters-posix does not bind";

    static final String PROVIDER_NAME = "posix";

    static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final LazyFrequency NANOSECONDS = LazyFrequency.fixed(NANOS_PER_SECOND);

    private final PosixPlatform.Served platform;
    private final PosixKindDescriptions descriptions = new PosixKindDescriptions(this);
    private final Supplier<LayerChoice<PosixCalls>> binder;
    private final boolean nanoTimeKnown;
    private volatile Natives natives;

    private final PerKind<KindSupport> support = new PerKind<>() {
        @Override
        protected KindSupport compute(CounterKind kind) {
            return checkSupport(kind);
        }
    };
    /** Whether the JVM reads a kind's clock itself (HIGH_PERFORMANCE, THREAD_TIMES); false for the rest. */
    private final PerKind<Boolean> readThroughJvm = new PerKind<>() {
        @Override
        protected Boolean compute(CounterKind kind) {
            return checkJvmPath(kind);
        }
    };
    /** Keyed by the kind whose clock is measured: PERFORMANCE shares HIGH_PERFORMANCE's. */
    private final PerKind<Resolution> resolutions = new PerKind<>() {
        @Override
        protected Resolution compute(CounterKind kind) {
            return measureResolution(kind);
        }
    };
    private final PerKind<CounterInfo> infos = new PerKind<>() {
        @Override
        protected CounterInfo compute(CounterKind kind) {
            return descriptions.describe(kind, resolutions.supplier(measuredKind(kind)));
        }
    };

    /** The clocks of {@code platform}, read through {@code binding} (JNA) if it succeeded; System.nanoTime() is checked, not trusted. */
    PosixKinds(PosixPlatform.Served platform, Binding<? extends PosixCalls> binding) {
        this(platform, new LayerChoice<>(CounterInfo.Binding.JNA, Binding.widen(binding), ""));
    }

    /** The clocks of {@code platform}, read through the {@code chosen} binding if it succeeded; System.nanoTime() is checked, not trusted. */
    PosixKinds(PosixPlatform.Served platform, LayerChoice<PosixCalls> chosen) {
        this(platform, () -> requireNonNull(chosen, "chosen"), false);
    }

    /**
     * The clocks of {@code platform}, read through the binding {@code binder} makes when a kind first
     * needs libc, if it succeeds. Where {@code nanoTimeKnown}, {@link System#nanoTime()} is taken to
     * read the HIGH_PERFORMANCE clock without a native check.
     */
    PosixKinds(PosixPlatform.Served platform, Supplier<LayerChoice<PosixCalls>> binder, boolean nanoTimeKnown) {
        this.platform = requireNonNull(platform, "platform");
        this.binder = requireNonNull(binder, "binder");
        this.nanoTimeKnown = nanoTimeKnown;
    }

    /** Whether {@code kind} is served here, and if not, why; decided on the first call for each kind. Never throws. */
    KindSupport support(CounterKind kind) {
        return support.get(requireNonNull(kind, "kind"));
    }

    /** A new counter of {@code kind}, a {@link dev.counters.CpuTimesCounter} for the CPU-time kinds. */
    Counter create(CounterKind kind) {
        requireSupported(kind);
        if (kind.measures() == Measures.CYCLES) {
            return natives().cycles.create(kind);
        }
        if (kind.isCpuTimes()) {
            return new SampledCpuTimesCounter(kind, cpuTimesSource(kind), hasSplit(kind), NANOSECONDS, infos.supplier(kind));
        }
        return new SourceCounter(kind, tickSource(kind), NANOSECONDS, infos.supplier(kind));
    }

    /** What a counter of {@code kind} would be, without creating one: no perf event opened, no resolution probed. */
    CounterInfo describe(CounterKind kind) {
        requireSupported(kind);
        return kind.measures() == Measures.CYCLES ? natives().cycles.describe(kind) : infos.get(kind);
    }

    private void requireSupported(CounterKind kind) {
        KindSupport kindSupport = support(kind);
        if (!kindSupport.isSupported()) {
            throw new UnsupportedOperationException(
                    "counters-posix does not serve " + kind + " on " + platform.description() + ": " + kindSupport.reason());
        }
    }

    /** Whether {@link CounterKind#HIGH_PERFORMANCE} is read through {@link System#nanoTime()}. */
    boolean readsHighPerformanceThroughNanoTime() {
        return readThroughJvm.get(CounterKind.HIGH_PERFORMANCE);
    }

    /** Whether the thread-times total is read through {@link ThreadMxBeanCpuTime}. */
    boolean readsThreadTimesThroughMxBean() {
        return readThroughJvm.get(CounterKind.THREAD_TIMES);
    }

    /** How the bound calls reach libc (the calls' own binding); binds libc if nothing has yet. */
    CounterInfo.Binding libcBinding() {
        return natives().calls.binding();
    }

    /** How libc was chosen and bound, for the notes; binds libc if nothing has yet. */
    LayerChoice<PosixCalls> layerChoice() {
        return natives().chosen;
    }

    /** Why no kind that needs libc is served here (libc could not be bound); empty when it is. */
    Optional<String> unservedReason() {
        return Optional.ofNullable(natives().unservedReason);
    }

    /** Whether {@link System#nanoTime()} reads the HIGH_PERFORMANCE clock now: checked again each time it is asked. */
    boolean nanoTimeReadsHighPerformanceClock() {
        return JvmClockCheck.readsSameClock(clockSource(CounterKind.HIGH_PERFORMANCE), JvmClocks.NANO_TIME);
    }

    /** Whether libc has been bound (or its binding tried) yet: false until a kind that reads it is first decided. */
    boolean hasBound() {
        return natives != null;
    }

    PosixPlatform.Served platform() {
        return platform;
    }

    /** How the clocks reach libc: {@link CounterInfo.Binding#FFM} or {@link CounterInfo.Binding#JNA}. Binds libc if nothing has yet. */
    CounterInfo.Binding bindingName() {
        return natives().chosen.name();
    }

    private boolean isSupported(CounterKind kind) {
        return support(kind).isSupported();
    }

    /** Whether {@code kind} reads the HIGH_PERFORMANCE clock through {@link System#nanoTime()} without any native call. */
    boolean servedByKnownNanoTime(CounterKind kind) {
        return nanoTimeKnown && (kind == CounterKind.HIGH_PERFORMANCE || kind == CounterKind.PERFORMANCE);
    }

    /** libc, bound by the first caller that needs it, once. */
    private Natives natives() {
        Natives known = natives;
        if (known == null) {
            synchronized (this) {
                known = natives;
                if (known == null) {
                    known = new Natives(platform, binder.get());
                    natives = known;
                }
            }
        }
        return known;
    }

    private KindSupport checkSupport(CounterKind kind) {
        if (kind.measures() == Measures.CYCLES) {
            return natives().cycles.support(kind);
        }
        if (servedByKnownNanoTime(kind) && platform.clock(kind).isPresent()) {
            return KindSupport.supported();
        }
        Natives bound = natives();
        if (bound.unservedReason != null) {
            return KindSupport.unsupported(bound.unservedReason);
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

    private boolean checkJvmPath(CounterKind kind) {
        switch (kind) {
            case HIGH_PERFORMANCE:
                return servedByKnownNanoTime(kind)
                        || isSupported(kind) && JvmClockCheck.readsSameClock(clockSource(kind), JvmClocks.NANO_TIME);
            case THREAD_TIMES:
                // Decided on a platform thread whichever thread asks: on a virtual thread ThreadMXBean
                // answers -1 and clock_gettime reads the carrier, and the check would fail.
                // ThreadMXBean's JNI call is cheaper than JNA's but dearer than an FFM downcall.
                return isSupported(kind)
                        && bindingName() != CounterInfo.Binding.FFM
                        && VirtualThreads.onPlatformThread(() -> CurrentThreadCpuClock.isEnabled()
                                && JvmClockCheck.readsSameClock(clockSource(kind), threadMxBeanCpuTime()));
            default:
                return false;
        }
    }

    /** The kind whose clock {@code kind} reads, for its resolution: PERFORMANCE reads HIGH_PERFORMANCE's. */
    private static CounterKind measuredKind(CounterKind kind) {
        return kind == CounterKind.PERFORMANCE ? CounterKind.HIGH_PERFORMANCE : kind;
    }

    private TickSource tickSource(CounterKind kind) {
        boolean highPerformance = kind == CounterKind.HIGH_PERFORMANCE || kind == CounterKind.PERFORMANCE;
        if (highPerformance && readsHighPerformanceThroughNanoTime()) {
            return JvmClocks.NANO_TIME;
        }
        return clockSource(kind);
    }

    private CpuTimesSource cpuTimesSource(CounterKind kind) {
        TickSource total = kind == CounterKind.THREAD_TIMES && readsThreadTimesThroughMxBean()
                ? threadMxBeanCpuTime()
                : clockSource(kind);
        return new CpuClockTimes(total, split(kind));
    }

    private ThreadMxBeanCpuTime threadMxBeanCpuTime() {
        return new ThreadMxBeanCpuTime(() -> clockSource(CounterKind.THREAD_TIMES));
    }

    private TickSource clockSource(CounterKind kind) {
        return natives().calls.clock(platform.clock(kind).orElseThrow());
    }

    boolean hasSplit(CounterKind kind) {
        return kind == CounterKind.PROCESS_TIMES || platform.rusageThread().isPresent();
    }

    /** The {@code getrusage} split for a CPU-times kind, or {@code null} where the system has no {@code RUSAGE_THREAD}. */
    private RusageSplit split(CounterKind kind) {
        PosixCalls calls = natives().calls;
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
        if (servedByKnownNanoTime(kind) && natives().unservedReason != null) {
            return measured; // read without libc, which cannot be bound to ask clock_getres
        }
        return measured.withDeclared(declaredResolution(platform.clock(kind).orElseThrow()));
    }

    private Duration declaredResolution(NamedClock clock) {
        PosixCalls calls = natives().calls;
        Scratch timespec = calls.allocate(Layouts.TIMESPEC_BYTES);
        if (calls.clockGetres(clock.id(), timespec) != 0) {
            throw PosixErrors.of(calls, clock.getresApi());
        }
        return Duration.ofNanos(Layouts.timespecNanos(timespec));
    }

    /** How {@code kind} is read: through the JVM where a check confirmed it reads the same clock, else through libc. */
    CounterInfo.Binding bindingOf(CounterKind kind) {
        return switch (kind) {
            case HIGH_PERFORMANCE, PERFORMANCE -> readsHighPerformanceThroughNanoTime() ? CounterInfo.Binding.JVM : natives().calls.binding();
            case THREAD_TIMES -> readsThreadTimesThroughMxBean()
                    ? natives().calls.binding().withJvmTotal()
                    : natives().calls.binding();
            default -> natives().calls.binding();
        };
    }

    /** The JVM's own readings of clocks that counters-posix also reads natively. Constants, not lambdas: see {@link PerKind}. */
    private enum JvmClocks implements TickSource {
        NANO_TIME {
            @Override
            public long read() {
                return System.nanoTime();
            }
        }
    }

    /** libc as bound (or not) for this platform, with the cycle kinds that read through it. */
    private static final class Natives {
        final LayerChoice<PosixCalls> chosen;
        /** Null when {@link #unservedReason} says why there are none. */
        final PosixCalls calls;
        /** Why no kind that needs libc is served: the binding's failure; null when bound. */
        final String unservedReason;
        final PosixCycles cycles;

        Natives(PosixPlatform.Served platform, LayerChoice<PosixCalls> chosen) {
            this.chosen = requireNonNull(chosen, "chosen");
            this.calls = chosen.binding().calls().orElse(null);
            this.unservedReason = chosen.binding().failure().map(failure -> "libc could not be bound through "
                            + chosen.name() + ": " + failure
                            + (chosen.ffmProblem().isEmpty() ? "" : " (" + chosen.ffmProblem() + ")"))
                    .orElse(null);
            this.cycles = new PosixCycles(platform, calls, unservedReason);
        }
    }
}
