/**
 * A JMH profiler, {@link dev.counters.jmh.CpuTimeProfiler}, that adds CPU time per operation to
 * any benchmark, split into kernel and user time, for the benchmark's worker threads and for the
 * whole process; the rest of the package is its parts.
 */
package dev.counters.jmh;
