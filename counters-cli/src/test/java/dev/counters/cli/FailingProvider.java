package dev.counters.cli;

import dev.counters.Counter;
import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Resolution;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/** A provider whose counters' native reads fail, as a broken clock would: every start() throws {@link CounterException}. */
final class FailingProvider implements CounterProvider {
    static final String API = "clock_gettime(CLOCK_BROKEN)";
    static final int ERRNO = 22;

    private final Set<CounterKind> kinds;
    private final Error error;

    FailingProvider(CounterKind first, CounterKind... rest) {
        this(null, first, rest);
    }

    private FailingProvider(Error error, CounterKind first, CounterKind... rest) {
        this.kinds = EnumSet.of(first, rest);
        this.error = error;
    }

    /** A provider whose counters' start() throws {@code error}, as a broken JVM or library would. */
    static FailingProvider throwing(Error error, CounterKind first, CounterKind... rest) {
        return new FailingProvider(error, first, rest);
    }

    @Override
    public String name() {
        return "failing";
    }

    @Override
    public int rank() {
        return RANK_PLATFORM;
    }

    @Override
    public KindSupport support(CounterKind kind) {
        return kinds.contains(kind) ? KindSupport.supported() : KindSupport.unsupported("not failing " + kind);
    }

    @Override
    public Counter create(CounterKind kind) {
        return new FailingCounter(kind, error);
    }

    private static final class FailingCounter implements Counter {
        private final CounterKind kind;
        private final Error error;

        FailingCounter(CounterKind kind, Error error) {
            this.kind = kind;
            this.error = error;
        }

        @Override
        public void start() {
            if (error != null) {
                throw error;
            }
            throw CounterException.nativeFailure(API, ERRNO, "Invalid argument");
        }

        @Override
        public void stop() {
            throw new IllegalStateException("call start() first");
        }

        @Override
        public void restartFromStop() {
            throw new IllegalStateException("call start() first");
        }

        @Override
        public long getPeriodCount() {
            throw new IllegalStateException("call start() first");
        }

        @Override
        public long getFrequency() {
            return 1_000_000_000L;
        }

        @Override
        public long getSeconds() {
            return getPeriodCount();
        }

        @Override
        public long getMilliseconds() {
            return getPeriodCount();
        }

        @Override
        public long getMicroseconds() {
            return getPeriodCount();
        }

        @Override
        public long getNanoseconds() {
            return getPeriodCount();
        }

        @Override
        public Duration getElapsed() {
            return Duration.ofNanos(getPeriodCount());
        }

        @Override
        public CounterInfo getInfo() {
            Duration nanosecond = Duration.ofNanos(1);
            return CounterInfo.builder(kind).provider("failing").source(API).frequency(1_000_000_000L)
                    .monotonic(kind != CounterKind.SYSTEM_TIME) // a broken clock of a monotonic kind, which Measure accepts
                    .resolution(new Resolution(nanosecond, nanosecond, 1, Optional.empty())).build();
        }
    }
}
