/**
 * Measuring honestly with a counter: {@link dev.counters.measure.Calibration} finds what a
 * counter's own start/stop costs, {@link dev.counters.measure.WarmUp} runs code until it is
 * compiled, {@link dev.counters.measure.Measure} repeats a task on a pinned, raised thread and
 * reports trimmed statistics, {@link dev.counters.measure.Compare} decides whether A is faster
 * than B, {@link dev.counters.measure.NoiseReport} says how noisy this machine is, and
 * {@link dev.counters.measure.CpuFrequency} estimates the clock rate. Pure Java over the counter
 * contract.
 */
package dev.counters.measure;
