/**
 * Counters in production telemetry: {@link dev.counters.micrometer.CpuTimeObservationHandler}
 * records the CPU time of each Micrometer observation, split into kernel and user, and
 * {@link dev.counters.micrometer.ProcessCpuMetrics} binds the process's split beside Micrometer's
 * {@code process.cpu.time}. docs/MICROMETER.md shows how to register them.
 */
package dev.counters.micrometer;
