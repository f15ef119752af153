package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.counters.CounterException;
import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.CpuTimesSplit;
import dev.counters.internal.ServiceProviders;
import dev.counters.internal.ThreadCpuTimesReader.ThreadCpuTimes;
import dev.counters.internal.ThreadCpuTimesReader;
import dev.counters.testing.Work;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Another thread's CPU times, read from this one, against the kernel's accounting of that thread in /proc. */
class PosixThreadCpuTimesTest {
    private final PosixThreadCpuTimes reader = new PosixThreadCpuTimes();

    @Test
    void clockIdsAreBuiltAsTheKernelsMakeThreadCpuclock() {
        // MAKE_THREAD_CPUCLOCK(tid, clock) = ((~(clockid_t) tid) << 3) | clock | CPUCLOCK_PERTHREAD_MASK
        assertEquals(-10, PosixThreadCpuTimes.clockId(1, PosixThreadCpuTimes.CPUCLOCK_SCHED));
        assertEquals(~4321 << 3 | 4, PosixThreadCpuTimes.clockId(4321, PosixThreadCpuTimes.CPUCLOCK_PROF));
        assertEquals(~4321 << 3 | 5, PosixThreadCpuTimes.clockId(4321, PosixThreadCpuTimes.CPUCLOCK_VIRT));
    }

    @Test
    void serviceLoaderFindsItAvailableOnLinux() {
        ServiceProviders<ThreadCpuTimesReader> found = ServiceProviders.load(ServiceLoader.load(ThreadCpuTimesReader.class));
        assertTrue(found.providers().stream().anyMatch(PosixThreadCpuTimes.class::isInstance), found::toString);
        assertEquals(java.util.Optional.empty(), reader.unavailableReason());
        assertEquals(1_000_000_000L, reader.frequency());
        assertTrue(reader.source().contains("CPUCLOCK_SCHED"), reader.source());
    }

    @Test
    void anotherThreadsTotalIsItsExactRunTimeAndItsSplitAgreesWithProcStat() throws Exception {
        Worker worker = Worker.start(() -> Work.systemCalls(Duration.ofMillis(300)));
        try (ThreadCpuTimes times = reader.open(worker.tid)) {
            assertEquals(worker.tid, times.nativeThreadId());
            long[] start = new long[CpuTimesSource.SAMPLE_LENGTH];
            long[] end = new long[CpuTimesSource.SAMPLE_LENGTH];
            worker.awaitBlocked();
            awaitParked(worker.tid);
            ProcStat statBefore = ProcStat.task(worker.tid);
            long runtimeBefore = schedstatRuntime(worker.tid);
            times.sampleStart(start);
            worker.runAndWait();
            worker.awaitBlocked();
            awaitParked(worker.tid);
            times.sampleEnd(end);
            long runtimeAfter = schedstatRuntime(worker.tid);
            ProcStat statAfter = ProcStat.task(worker.tid);

            long total = end[CpuTimesSource.TOTAL] - start[CpuTimesSource.TOTAL];
            // The worker is parked while both are read (its run time stood still for a millisecond first), so both
            // read the same run time, to the nanosecond but for a wake-up in between.
            long schedstat = runtimeAfter - runtimeBefore;
            assertTrue(Math.abs(total - schedstat) <= 200_000, () -> "CPUCLOCK_SCHED " + total
                    + " ns against /proc/self/task/<tid>/schedstat " + schedstat + " ns");
            assertTrue(total >= Duration.ofMillis(300).toNanos(), () -> "only " + total + " ns");

            long kernel = CpuTimesSplit.kernelPart(total, start, end);
            long user = total - kernel;
            long procKernel = Kernel.ticksToNanos(statAfter.stimeTicks() - statBefore.stimeTicks());
            long procUser = Kernel.ticksToNanos(statAfter.utimeTicks() - statBefore.utimeTicks());
            long tolerance = 3 * Kernel.clockTick().toNanos() + (procKernel + procUser) / 50;
            System.out.printf("other thread's split: kernel %.3f ms (/proc %.3f ms), user %.3f ms (/proc %.3f ms)%n",
                    kernel / 1e6, procKernel / 1e6, user / 1e6, procUser / 1e6);
            assertTrue(Math.abs(kernel - procKernel) <= tolerance, () -> kernel + " vs /proc stime " + procKernel);
            assertTrue(Math.abs(user - procUser) <= tolerance, () -> user + " vs /proc utime " + procUser);
        } finally {
            worker.finish();
        }
    }

