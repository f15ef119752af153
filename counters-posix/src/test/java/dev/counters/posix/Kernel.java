package dev.counters.posix;

import dev.counters.internal.Periods;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** What the tests ask the running kernel directly, through the real native layer. */
final class Kernel {
    static final PosixPlatform.Served PLATFORM = (PosixPlatform.Served) PosixPlatform.current();
    static final JnaPosixCalls CALLS = JnaPosixCalls.bind();

    private Kernel() {}

    /** {@code sysconf(_SC_CLK_TCK)}: the ticks per second of {@code /proc/.../stat} and {@code times()}. */
    static long clockTicksPerSecond() {
        return TestLibcDirect.sysconf(TestLibcDirect.scClkTck(PLATFORM));
    }

    /** The calling thread's kernel thread id. */
    static long gettid() {
        return CALLS.syscall(PLATFORM.gettidSyscall().getAsLong());
    }

    /** One {@code /proc} clock tick. */
    static Duration clockTick() {
        return Periods.toDuration(1, clockTicksPerSecond());
    }

    /** {@code ticks} {@code /proc} clock ticks in nanoseconds. */
    static long ticksToNanos(long ticks) {
        return Periods.convert(ticks, clockTicksPerSecond(), TimeUnit.NANOSECONDS);
    }
}
