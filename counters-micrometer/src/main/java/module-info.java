/**
 * CPU time per Micrometer observation, split into kernel and user
 * ({@link dev.counters.micrometer.CpuTimeObservationHandler}), and the process's CPU split as
 * meters ({@link dev.counters.micrometer.ProcessCpuMetrics}). A platform module (counters-posix,
 * counters-windows) is optional: without one the JDK floor serves the total and no split.
 */
module dev.counters.micrometer {
    requires transitive dev.counters.api;
    requires transitive micrometer.core;
    requires transitive micrometer.observation;
    requires micrometer.commons;

    exports dev.counters.micrometer;
}
