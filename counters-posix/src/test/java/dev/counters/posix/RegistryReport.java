package dev.counters.posix;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.Counters;

/**
 * Prints, one {@code key=value} per line, which provider serves each kind and what the POSIX
 * provider says about it, as {@code counters list} would read them; run by {@link BrokenPlatformTest}
 * in a JVM whose JNA or platform is broken on purpose.
 */
public final class RegistryReport {
    private RegistryReport() {}

    public static void main(String[] args) {
        CounterRegistry registry = CounterRegistry.systemDefault();
        for (CounterKind kind : CounterKind.values()) {
            System.out.println("served." + kind + "=" + registry.providerFor(kind).orElse("none"));
        }
        for (CounterRegistry.ProviderReport report : registry.providers()) {
            for (CounterKind kind : CounterKind.values()) {
                System.out.println("report." + report.name() + "." + kind + "=" + report.support(kind));
            }
        }
        CounterInfo performance = Counters.performance().getInfo();
        System.out.println("performance.provider=" + performance.provider());
        System.out.println("performance.binding=" + performance.binding());
        System.out.println("performance.notes=" + performance.notes());
        System.out.println("performance.declared=" + performance.measureResolution().declared().map(Object::toString).orElse(""));
    }
}
