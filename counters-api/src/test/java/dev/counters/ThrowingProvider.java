package dev.counters;

import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeCpuTimesSource;
import dev.counters.testing.FakeTickSource;
import java.util.Optional;

/**
 * A provider of every kind that outranks the platform's and throws from one of its methods, as a
 * third party's buggy provider would: the registry must report it by name and class and serve from
 * the next provider.
 */
class ThrowingProvider implements CounterProvider {
    /** The method that throws. */
    enum Method { NAME, RANK, UNAVAILABLE_REASON, SUPPORT, CREATE, DESCRIBE }

    static final String MESSAGE = "boom from a buggy provider";

    private final Method throwing;

    ThrowingProvider(Method throwing) {
        this.throwing = throwing;
    }

    private void maybeThrow(Method method) {
        if (method == throwing) {
            throw new IllegalStateException(MESSAGE);
        }
    }

    @Override
    public String name() {
        maybeThrow(Method.NAME);
        return "buggy";
    }

    @Override
    public int rank() {
        maybeThrow(Method.RANK);
        return RANK_SPECIALIST;
    }

    @Override
    public Optional<String> unavailableReason() {
        maybeThrow(Method.UNAVAILABLE_REASON);
        return Optional.empty();
    }

    @Override
    public KindSupport support(CounterKind kind) {
        maybeThrow(Method.SUPPORT);
        return KindSupport.supported();
    }

    @Override
    public Counter create(CounterKind kind) {
        maybeThrow(Method.CREATE);
        return kind.isCpuTimes() ? FakeCounters.threadTimes(new FakeCpuTimesSource()) : FakeCounters.over(kind, FakeTickSource.at(0), 1000);
    }

    @Override
    public CounterInfo describe(CounterKind kind) {
        maybeThrow(Method.DESCRIBE);
        return FakeCounters.info(kind, 1000).get();
    }

    /** As found by {@link java.util.ServiceLoader}: its unavailableReason() throws. */
    public static final class UnavailableReasonThrows extends ThrowingProvider {
        public UnavailableReasonThrows() {
            super(Method.UNAVAILABLE_REASON);
        }
    }

    /** As found by {@link java.util.ServiceLoader}: its support() throws. */
    public static final class SupportThrows extends ThrowingProvider {
        public SupportThrows() {
            super(Method.SUPPORT);
        }
    }
}
