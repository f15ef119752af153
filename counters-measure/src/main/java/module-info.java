/**
 * Calibrated, warmed-up, pinned, repeated measurements with trimmed statistics
 * ({@link dev.counters.measure.Measure}) and A/B comparisons with a verdict
 * ({@link dev.counters.measure.Compare}). Pure Java: the cycle counters, affinity and priority come
 * from the platform modules, through the API and its SPI. {@code dev.counters.measure.internal}
 * (calibration, warm-up, the pairs and forks of Compare, the noise probe, the CPU frequency
 * estimate) is exported only to the command line.
 */
module dev.counters.measure {
    requires transitive dev.counters.api;
    requires java.management;
    requires com.fasterxml.jackson.core;

    exports dev.counters.measure;
    exports dev.counters.measure.internal to dev.counters.cli;

    uses dev.counters.internal.ThreadControl;
}
