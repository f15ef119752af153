/**
 * Ways to hold a counter beyond start and stop: {@link dev.counters.scope.CounterScope} stops it
 * when a try-with-resources block ends, {@link dev.counters.scope.InitialisedCounters} hands out
 * counters whose readings are valid at once, {@link dev.counters.scope.LapCounter} takes gap-free
 * laps, and {@link dev.counters.scope.PausableCounter} leaves pauses out of the period.
 */
package dev.counters.scope;
