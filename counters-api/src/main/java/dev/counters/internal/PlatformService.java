package dev.counters.internal;

import static java.util.Objects.requireNonNull;

import com.google.common.base.Suppliers;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.RankedService;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a platform module's services beside its counter provider ({@link ThreadControl},
 * {@link ThreadCpuTimesReader}) say about themselves alike: the platform module's name,
 * {@link CounterProvider#RANK_PLATFORM}, and why the service cannot work here, worked out once, on
 * the first question, so that creating the service (as {@link java.util.ServiceLoader} does) costs
 * nothing. A service extends this class, implements its interface, and writes only
 * {@link #findUnavailableReason()} and what it serves.
 */
public abstract class PlatformService implements RankedService {
    private final String name;
    private final Supplier<Optional<String>> unavailableReason = Suppliers.memoize(this::findUnavailableReason);

    /** @param name the platform module's name, the one its counter provider gives, e.g. {@code "posix"} */
    protected PlatformService(String name) {
        this.name = requireNonNull(name, "name");
    }

    /** The platform module's name, e.g. {@code "posix"}. */
    public final String name() {
        return name;
    }

    /** {@link CounterProvider#RANK_PLATFORM}: a platform module's service outranks any portable one. */
    public final int rank() {
        return CounterProvider.RANK_PLATFORM;
    }

    /** Why this service cannot work here, or empty when it can: {@link #findUnavailableReason()}, asked once. */
    public final Optional<String> unavailableReason() {
        return unavailableReason.get();
    }

    /**
     * Why this service cannot work here (the wrong operating system, a library that failed to bind),
     * or empty when it can. Called once, by the first {@link #unavailableReason()}; must not throw.
     */
    protected abstract Optional<String> findUnavailableReason();
}
