/**
 * The counter contract: {@link dev.counters.Counter} and its kinds, exact unit maths,
 * platform selection through {@link dev.counters.spi.CounterProvider}, and the portable
 * JDK provider that serves every platform without native code.
 */
module dev.counters.api {
    requires transitive com.google.common;
    requires java.management;
    requires jdk.management;

    exports dev.counters;
    exports dev.counters.spi;
    // The building blocks the project's own modules share: not an API. counters-jmh and
    // counters-benchmarks have no module-info; as automatic modules they are named by their manifests.
    exports dev.counters.internal to
            dev.counters.nativeaccess, dev.counters.posix, dev.counters.windows, dev.counters.scope,
            dev.counters.measure, dev.counters.micrometer, dev.counters.jmh, dev.counters.opentelemetry, dev.counters.cli;

    uses dev.counters.spi.CounterProvider;
    provides dev.counters.spi.CounterProvider with dev.counters.jdk.JdkCounterProvider;
}
