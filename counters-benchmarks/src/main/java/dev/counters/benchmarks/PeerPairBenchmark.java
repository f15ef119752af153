package dev.counters.benchmarks;

import com.google.common.base.Stopwatch;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What a Java engineer would write instead of a counter: each benchmark takes the readings a
 * start+stop pair takes (two reads of the same clocks) with the JDK or Guava, so its cost sits
 * beside the counter of the same kind in {@link CounterPairBenchmark}'s table.
 */
public class PeerPairBenchmark extends NanosecondBenchmark {
    private ThreadMXBean threads;
    private com.sun.management.OperatingSystemMXBean os;
    private Stopwatch stopwatch;

    @Setup
    public void lookUpBeans() {
        threads = ManagementFactory.getThreadMXBean();
        if (!threads.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot measure thread CPU time: the ThreadMXBean peers cannot run");
        }
        threads.setThreadCpuTimeEnabled(true);
        os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        stopwatch = Stopwatch.createUnstarted();
    }

    /** Peer of HIGH_PERFORMANCE and PERFORMANCE: HotSpot reads CLOCK_MONOTONIC here. */
    @Benchmark
    public void nanoTimePair(Blackhole blackhole) {
        long start = System.nanoTime();
        blackhole.consume(System.nanoTime() - start);
    }

    /** Peer of TICK: the JDK's millisecond clock (CLOCK_REALTIME in HotSpot on Linux). */
    @Benchmark
    public void currentTimeMillisPair(Blackhole blackhole) {
        long start = System.currentTimeMillis();
        blackhole.consume(System.currentTimeMillis() - start);
    }

    /** Peer of SYSTEM_TIME: the JDK's precise time of day. */
    @Benchmark
    public void instantNowPair(Blackhole blackhole) {
        Instant start = Instant.now();
        Instant end = Instant.now();
        blackhole.consume((end.getEpochSecond() - start.getEpochSecond()) * 1_000_000_000L + end.getNano() - start.getNano());
    }

    /** Peer of PERFORMANCE: Guava's Stopwatch, reused, restarted and read once. */
    @Benchmark
    public void guavaStopwatchStartElapsed(Blackhole blackhole) {
        stopwatch.reset().start();
        blackhole.consume(stopwatch.elapsed(TimeUnit.NANOSECONDS));
    }

    /**
     * Peer of THREAD_TIMES: thread CPU and user time from the ThreadMXBean, read at start and at
     * stop, as the JDK floor provider reads them (JDK 17 reads user time from /proc).
     */
    @Benchmark
    public void threadMXBeanCpuUserPair(Blackhole blackhole) {
        long startCpu = threads.getCurrentThreadCpuTime();
        long startUser = threads.getCurrentThreadUserTime();
        long endCpu = threads.getCurrentThreadCpuTime();
        long endUser = threads.getCurrentThreadUserTime();
        blackhole.consume(endCpu - startCpu);
        blackhole.consume(endUser - startUser);
    }

    /** Thread CPU time alone, with no split: what the JVM's own thread clock costs. */
    @Benchmark
    public void threadMXBeanCpuPair(Blackhole blackhole) {
        long start = threads.getCurrentThreadCpuTime();
        blackhole.consume(threads.getCurrentThreadCpuTime() - start);
    }

    /** Peer of PROCESS_TIMES: the process CPU time, with no kernel/user split. */
    @Benchmark
    public void processCpuTimePair(Blackhole blackhole) {
        long start = os.getProcessCpuTime();
        blackhole.consume(os.getProcessCpuTime() - start);
    }
}
