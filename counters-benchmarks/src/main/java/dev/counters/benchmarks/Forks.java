package dev.counters.benchmarks;

/** What every benchmark's forked JVM needs. */
final class Forks {
    /**
     * JMH forks with {@code java -cp}, where the jar's manifest does not apply: JDK 24+ would warn
     * on JNA's first native call (and refuse it under {@code --illegal-native-access=deny}). The
     * flag exists since JDK 17, so the same forks run on every JDK.
     */
    static final String ENABLE_NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

    private Forks() {}
}
