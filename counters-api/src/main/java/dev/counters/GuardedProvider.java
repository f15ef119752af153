package dev.counters;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterRegistry.ProviderReport;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import dev.counters.spi.RankedService;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One provider as the registry asks it. Whatever the provider throws, from any method, is caught
 * and worded with the provider's name and class; the registry then reports it
 * ({@link CounterRegistry#providers()}) and asks the next provider, as it does for a provider whose
 * constructor threw. A provider's bug never breaks counters, and never goes unreported.
 *
 * <p>Its name, rank and {@code unavailableReason()} are asked once, when the registry is built. A
 * kind whose {@code support}, {@code create} or {@code describe} threw is not asked about again:
 * for the rest of the registry's life this provider does not serve it, and says why.
 */
final class GuardedProvider implements RankedService {
    private final CounterProvider provider;
    private final String name;
    private final int rank;
    private final Optional<String> unavailableReason;
    /** Per kind (by ordinal), why this provider serves it no more; null while nothing has failed. */
    private final AtomicReferenceArray<Failed> failures = new AtomicReferenceArray<>(CounterKind.values().length);

    private GuardedProvider(CounterProvider provider, String name, int rank, Optional<String> unavailableReason) {
        this.provider = provider;
        this.name = name;
        this.rank = rank;
        this.unavailableReason = unavailableReason;
    }

    /**
     * {@code provider}, guarded; or null, with the report of why added to {@code failed}, when its
     * {@code name()}, {@code rank()} or {@code unavailableReason()} throws (or returns null).
     */
    static GuardedProvider guard(CounterProvider provider, List<ProviderReport> failed) {
        String type = provider.getClass().getName();
        String name;
        try {
            name = provider.name();
        } catch (RuntimeException | LinkageError e) {
            failed.add(ProviderReport.failed(type, "failed: its name() threw " + describe(e)));
            return null;
        }
        if (name == null || name.isBlank()) {
            failed.add(ProviderReport.failed(type, "failed: its name() returned " + (name == null ? "null" : "a blank name")));
            return null;
        }
        String step = "rank()";
        try {
            int rank = provider.rank();
            step = "unavailableReason()";
            Optional<String> unavailable = provider.unavailableReason();
            if (unavailable == null) {
                failed.add(ProviderReport.failed(name, "failed: its unavailableReason() returned null, not an Optional ("
                        + type + ")"));
                return null;
            }
            return new GuardedProvider(provider, name, rank, unavailable);
        } catch (RuntimeException | LinkageError e) {
            failed.add(ProviderReport.failed(name, "failed: its " + step + " threw " + describe(e) + " (" + type + ")"));
            return null;
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public Optional<String> unavailableReason() {
        return unavailableReason;
    }

    /** Whether the provider serves {@code kind}; a provider that stepped aside, or failed on this kind, says why. Never throws. */
    KindSupport support(CounterKind kind) {
        if (unavailableReason.isPresent()) {
            return KindSupport.unsupported(unavailableReason.get());
        }
        Failed failed = failures.get(kind.ordinal());
        if (failed != null) {
            return KindSupport.unsupported(failed.getMessage());
        }
        KindSupport support;
        try {
            support = provider.support(kind);
        } catch (RuntimeException | LinkageError e) {
            return KindSupport.unsupported(fail(kind, "support(" + kind + ") threw " + describe(e), e).getMessage());
        }
        if (support == null) {
            return KindSupport.unsupported(fail(kind, "support(" + kind + ") returned null", null).getMessage());
        }
        return support;
    }

    /**
     * A new counter of {@code kind}; a {@link CpuTimesCounter} where {@code cpuTimes} asks for one.
     *
     * @throws Failed if the provider threw, returned null or (where {@code cpuTimes}) a counter that
     *     is not a CpuTimesCounter: the kind is then not served by it any more, and the next provider
     *     should be asked
     */
    Counter create(CounterKind kind, boolean cpuTimes) {
        Counter counter;
        try {
            counter = provider.create(kind);
        } catch (RuntimeException | LinkageError e) {
            throw fail(kind, "create(" + kind + ") threw " + describe(e), e);
        }
        if (counter == null) {
            throw fail(kind, "create(" + kind + ") returned null", null);
        }
        if (cpuTimes && !(counter instanceof CpuTimesCounter)) {
            throw fail(kind, "create(" + kind + ") returned a " + counter.getClass().getName()
                    + ", not the CpuTimesCounter a CPU-times kind needs", null);
        }
        return counter;
    }

    /**
     * What a counter of {@code kind} would be.
     *
     * @throws Failed as {@link #create} does
     */
    CounterInfo describe(CounterKind kind) {
        CounterInfo info;
        try {
            info = provider.describe(kind);
        } catch (RuntimeException | LinkageError e) {
            throw fail(kind, "describe(" + kind + ") threw " + describe(e), e);
        }
        if (info == null) {
            throw fail(kind, "describe(" + kind + ") returned null", null);
        }
        return info;
    }

    /** Records that the provider failed on {@code kind} (the first failure is kept) and returns it. */
    private Failed fail(CounterKind kind, String what, Throwable cause) {
        Failed failed = new Failed("its " + what + " (" + provider.getClass().getName() + ")", cause);
        return failures.compareAndSet(kind.ordinal(), null, failed) ? failed : failures.get(kind.ordinal());
    }

    /** An exception's type and message, and those of its root cause where that is another. */
    static String describe(Throwable e) {
        requireNonNull(e, "e");
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String own = e.getClass().getName() + ": " + e.getMessage();
        return root == e ? own : own + ", caused by " + root.getClass().getName() + ": " + root.getMessage();
    }

    @Override
    public String toString() {
        return name + " (" + provider.getClass().getName() + ")";
    }

    /**
     * A provider's failure on one kind, worded for a user: what it threw, from which method, and its
     * class. The registry catches it and asks the next provider; its cause is what the provider threw.
     */
    static final class Failed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failed(String message, Throwable cause) {
            super(message, cause, false, false);
        }
    }
}
