package dev.counters.windows.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.CounterInfo;
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
 * lifetime, use {@link dev.counters.windows.MultimediaCounter#withTimerPeriod}.
 */
public final class WindowsCounterProvider implements CounterProvider {
    /** Whether this provider serves the process's own Win32 layer ({@link WindowsSystem}), looked up on first use. */
    private final boolean system;
    private final WindowsKinds kinds;
    private final String unavailableReason;

    /**
     * The provider over this process's Win32 layer; what {@link java.util.ServiceLoader} calls. Creating it
     * looks nothing up: the layer (or why there is none) is first asked for when a kind is, so that off
     * Windows, where another provider serves, a fresh JVM's first reading loads no more of this module.
     */
    public WindowsCounterProvider() {
        this(true, null, "");
    }

    private WindowsCounterProvider(boolean system, WindowsKinds kinds, String unavailableReason) {
        this.system = system;
        this.kinds = kinds;
        this.unavailableReason = unavailableReason;
    }

    /** A provider over {@code api}, a fake in tests. */
    static WindowsCounterProvider over(WindowsCalls api) {
        return new WindowsCounterProvider(false, new WindowsKinds(requireNonNull(api, "api")), "");
    }

    /** A provider that serves nothing, for {@code reason}. */
    static WindowsCounterProvider unavailable(String reason) {
        return new WindowsCounterProvider(false, null, requireNonNull(reason, "reason"));
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
        WindowsKinds served = kinds();
        return served == null ? KindSupport.unsupported(whyUnavailable()) : served.support(kind);
    }

    @Override
    public Counter create(CounterKind kind) {
        return served(kind).create(kind);
    }

    @Override
    public CounterInfo describe(CounterKind kind) {
        return served(kind).describe(kind);
    }

    /** The kinds served, or an exception saying why there are none. */
    private WindowsKinds served(CounterKind kind) {
        requireNonNull(kind, "kind");
        WindowsKinds served = kinds();
        if (served == null) {
            throw new UnsupportedOperationException(kind + " is not available from counters-windows: " + whyUnavailable());
        }
        return served;
    }

    @Override
    public String toString() {
        return "WindowsCounterProvider" + (kinds() == null ? " (unavailable: " + whyUnavailable() + ")" : "");
    }

    /** The kinds served, or null when {@link #whyUnavailable()} says why there are none. */
    private WindowsKinds kinds() {
        return system ? WindowsSystem.kinds().orElse(null) : kinds;
    }

    private String whyUnavailable() {
        return system ? WindowsSystem.unavailableReason() : unavailableReason;
    }
}
