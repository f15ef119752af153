/**
 * What a provider implements, and nothing else: {@link dev.counters.spi.CounterProvider} (found by
 * {@link java.util.ServiceLoader}, it says which kinds it serves here, with a
 * {@link dev.counters.spi.KindSupport} reason for those it does not), the sources a counter reads
 * ({@link dev.counters.spi.TickSource}, {@link dev.counters.spi.CpuTimesSource}), and the services
 * the measuring tools look up ({@link dev.counters.spi.ThreadControl} for pinning and priority,
 * {@link dev.counters.spi.ThreadCpuTimesReader} for other threads' CPU time).
 *
 * <p>The building blocks that turn a source into a counter are in {@link dev.counters.toolkit}.
 */
package dev.counters.spi;
