/**
 * What a provider outside this project implements, and nothing else:
 * {@link dev.counters.spi.CounterProvider} (found by {@link java.util.ServiceLoader}, it says which
 * kinds it serves here, with a {@link dev.counters.spi.KindSupport} reason for those it does not, and
 * makes counters of its own) and its supertype {@link dev.counters.spi.RankedService} (name, rank,
 * and why it cannot serve here at all). The building blocks the project's own platform modules use
 * are internal and may change in any release.
 */
package dev.counters.spi;
