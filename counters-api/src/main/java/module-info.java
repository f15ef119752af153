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
    exports dev.counters.toolkit;

    uses dev.counters.spi.CounterProvider;
    provides dev.counters.spi.CounterProvider with dev.counters.jdk.JdkCounterProvider;
}
