package dev.counters.spi;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;

/**
 * Serves counters for one platform. Implementations are found with {@link java.util.ServiceLoader}
 * ({@code provides dev.counters.spi.CounterProvider with ...} in a module descriptor, or a
 * {@code META-INF/services} entry on the class path). For each kind, the supporting provider
 * with the highest {@link #rank()} wins; the JDK provider, rank {@link #RANK_JDK}, is the floor.
 *
 * <p>A provider must load on every platform: it checks in {@link #support} whether it can serve
 * a kind here and says why not, instead of failing to load. Native lookups belong in
 * {@link #create} or earlier, never in a counter's {@code start()}/{@code stop()}.
 */
public interface CounterProvider extends RankedService {
    /** The portable JDK provider's rank: anything native should outrank it. */
    int RANK_JDK = 0;
    /** The rank of a platform's native provider (POSIX, Windows). */
    int RANK_PLATFORM = 100;
    /**
     * The rank of a provider dedicated to a few kinds (a third party's, say): where it serves a
     * kind, it outranks the platform's general provider, so which one serves never depends on the
     * order the class path lists them.
     */
    int RANK_SPECIALIST = 200;

    /** A short name shown in {@code CounterInfo} and {@code counters list}, e.g. {@code "posix"}. */
    @Override
    String name();

    /** Higher wins among providers that support a kind. */
    @Override
    int rank();

    /** Whether this provider can serve {@code kind} on the running platform, and if not, why. Never throws. */
    KindSupport support(CounterKind kind);

    /**
     * Creates a new counter of {@code kind}; called only when {@link #support} said yes.
     * Returns a {@link dev.counters.CpuTimesCounter} for the CPU-time kinds.
     */
    Counter create(CounterKind kind);

    /**
     * What a counter of {@code kind} would be, as its {@link Counter#getInfo()} says, without
     * creating one; called only when {@link #support} said yes. {@link dev.counters.Counters#available()}
     * lists these, so describing must hold nothing a counter would: no descriptor opened, nothing
     * to close. The default creates a counter and asks it; a provider whose counters hold a
     * resource (a perf event, a handle) overrides it.
     */
    default CounterInfo describe(CounterKind kind) {
        return create(kind).getInfo();
    }
}
