/**
 * Linux, macOS and FreeBSD counters: {@link dev.counters.posix.PosixCounterProvider} serves every
 * wall-clock and CPU-time kind from the POSIX clocks and the cycle kinds the system allows,
 * {@link dev.counters.posix.PosixThreadControl} pins and raises the measuring thread on Linux, and
 * {@link dev.counters.posix.PosixThreadCpuTimes} reads other threads' CPU time.
 *
 * <p>Each native call goes through FFM downcalls on JDK 22+ and through JNA direct mapping on
 * JDK 17-21 ({@code PosixCalls}, with {@code FfmPosixCalls} and {@code JnaPosixCalls} behind it);
 * {@link dev.counters.CounterInfo#binding()} says which serves. Add the module and
 * {@code dev.counters.Counters} picks it up; on Windows it loads, serves nothing and says why.
 */
package dev.counters.posix;
