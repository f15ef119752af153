package dev.counters.posix;

import dev.counters.spi.CounterProvider;
import java.util.ServiceLoader;

/** The JDK floor provider, found as users find it (its package is not exported to other modules). */
final class JdkFloor {
    static final String NAME = "jdk";

    private JdkFloor() {}

    static CounterProvider provider() {
        return ServiceLoader.load(CounterProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(provider -> provider.name().equals(NAME))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the JDK floor provider is not registered"));
    }
}
