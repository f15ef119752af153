package dev.counters.testing;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * A provider at the JDK floor's rank that serves a chosen few kinds, borrowing them from the JDK
 * floor, so a test can build a registry in which the other kinds are served by nobody; and the JDK
 * floor itself, found as users find it.
 */
public final class FloorProvider implements CounterProvider {
    /** The JDK floor provider's name. */
    public static final String JDK = "jdk";
    /** This stand-in's name. */
    public static final String NAME = "floor";

    private final Set<CounterKind> kinds;
    private final CounterProvider jdk = jdk();

    /** A stand-in named {@value #NAME} that serves these kinds only. */
    public FloorProvider(CounterKind first, CounterKind... rest) {
        this.kinds = EnumSet.of(first, rest);
    }

    /**
     * The JDK floor provider, found through {@link ServiceLoader} as users find it (its package is not
     * exported to other modules); providers that fail to load, as some tests register on purpose, are passed over.
     */
    public static CounterProvider jdk() {
        Iterator<CounterProvider> found = ServiceLoader.load(CounterProvider.class).iterator();
        while (found.hasNext()) {
            try {
                CounterProvider provider = found.next();
                if (provider.name().equals(JDK)) {
                    return provider;
                }
            } catch (ServiceConfigurationError failedToLoad) {
                // not the floor, which always loads
            }
        }
        throw new AssertionError("the JDK floor provider is not registered");
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The JDK floor's own rank, whatever it is: this stand-in takes the floor's place. */
    @Override
    public int rank() {
        return jdk.rank();
    }

    @Override
    public KindSupport support(CounterKind kind) {
        return kinds.contains(kind) ? KindSupport.supported() : KindSupport.unsupported("the floor has no " + kind + " clock");
    }

    @Override
    public Counter create(CounterKind kind) {
        return jdk.create(kind);
    }
}
