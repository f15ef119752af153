package dev.counters.examples;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import java.util.EnumSet;
import java.util.Set;

/**
 * A provider for tests that serves a chosen few kinds by borrowing them from the real registry,
 * so a test can build a registry where the other kinds are served by nobody.
 */
final class FloorProvider implements CounterProvider {
    private final Set<CounterKind> kinds;

    FloorProvider(CounterKind first, CounterKind... rest) {
        this.kinds = EnumSet.of(first, rest);
    }

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
        return kinds.contains(kind) ? KindSupport.supported() : KindSupport.unsupported("the floor has no " + kind + " clock");
    }

    @Override
    public Counter create(CounterKind kind) {
        return CounterRegistry.systemDefault().create(kind);
    }
}
