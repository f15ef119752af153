package dev.counters;

import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeTickSource;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Serves every kind from a fake clock, at {@code rank}, and records which kinds it was asked about, in order. */
class RecordingProvider implements CounterProvider {
    final String name;
    final int rank;
    final Set<CounterKind> served;
    final List<CounterKind> asked = new CopyOnWriteArrayList<>();
    final AtomicInteger created = new AtomicInteger();

    RecordingProvider(String name, int rank, Set<CounterKind> served) {
        this.name = name;
        this.rank = rank;
        this.served = served;
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
    public KindSupport support(CounterKind kind) {
        asked.add(kind);
        return served.contains(kind) ? KindSupport.supported() : KindSupport.unsupported(name + " has no " + kind);
    }

    @Override
    public Counter create(CounterKind kind) {
        created.incrementAndGet();
        return FakeCounters.over(kind, FakeTickSource.at(0), 1000);
    }
}
