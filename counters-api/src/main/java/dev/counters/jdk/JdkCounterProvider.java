package dev.counters.jdk;

import dev.counters.Counter;
import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.CurrentThreadCpuClock;
import dev.counters.internal.InstantNow;
import dev.counters.internal.LazyFrequency;
import dev.counters.internal.PerKind;
import dev.counters.internal.ResolutionProbe;
import dev.counters.internal.SampledCpuTimesCounter;
import dev.counters.internal.SourceCounter;
import dev.counters.internal.TickSource;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.ThreadMXBean;
import java.time.Instant;

/**
 * The portable floor: counters built from what every JVM offers, on any operating system and
 * without native code. Platform modules outrank it; it serves whatever they do not.
 *
 * <ul>
 *   <li>HIGH_PERFORMANCE, PERFORMANCE: {@link System#nanoTime()}.
 *   <li>SYSTEM_TIME: {@link Instant#now()}, in nanoseconds since the epoch.
 *   <li>TICK: {@link System#currentTimeMillis()}.
 *   <li>THREAD_TIMES: {@link ThreadMXBean#getCurrentThreadCpuTime()}, which has no honest
 *       kernel/user split: HotSpot's user time comes from {@code /proc} in 10 ms scheduler ticks
 *       (15.6 ms on Windows), so CPU less user put 79% of pure user work in the kernel.
 *   <li>PROCESS_TIMES: {@code com.sun.management.OperatingSystemMXBean.getProcessCpuTime()},
 *       which has no kernel/user split.
 * </ul>
 */
public final class JdkCounterProvider implements CounterProvider {
    public static final String NAME = "jdk";
    /** Why the floor's THREAD_TIMES has no kernel/user split, in its {@link CounterInfo#notes()}. */
    public static final String NO_THREAD_SPLIT = "no kernel/user split: the JDK's only thread user time, "
            + "ThreadMXBean.getCurrentThreadUserTime(), moves in scheduler ticks (HotSpot on Linux reads it from /proc, "
            + "10 ms), so CPU time less user time is no kernel time; add counters-posix or counters-windows for the split";
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final LazyFrequency NANOSECONDS = LazyFrequency.fixed(NANOS_PER_SECOND);
    private static final LazyFrequency MILLISECONDS = LazyFrequency.fixed(1_000L);

    /** Each kind's description, made on its first {@code getInfo()} or {@link #describe}: so its resolution is measured once, and creating this provider measures nothing. */
    private final PerKind<CounterInfo> infos = new PerKind<>() {
        @Override
        protected CounterInfo compute(CounterKind kind) {
            return newInfo(kind);
        }
    };

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int rank() {
        return RANK_JDK;
    }

    @Override
    public KindSupport support(CounterKind kind) {
        return switch (kind) {
            case HIGH_PERFORMANCE, PERFORMANCE, SYSTEM_TIME, TICK -> KindSupport.supported();
            case THREAD_TIMES -> ThreadCpuTimes.support();
            case PROCESS_TIMES -> ProcessCpuTime.support();
            default -> KindSupport.unsupported("the JDK has no " + kind + " clock");
        };
    }

    @Override
    public Counter create(CounterKind kind) {
        switch (kind) {
            case HIGH_PERFORMANCE:
            case PERFORMANCE:
                return new SourceCounter(kind, JdkClock.NANO_TIME, NANOSECONDS, infos.supplier(kind));
            case SYSTEM_TIME:
                return new SourceCounter(kind, InstantNow.INSTANCE, NANOSECONDS, infos.supplier(kind));
            case TICK:
                return new SourceCounter(kind, JdkClock.CURRENT_TIME_MILLIS, MILLISECONDS, infos.supplier(kind));
            case THREAD_TIMES:
                requireSupported(kind);
                ThreadCpuTimes.enable();
                return new SampledCpuTimesCounter(kind, ThreadCpuTimes.INSTANCE, false, NANOSECONDS, infos.supplier(kind));
            case PROCESS_TIMES:
                requireSupported(kind);
                return new SampledCpuTimesCounter(kind, ProcessCpuTime.INSTANCE, false, NANOSECONDS, infos.supplier(kind));
            default:
                throw new UnsupportedOperationException(support(kind).reason());
        }
    }

    @Override
    public CounterInfo describe(CounterKind kind) {
        requireSupported(kind);
        return infos.get(kind);
    }

    private void requireSupported(CounterKind kind) {
        KindSupport support = support(kind);
        if (!support.isSupported()) {
            throw new UnsupportedOperationException(kind + " is not available from the JDK here: " + support.reason());
        }
    }