    @Test
    void aThreadThatIsGoneIsAnErrorWithItsErrnoNotAZero() throws Exception {
        long tid = OnThread.call("short-lived", Kernel::gettid);
        // join() returns when the Java thread is done, a moment before the kernel has removed the task.
        Path task = Path.of("/proc/self/task/" + tid);
        for (int wait = 0; Files.exists(task) && wait < 500; wait++) {
            Thread.sleep(10);
        }
        assumeTrue(!Files.exists(task), "the finished thread's task was still there after 5 s");
        CounterException gone = assertThrows(CounterException.class, () -> reader.open(tid));
        assertTrue(gone.getMessage().contains("CPUCLOCK_SCHED of thread " + tid), gone.getMessage());
    }

    @Test
    void closedTimesSaySoAndATidOutOfRangeIsRefused() {
        ThreadCpuTimes own = reader.open(Kernel.gettid());
        own.sample(new long[CpuTimesSource.SAMPLE_LENGTH]);
        own.close();
        IllegalStateException closed = assertThrows(IllegalStateException.class,
                () -> own.sampleEnd(new long[CpuTimesSource.SAMPLE_LENGTH]));
        assertTrue(closed.getMessage().contains("open them again"), closed.getMessage());
        assertThrows(IllegalStateException.class, () -> own.sampleStart(new long[CpuTimesSource.SAMPLE_LENGTH]));
        assertThrows(IllegalArgumentException.class, () -> reader.open(0));
        assertThrows(IllegalArgumentException.class, () -> reader.open(1L << 32));
    }

    /**
     * Waits until {@code tid} has parked in the kernel: a thread's state turns WAITING before it
     * gets there, and a preempted or emulated thread may take a while. Parked is when its run time
     * stands still for a millisecond; gives up after a second, leaving the assertions to tell.
     */
    private static void awaitParked(long tid) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(1).toNanos();
        long runtime = schedstatRuntime(tid);
        while (System.nanoTime() < deadline) {
            Thread.sleep(1);
            long now = schedstatRuntime(tid);
            if (now == runtime) {
                return;
            }
            runtime = now;
        }
    }

    private static long schedstatRuntime(long tid) throws IOException {
        Path schedstat = Path.of("/proc/self/task/" + tid + "/schedstat");
        assumeTrue(Files.exists(schedstat), "this kernel has no schedstat");
        return Long.parseLong(Files.readString(schedstat).trim().split(" ")[0]);
    }

    /** A thread that reports its tid, then does its work when told, and waits again. */
    private static final class Worker {
        final long tid;
        private Thread thread;
        private final CountDownLatch go;
        private final CompletableFuture<Void> done;
        private final CountDownLatch exit = new CountDownLatch(1);

        private Worker(long tid, CountDownLatch go, CompletableFuture<Void> done) {
            this.tid = tid;
            this.go = go;
            this.done = done;
        }

        static Worker start(OnThread.ThrowingRunnable work) throws Exception {
            CompletableFuture<Long> tid = new CompletableFuture<>();
            CountDownLatch go = new CountDownLatch(1);
            CompletableFuture<Void> done = new CompletableFuture<>();
            Worker[] self = new Worker[1];
            Thread thread = new Thread(() -> {
                tid.complete(Kernel.gettid());
                try {
                    go.await();
                    work.run();
                    done.complete(null);
                    self[0].exit.await();
                } catch (Throwable e) {
                    done.completeExceptionally(e);
                }
            }, "measured-from-outside");
            thread.setDaemon(true);
            thread.start();
            self[0] = new Worker(tid.get(), go, done);
            self[0].thread = thread;
            return self[0];
        }

        /** Until the worker waits on a latch (it may still be on its way into the kernel). */
        void awaitBlocked() throws InterruptedException {
            while (thread.getState() != Thread.State.WAITING) {
                Thread.sleep(1);
            }
        }

        void runAndWait() throws Exception {
            go.countDown();
            done.get();
        }

        void finish() {
            exit.countDown();
        }
    }
}
