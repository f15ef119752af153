/**
 * Win32 counters through JNA: {@link dev.counters.windows.WindowsCounterProvider} serves every
 * counter kind from kernel32 and winmm, {@link dev.counters.windows.WindowsThreadControl} pins and
 * raises the measuring thread, and {@link dev.counters.windows.MultimediaCounter} /
 * {@link dev.counters.windows.TimerPeriod} raise the timer resolution for as long as they are open.
 *
 * <p>Add the module and {@code dev.counters.Counters} picks it up on Windows; elsewhere it loads,
 * serves nothing and says why, and the JDK provider (or counters-posix) serves instead.
 */
package dev.counters.windows;