    /** The description of {@code kind}, which this provider serves. */
    private static CounterInfo newInfo(CounterKind kind) {
        switch (kind) {
            case HIGH_PERFORMANCE:
            case PERFORMANCE:
                return clockInfo(kind, "System.nanoTime()", JdkClock.NANO_TIME, NANOSECONDS, true, "");
            case SYSTEM_TIME:
                return clockInfo(kind, InstantNow.API, InstantNow.INSTANCE, NANOSECONDS, false,
                        "nanoseconds since 1970-01-01T00:00Z; " + InstantNow.ALLOCATION_NOTE);
            case TICK:
                return clockInfo(kind, "System.currentTimeMillis()", JdkClock.CURRENT_TIME_MILLIS, MILLISECONDS, false,
                        "the time of day in milliseconds: not monotonic, it jumps when the system clock is set; "
                                + "PERFORMANCE costs as little and never jumps");
            case THREAD_TIMES:
                return cpuInfo(kind, CurrentThreadCpuClock.CPU_TIME_API, ThreadCpuTimes.INSTANCE, false, NO_THREAD_SPLIT);
            case PROCESS_TIMES:
                return cpuInfo(kind, "OperatingSystemMXBean.getProcessCpuTime()", ProcessCpuTime.INSTANCE, false,
                        "no kernel/user split: the JDK reports process CPU time as one figure");
            default:
                throw new IllegalArgumentException("the JDK provider does not serve " + kind);
        }
    }

    private static CounterInfo clockInfo(
            CounterKind kind, String api, TickSource source, LazyFrequency frequency, boolean monotonic, String notes) {
        return CounterInfo.builder(kind)
                .provider(NAME)
                .source(api)
                .frequency(frequency.get())
                .resolution(() -> ResolutionProbe.measure(source, frequency.get()))
                .monotonic(monotonic)
                .notes(notes)
                .build();
    }

    private static CounterInfo cpuInfo(CounterKind kind, String api, CpuTimesSource source, boolean split, String notes) {
        return CounterInfo.builder(kind)
                .provider(NAME)
                .source(api)
                .frequency(NANOS_PER_SECOND)
                .resolution(() -> ResolutionProbe.measure(source, NANOS_PER_SECOND))
                .monotonic(true)
                .kernelUserSplit(split)
                .notes(notes)
                .build();
    }

    /** The JDK's clocks. Constants, not lambdas: creating a counter must not start the lambda machinery. */
    private enum JdkClock implements TickSource {
        NANO_TIME {
            @Override
            public long read() {
                return System.nanoTime();
            }
        },
        CURRENT_TIME_MILLIS {
            @Override
            public long read() {
                return System.currentTimeMillis();
            }
        }
    }

    /** The calling thread's CPU time from the platform {@link ThreadMXBean}. */
    private enum ThreadCpuTimes implements CpuTimesSource {
        INSTANCE;

        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

        /** Whether this JVM measures thread CPU time; asking changes nothing (a disabled measurement is enabled by {@link #enable()}). */
        static KindSupport support() {
            if (!THREADS.isCurrentThreadCpuTimeSupported()) {
                return KindSupport.unsupported("this JVM does not measure thread CPU time");
            }
            return KindSupport.supported();
        }

        /**
         * Turns the JVM's thread CPU timing on if it was off, which a counter needs: done when a
         * counter is created, never as a side effect of a query.
         *
         * @throws UnsupportedOperationException if it is off and cannot be turned on
         */
        static void enable() {
            if (!THREADS.isThreadCpuTimeEnabled()) {
                try {
                    THREADS.setThreadCpuTimeEnabled(true);
                } catch (SecurityException | UnsupportedOperationException e) {
                    throw new UnsupportedOperationException("thread CPU time is disabled and cannot be enabled: " + e.getMessage(), e);
                }
            }
        }

        @Override
        public void sample(long[] into) {
            into[TOTAL] = CurrentThreadCpuClock.cpuTimeNanos();
            into[KERNEL] = 0;
            into[USER] = 0;
        }
    }

    /** The process's CPU time from {@code com.sun.management.OperatingSystemMXBean}. */
    private enum ProcessCpuTime implements CpuTimesSource {
        INSTANCE;

        private static final OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

        static KindSupport support() {
            if (!(OS instanceof com.sun.management.OperatingSystemMXBean)) {
                return KindSupport.unsupported("this JVM's OperatingSystemMXBean does not report process CPU time");
            }
            if (((com.sun.management.OperatingSystemMXBean) OS).getProcessCpuTime() < 0) {
                return KindSupport.unsupported("OperatingSystemMXBean.getProcessCpuTime() returns -1 on this platform");
            }
            return KindSupport.supported();
        }

        @Override
        public void sample(long[] into) {
            long cpu = ((com.sun.management.OperatingSystemMXBean) OS).getProcessCpuTime();
            if (cpu < 0) {
                throw CounterException.sourceFailure("OperatingSystemMXBean.getProcessCpuTime()", "returned -1");
            }
            into[TOTAL] = cpu;
            into[KERNEL] = 0;
            into[USER] = 0;
        }
    }
}
