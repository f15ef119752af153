/**
 * Internal to counters: not an API, and it may change in any release. The building blocks the
 * project's own modules share, exported by name only to them (on the class path the package's name
 * says so). {@link dev.counters.internal.SourceCounter} and
 * {@link dev.counters.internal.SampledCpuTimesCounter} make a complete counter of a source, with the
 * contract's checks (order of calls, one thread, no virtual thread for thread-bound kinds) and exact
 * unit maths ({@link dev.counters.internal.Periods}); {@link dev.counters.internal.PerKind} decides
 * each kind once; {@link dev.counters.internal.LazyFrequency},
 * {@link dev.counters.internal.CycleFrequency} and {@link dev.counters.internal.ResolutionProbe} look
 * frequencies and resolutions up when first asked; {@link dev.counters.internal.ServiceProviders}
 * loads every implementation of a service without one failure stopping the rest, and
 * {@link dev.counters.internal.Ranking} picks the best of them.
 */
package dev.counters.internal;
