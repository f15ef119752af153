/**
 * The counter contract, and all most users need: {@link dev.counters.Counters} hands out a
 * {@link dev.counters.Counter} of any {@link dev.counters.CounterKind} (wall clocks, thread and
 * process CPU time with its kernel/user split, cycle counters), served by the best provider on the
 * class or module path. A counter is started and stopped around the code to time, and read in
 * native ticks or any unit, exactly, without overflow.
 *
 * <pre>{@code
 * CpuTimesCounter counter = Counters.threadTimes();
 * counter.start();
 * work();
 * counter.stop();
 * long userMicros = counter.getUserMicroseconds();
 * }</pre>
 *
 * <p>{@link dev.counters.CounterInfo} says what a counter reads and how (which clock, which
 * binding, its resolution); {@link dev.counters.CounterRegistry} lists every kind this platform
 * serves and by whom; {@link dev.counters.Tickers} lets Guava's {@code Stopwatch} run on any
 * counter.
 */
package dev.counters;
