package dev.counters.windows;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;

/**
 * Serves every counter kind from Win32, as STLSoft's WinSTL counters do: found by
 * {@link java.util.ServiceLoader}, it outranks the portable JDK provider on Windows.
 *
 * <table>
 *   <caption>What each kind reads</caption>
 *   <tr><th>kind</th><th>Win32 call</th><th>ticks</th></tr>
 *   <tr><td>TICK</td><td>{@code GetTickCount64}</td><td>1 ms</td></tr>
 *   <tr><td>MULTIMEDIA</td><td>{@code timeGetTime}, extended past its 49.7-day wrap</td><td>1 ms</td></tr>
 *   <tr><td>SYSTEM_TIME</td><td>{@code GetSystemTimePreciseAsFileTime}, else {@code GetSystemTimeAsFileTime}</td><td>100 ns</td></tr>
 *   <tr><td>HIGH_PERFORMANCE</td><td>{@code QueryPerformanceCounter}</td><td>1 / {@code QueryPerformanceFrequency}</td></tr>
 *   <tr><td>PERFORMANCE</td><td>{@code QueryPerformanceCounter}; {@code GetTickCount64} if the frequency cannot be had</td><td>as read</td></tr>
 *   <tr><td>THREAD_TIMES, PROCESS_TIMES</td><td>{@code GetThreadTimes}, {@code GetProcessTimes}: kernel + user</td><td>100 ns</td></tr>
 *   <tr><td>THREAD_CYCLES, PROCESS_CYCLES</td><td>{@code QueryThreadCycleTime}, {@code QueryProcessCycleTime}</td><td>cycles</td></tr>
 *   <tr><td>CPU_CYCLES</td><td>{@code RDTSC} / {@code CNTVCT_EL0} from a {@code VirtualAlloc}ed W^X page</td><td>estimated rate</td></tr>
 * </table>
 *
 * <p>The provider loads on every OS. Off Windows it touches nothing native and reports every
 * kind unsupported, saying why, so the next provider serves. On Windows a kind whose call fails
 * (Wine fails the cycle-time calls with error 120) is unsupported with the {@code GetLastError}
 * code and text, never served as zeros. To raise the timer resolution for a MULTIMEDIA counter's
 * lifetime, use {@link MultimediaCounter#withTimerPeriod}.
 */
public final class WindowsCounterProvider implements CounterProvider {
    private final WindowsKinds kinds;
    private final String unavailableReason;

    /** The provider over this process's Win32 layer; what {@link java.util.ServiceLoader} calls. */
    public WindowsCounterProvider() {
        this(SystemWin32.kinds().orElse(null), SystemWin32.unavailableReason());
    }

    private WindowsCounterProvider(WindowsKinds kinds, String unavailableReason) {
        this.kinds = kinds;
        this.unavailableReason = unavailableReason;
    }

    /** A provider over {@code api}, a fake in tests. */
    static WindowsCounterProvider over(Win32 api) {
        return new WindowsCounterProvider(new WindowsKinds(requireNonNull(api, "api")), "");
    }

    /** A provider that serves nothing, for {@code reason}. */
    static WindowsCounterProvider unavailable(String reason) {
        return new WindowsCounterProvider(null, requireNonNull(reason, "reason"));
    }

    @Override
    public String name() {
        return WindowsKinds.PROVIDER;
    }

    @Override
    public int rank() {
        return RANK_PLATFORM;
    }

    @Override
    public KindSupport support(CounterKind kind) {
        requireNonNull(kind, "kind");
        return kinds == null ? KindSupport.unsupported(unavailableReason) : kinds.support(kind);
    }

    @Override
    public Counter create(CounterKind kind) {
        requireNonNull(kind, "kind");
        if (kinds == null) {
            throw new UnsupportedOperationException(kind + " is not available from counters-windows: " + unavailableReason);
        }
        return kinds.create(kind);
    }

    @Override
    public String toString() {
        return "WindowsCounterProvider" + (kinds == null ? " (unavailable: " + unavailableReason + ")" : "");
    }
}
