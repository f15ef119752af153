/**
 * Building blocks for writing a provider: a provider implements the small interfaces of
 * {@link dev.counters.spi} and reuses these instead of writing a counter of its own.
 * {@link dev.counters.toolkit.SourceCounter} and {@link dev.counters.toolkit.SampledCpuTimesCounter}
 * make a complete counter of a source, with the contract's checks (order of calls, one thread,
 * no virtual thread for thread-bound kinds) and exact unit maths; {@link dev.counters.toolkit.PerKind}
 * decides each kind once; {@link dev.counters.toolkit.LazyFrequency},
 * {@link dev.counters.toolkit.CycleFrequency} and {@link dev.counters.toolkit.ResolutionProbe}
 * look frequencies and resolutions up when first asked; {@link dev.counters.toolkit.ServiceProviders}
 * loads every implementation of a service without one failure stopping the rest.
 */
package dev.counters.toolkit;
