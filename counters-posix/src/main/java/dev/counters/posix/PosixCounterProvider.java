package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;

/**
 * Serves every wall-clock and CPU-time {@link CounterKind} on Linux (x86_64, aarch64), macOS and
 * FreeBSD from the POSIX clocks, and the cycle kinds the system allows, through FFM downcalls on
 * JDK 22+ and JNA direct mapping before. Put {@code counters-posix} on the class or module path and {@link dev.counters.Counters} picks it over the JDK floor; there is
 * nothing to call.
 *
 * <table>
 *   <caption>What each kind reads on Linux</caption>
 *   <tr><th>kind</th><th>source</th></tr>
 *   <tr><td>TICK</td><td>{@code CLOCK_MONOTONIC_COARSE}</td></tr>
 *   <tr><td>MULTIMEDIA</td><td>{@code CLOCK_BOOTTIME}</td></tr>
 *   <tr><td>SYSTEM_TIME</td><td>{@code CLOCK_REALTIME}</td></tr>
 *   <tr><td>HIGH_PERFORMANCE, PERFORMANCE</td><td>{@code CLOCK_MONOTONIC}, through {@code System.nanoTime()}</td></tr>
 *   <tr><td>THREAD_TIMES</td><td>{@code CLOCK_THREAD_CPUTIME_ID} total (through {@code ThreadMXBean}),
 *       split by {@code getrusage(RUSAGE_THREAD)}</td></tr>
 *   <tr><td>PROCESS_TIMES</td><td>{@code CLOCK_PROCESS_CPUTIME_ID} total, split by {@code getrusage(RUSAGE_SELF)}</td></tr>
 *   <tr><td>CPU_CYCLES</td><td>{@code RDTSC} / {@code CNTVCT_EL0} from an {@code mmap}ed W^X page</td></tr>
 *   <tr><td>THREAD_CYCLES</td><td>{@code perf_event_open(PERF_COUNT_HW_CPU_CYCLES)}, where the kernel exposes a PMU;
 *       a {@link dev.counters.CloseableCounter}</td></tr>
 *   <tr><td>PROCESS_CYCLES</td><td>none: Linux has no counter of all a process's threads</td></tr>
 * </table>
 *
 * <p>Every period count of the time kinds is in nanoseconds; the cycle kinds count cycles. Each counter's {@code getInfo()} names its clock, the
 * path that reads it; its {@code measureResolution()} measures the resolution once per process, beside {@code clock_getres}.
 *
 * <p>The provider loads everywhere. Where it cannot serve (Windows, a 32-bit JVM, an unknown
 * system, JNA unable to bind libc) {@link #support} says why for each kind, and the JDK provider
 * serves instead; {@code counters list} prints those reasons.
 */
public final class PosixCounterProvider implements CounterProvider {
    private final PosixPlatform platform;
    /** The clocks of a served platform; null where the platform is refused (see {@link #support}). */
    private final PosixKinds clocks;

    /** The provider of this process's platform, as {@link java.util.ServiceLoader} creates it. */
    public PosixCounterProvider() {
        this(PosixSystem.platform(), SystemClocks.INSTANCE);
    }

    /** The provider of {@code clocks}' platform. */
    PosixCounterProvider(PosixKinds clocks) {
        this(clocks.platform(), clocks);
    }

    private PosixCounterProvider(PosixPlatform platform, PosixKinds clocks) {
        this.platform = requireNonNull(platform, "platform");
        this.clocks = clocks;
    }

    /** A provider that serves nothing on {@code refused}, and says why for every kind; it binds nothing. */
    static PosixCounterProvider refusing(PosixPlatform.Refused refused) {
        return new PosixCounterProvider(refused, null);
    }

    @Override
    public String name() {
        return PosixKinds.PROVIDER_NAME;
    }

    @Override
    public int rank() {
        return RANK_PLATFORM;
    }

    @Override
    public KindSupport support(CounterKind kind) {
        requireNonNull(kind, "kind");
        return platform instanceof PosixPlatform.Refused refused
                ? KindSupport.unsupported(refused.reason())
                : clocks.support(kind);
    }

    @Override
    public Counter create(CounterKind kind) {
        return served(kind).create(kind);
    }

    @Override
    public CounterInfo describe(CounterKind kind) {
        return served(kind).describe(kind);
    }

    /** The clocks, or an exception saying why this platform is not served. */
    private PosixKinds served(CounterKind kind) {
        requireNonNull(kind, "kind");
        if (platform instanceof PosixPlatform.Refused refused) {
            throw new UnsupportedOperationException(
                    "counters-posix does not serve " + kind + " on " + refused.description() + ": " + refused.reason());
        }
        return clocks;
    }

    @Override
    public String toString() {
        return "posix counters on " + platform;
    }

    /**
     * One set of clocks per process, so that each kind's resolution is measured once; none where the
     * platform is refused. Making it binds nothing: libc is bound when a kind that reads it is first asked about.
     */
    private static final class SystemClocks {
        static final PosixKinds INSTANCE = PosixSystem.platform() instanceof PosixPlatform.Served served
                ? new PosixKinds(served, PosixSystem.ClockBinder.INSTANCE, JvmClockCheck.nanoTimeIsKnown(served))
                : null;
    }
}
