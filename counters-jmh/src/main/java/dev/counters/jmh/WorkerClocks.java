package dev.counters.jmh;

import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.Ranking;
import dev.counters.internal.ServiceProviders;
import dev.counters.internal.ThreadCpuTimesReader.ThreadCpuTimes;
import dev.counters.internal.ThreadCpuTimesReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Where the workers' CPU times come from: the best available {@link ThreadCpuTimesReader} of a
 * platform module (counters-posix, counters-windows), which reads another thread's clock by its
 * native id with an exact split; else, where none serves, {@link ThreadMXBean}, whose total is
 * exact but whose user time comes in scheduler ticks (10 ms steps from {@code /proc} on Linux
 * before JDK 26), so that its split is <em>not exact</em> and is reported as such.
 */
final class WorkerClocks {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private final ThreadCpuTimesReader reader;
    private final String whyNoReader;

    private WorkerClocks(ThreadCpuTimesReader reader, String whyNoReader) {
        this.reader = reader;
        this.whyNoReader = whyNoReader;
    }

    /** The best reader {@link ServiceLoader} finds on the class path, else {@link ThreadMXBean}. */
    static WorkerClocks find() {
        ServiceProviders<ThreadCpuTimesReader> found = ServiceProviders.load(ServiceLoader.load(ThreadCpuTimesReader.class));
        return choose(found.providers(), found.failures().stream().map(f -> f.type() + ": " + f.error()).toList());
    }

    static WorkerClocks choose(List<ThreadCpuTimesReader> readers, List<String> failures) {
        Optional<ThreadCpuTimesReader> best = Ranking.best(readers);
        if (best.isPresent()) {
            return new WorkerClocks(best.get(), "");
        }
        List<String> reasons = new ArrayList<>(failures);
        reasons.addAll(Ranking.unavailableReasons(readers));
        return new WorkerClocks(null, reasons.isEmpty()
                ? "no ThreadCpuTimesReader on the class path (add counters-posix or counters-windows)"
                : String.join("; ", reasons));
    }

    /** The CPU times of a worker, by its Java id and its native id. */
    ThreadCpuTimes open(long javaId, long nativeId) {
        return reader != null ? reader.open(nativeId) : new MxBeanTimes(javaId, nativeId);
    }

    /** The ticks per second of the samples' totals. */
    long frequency() {
        return reader != null ? reader.frequency() : NANOS_PER_SECOND;
    }

    /** Whether the kernel/user split is as exact as a THREAD_TIMES counter's. */
    boolean exactSplit() {
        return reader != null;
    }

    /** Where the figures come from, and for the fallback why and how far to trust its split. */
    String description() {
        return reader != null ? reader.source()
                : "ThreadMXBean.getThreadCpuTime/getThreadUserTime: the total is exact, the kernel/user split is NOT"
                        + " (user time in scheduler ticks); no exact reader serves here: " + whyNoReader;
    }

    /** The JDK's account of a thread: total and user time in nanoseconds, kernel their difference. */
    private static final class MxBeanTimes implements ThreadCpuTimes {
        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        private final long javaId;
        private final long nativeId;

        MxBeanTimes(long javaId, long nativeId) {
            this.javaId = javaId;
            this.nativeId = nativeId;
            if (!THREADS.isThreadCpuTimeSupported()) {
                throw new UnsupportedOperationException("This JVM cannot read other threads' CPU time (ThreadMXBean"
                        + ".isThreadCpuTimeSupported() is false); add counters-posix or counters-windows");
            }
            if (!THREADS.isThreadCpuTimeEnabled()) {
                THREADS.setThreadCpuTimeEnabled(true);
            }
        }

        @Override
        public long nativeThreadId() {
            return nativeId;
        }

        @Override
        public void sample(long[] into) {
            long user = THREADS.getThreadUserTime(javaId);
            long total = THREADS.getThreadCpuTime(javaId);
            if (total < 0 || user < 0) {
                throw new IllegalStateException("ThreadMXBean has no CPU time for thread #" + javaId + " (it ended)");
            }
            into[CpuTimesSource.TOTAL] = total;
            into[CpuTimesSource.USER] = Math.min(user, total);
            into[CpuTimesSource.KERNEL] = total - into[CpuTimesSource.USER];
        }

        @Override
        public void close() {}
    }
}
