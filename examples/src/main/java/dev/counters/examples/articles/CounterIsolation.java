package dev.counters.examples.articles;

import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Wall time against the thread's CPU time for one task while other threads compete for the
 * processors: STLSoft's {@code counter_isolation}, and the GetThreadTimes article's point that a
 * tick count measures the task plus whatever the scheduler ran instead of it. The task (a fixed
 * number of xorshift steps) runs alone, then beside twice as many busy threads as this JVM has
 * processors; the wall figure grows with the competition, the thread's CPU figure stays near its
 * value alone.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp 'examples/target/classes:examples/target/lib/*' dev.counters.examples.articles.CounterIsolation
 * </pre>
 */
public final class CounterIsolation {
    public static final long DEFAULT_STEPS = 20_000_000;

    private CounterIsolation() {}

    /** One run of the task: its wall time and its thread's CPU time, both from the same start and stop. */
    public record Run(int competitors, long wallNanos, long cpuNanos) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%2d competing threads: wall %8.2f ms, thread CPU %8.2f ms, wall/CPU %5.2f",
                    competitors, wallNanos / 1e6, cpuNanos / 1e6, (double) wallNanos / cpuNanos);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        long steps = args.length == 0 ? DEFAULT_STEPS : Long.parseLong(args[0]);
        int competitors = 2 * Runtime.getRuntime().availableProcessors();
        run(steps, 0);                          // warm-up: the task compiled before it is measured
        System.out.println(run(steps, 0));
        System.out.println(run(steps, competitors));
    }

    /** Runs the task of {@code steps} on this thread while {@code competitors} threads spin, and times it. */
    public static Run run(long steps, int competitors) throws InterruptedException {
        AtomicBoolean done = new AtomicBoolean();
        CountDownLatch spinning = new CountDownLatch(competitors);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < competitors; i++) {
            Thread competitor = new Thread(() -> {
                spinning.countDown();
                long x = 1;
                while (!done.get()) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
                if (x == 42) {
                    System.out.print("");       // keeps the loop's result alive
                }
            }, "competitor-" + i);
            competitor.setDaemon(true);
            competitor.start();
            threads.add(competitor);
        }
        spinning.await();
        Counter wall = Counters.performance();
        CpuTimesCounter cpu = Counters.threadTimes();
        wall.start();
        cpu.start();
        long result = task(steps, 1);
        cpu.stop();
        wall.stop();
        done.set(true);
        for (Thread thread : threads) {
            thread.join();
        }
        if (result == 42) {
            System.out.print("");               // keeps the task's result alive
        }
        return new Run(competitors, wall.getNanoseconds(), cpu.getNanoseconds());
    }

    /** Xorshift steps: each depends on the one before, and nothing lets the JIT shorten them. */
    private static long task(long steps, long seed) {
        long x = seed;
        for (long i = 0; i < steps; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
