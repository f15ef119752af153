/**
 * Calibrated, warmed-up, pinned, repeated measurements with trimmed statistics
 * ({@link dev.counters.measure.Measure}); overhead calibration, resolution probing and CPU
 * frequency estimation. Pure Java: the cycle counters, affinity and priority come from the
 * platform modules, through the API and its SPI.
 */
module dev.counters.measure {
    requires transitive dev.counters.api;
    requires java.management;
    requires commons.math3;

    exports dev.counters.measure;
    exports dev.counters.measure.internal to dev.counters.examples;

    uses dev.counters.internal.ThreadControl;
}
