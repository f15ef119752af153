package dev.counters.cli;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;

/**
 * A provider registered in the test class path's {@code META-INF/services} that cannot be
 * loaded, as a platform module whose native library is missing cannot: {@code counters list}
 * must name it and say why, and every other command must carry on without it.
 */
public final class UnloadableProvider implements CounterProvider {
    static final String REASON = "libcounters-test.so is missing on purpose";

    public UnloadableProvider() {
        throw new IllegalStateException(REASON);
    }

    @Override
    public String name() {
        return "unloadable";
    }

    @Override
    public int rank() {
        return RANK_PLATFORM;
    }

    @Override
    public KindSupport support(CounterKind kind) {
        return KindSupport.unsupported(REASON);
    }

    @Override
    public Counter create(CounterKind kind) {
        throw new UnsupportedOperationException(REASON);
    }
}
