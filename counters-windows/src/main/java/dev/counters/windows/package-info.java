/**
 * Win32 counters: {@link dev.counters.windows.WindowsCounterProvider} serves every
 * counter kind from kernel32 and winmm, {@link dev.counters.windows.WindowsThreadControl} pins and
 * raises the measuring thread, and {@link dev.counters.windows.MultimediaCounter} /
 * {@link dev.counters.windows.TimerPeriod} raise the timer resolution for as long as they are open.
 *
 * <p>Each native call goes through FFM downcalls on JDK 22+ and through JNA direct mapping on
 * JDK 17-21 ({@code WindowsCalls}, with {@code FfmWindowsCalls} and {@code JnaWindowsCalls} behind
 * it); {@link dev.counters.CounterInfo#binding()} says which serves.
 *
 * <p>Add the module and {@code dev.counters.Counters} picks it up on Windows; elsewhere it loads,
 * serves nothing and says why, and the JDK provider (or counters-posix) serves instead.
 */
package dev.counters.windows;
