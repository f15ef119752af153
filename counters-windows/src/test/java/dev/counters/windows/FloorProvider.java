package dev.counters.windows;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import dev.counters.toolkit.LazyFrequency;
import dev.counters.toolkit.SourceCounter;

/** A stand-in for the JDK floor (whose package the API module does not export): rank 0, serves the wall-clock kinds. */
final class FloorProvider implements CounterProvider {
    @Override
    public String name() {
        return "floor";
    }

    @Override
    public int rank() {
        return RANK_JDK;
    }

    @Override
    public KindSupport support(CounterKind kind) {
        return kind == CounterKind.TICK || kind == CounterKind.PERFORMANCE
                ? KindSupport.supported()
                : KindSupport.unsupported("the floor has no " + kind);
    }

    @Override
    public Counter create(CounterKind kind) {
        return new SourceCounter(kind, System::currentTimeMillis, LazyFrequency.fixed(1_000), () -> {
            throw new UnsupportedOperationException("the floor stand-in has no description");
        });
    }
}
