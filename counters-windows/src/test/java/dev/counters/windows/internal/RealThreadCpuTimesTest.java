package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.platform.win32.Kernel32;
import dev.counters.CounterException;
import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.ServiceProviders;
import dev.counters.internal.ThreadCpuTimesReader.ThreadCpuTimes;
import dev.counters.internal.ThreadCpuTimesReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Another thread's GetThreadTimes through the real layer, against the JVM's account of that same thread. */
@RealWindowsCalls
class RealThreadCpuTimesTest {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @Test
    void anotherThreadsTimesAreTheJvmsAccountOfIt() throws Exception {
        ServiceProviders<ThreadCpuTimesReader> found = ServiceProviders.load(ServiceLoader.load(ThreadCpuTimesReader.class));
        ThreadCpuTimesReader reader = found.providers().stream()
                .filter(WindowsThreadCpuTimes.class::isInstance).findFirst().orElseThrow(() -> new AssertionError(found));
        assertTrue(reader.unavailableReason().isEmpty(), () -> reader.unavailableReason().get());

        CompletableFuture<Integer> threadId = new CompletableFuture<>();
        CountDownLatch done = new CountDownLatch(1);
        CountDownLatch exit = new CountDownLatch(1);
        Thread worker = new Thread(() -> {
            threadId.complete(Kernel32.INSTANCE.GetCurrentThreadId());
            dev.counters.testing.Work.burnCpu(Duration.ofMillis(200));
            done.countDown();
            try {
                exit.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "measured-from-outside");
        worker.setDaemon(true);
        worker.start();
        try (ThreadCpuTimes times = reader.open(threadId.get())) {
            done.await();
            long[] sample = new long[CpuTimesSource.SAMPLE_LENGTH];
            times.sample(sample);
            // HotSpot reads the same GetThreadTimes of the same (now blocked) thread, in nanoseconds.
            assertEquals(THREADS.getThreadCpuTime(worker.getId()), sample[CpuTimesSource.TOTAL] * 100);
            assertEquals(THREADS.getThreadUserTime(worker.getId()), sample[CpuTimesSource.USER] * 100);
            assertEquals(sample[CpuTimesSource.TOTAL], sample[CpuTimesSource.KERNEL] + sample[CpuTimesSource.USER]);
            System.out.printf("other thread through %s: kernel %d, user %d (100 ns)%n",
                    reader.source(), sample[CpuTimesSource.KERNEL], sample[CpuTimesSource.USER]);
        } finally {
            exit.countDown();
        }
        worker.join();
    }

    @Test
    void aThreadIdThatIsNotLiveIsAnErrorWithItsCode() {
        ThreadCpuTimesReader reader = new WindowsThreadCpuTimes();
        CounterException missing = assertThrows(CounterException.class, () -> reader.open(0xFFFF_FFF0L));
        assertTrue(missing.getMessage().contains("OpenThread"), missing.getMessage());
    }
}
