/**
 * Measuring honestly with a counter: {@link dev.counters.measure.Measure} warms a task up, repeats
 * it on a pinned, raised thread and reports trimmed statistics in a
 * {@link dev.counters.measure.MeasureResult}; {@link dev.counters.measure.Compare} decides whether B
 * is faster than A and says why in a {@link dev.counters.measure.CompareResult} (its
 * {@link dev.counters.measure.Verdict}, the per-clock comparisons, how noisy the machine was). A
 * {@link dev.counters.measure.Task} is the work measured; a {@link dev.counters.measure.TaskFailedException}
 * says which run of it threw. Pure Java over the counter contract. The calibration, the warm-up,
 * the CPU frequency estimate and the rest of the machinery are in
 * {@code dev.counters.measure.internal}, which only the project's command line may use.
 */
package dev.counters.measure;
