/** Calibrated, warmed-up, pinned, repeated measurements; cycle counters; CPU frequency. */
module dev.counters.measure {
    requires transitive dev.counters.api;
    requires transitive dev.counters.scope;
    requires com.sun.jna;
}
