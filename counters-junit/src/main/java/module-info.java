/**
 * JUnit 5 assertions over {@link dev.counters.measure.Compare}: a comparison as a test that fails
 * on a regression beyond its margin and is aborted (skipped, with the reason) when it could not tell.
 */
module dev.counters.junit {
    requires transitive dev.counters.measure;
    requires transitive org.junit.jupiter.api;

    exports dev.counters.junit;
}
