/**
 * The Windows-only API of counters-windows: {@link dev.counters.windows.MultimediaCounter} and
 * {@link dev.counters.windows.TimerPeriod} raise the timer resolution for as long as they are open.
 *
 * <p>Nothing else here is called by users: add the module and {@code dev.counters.Counters} picks up
 * its counter provider on Windows (found by {@link java.util.ServiceLoader}, from the module's
 * unexported {@code dev.counters.windows.internal} package); elsewhere it loads, serves nothing and
 * says why, and the JDK provider (or counters-posix) serves instead. Each native call goes through
 * FFM downcalls on JDK 22+ and through JNA direct mapping on JDK 17-21;
 * {@link dev.counters.CounterInfo#binding()} says which serves.
 */
package dev.counters.windows;
