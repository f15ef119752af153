/**
 * Calibrated, warmed-up, pinned, repeated measurements with trimmed statistics
 * ({@link dev.counters.measure.Measure}); overhead calibration, resolution probing, CPU frequency
 * estimation; and the cycle counters ({@link dev.counters.measure.cycles.CycleCounterProvider}).
 */
module dev.counters.measure {
    requires transitive dev.counters.api;
    requires transitive dev.counters.scope;
    requires com.sun.jna;
    requires java.management;

    exports dev.counters.measure;
    exports dev.counters.measure.cycles;

    uses dev.counters.spi.ThreadControl;
    provides dev.counters.spi.CounterProvider with dev.counters.measure.cycles.CycleCounterProvider;
}
