package dev.counters.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.ThreadCpuTimesReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The workers' CPU time over an iteration, on fake clocks: which workers count, from when, and how each is split. */
class WorkerCpuTest {
    private static final String PREFIX = "b.B.m-jmh-worker-";
    private final FakeReader reader = new FakeReader();
    private final List<Thread> live = new ArrayList<>();
    private final Map<Long, Long> nativeIds = new HashMap<>();
    private int dumps;
    private final CountDownLatch end = new CountDownLatch(1);
    private final WorkerCpu workers = new WorkerCpu(WorkerClocks.choose(List.of(reader), List.of()),
            prefix -> prefix.equals(PREFIX) ? List.copyOf(live) : List.of(), () -> {
                dumps++;
                return Map.copyOf(nativeIds);
            });

    @AfterEach
    void stopThreads() {
        end.countDown();
    }

    @SuppressWarnings("deprecation")
    private Thread worker(long nativeId) {
        Thread thread = new Thread(() -> {
            try {
                end.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        thread.setDaemon(true);
        thread.start();
        nativeIds.put(thread.getId(), nativeId);
        live.add(thread);
        reader.clocks.put(nativeId, new long[] {0, 0, 0});
        return thread;
    }

    @Test
    void sumsEveryWorkersDeltaEachSplitInItsOwnRatio() {
        worker(101);
        worker(102);
        reader.set(101, 1_000, 10, 10);
        reader.set(102, 5_000, 0, 50);
        workers.beforeIteration(PREFIX);
        reader.set(101, 3_000, 13, 11); // 2,000 ns, split 3:1 -> kernel 1,500
        reader.set(102, 9_000, 1, 53);  // 4,000 ns, split 1:3 -> kernel 1,000
        CpuShare share = workers.afterIteration(PREFIX);
        assertEquals(new CpuShare(6_000, 2_500), share);
        assertEquals(1, dumps);
    }

    @Test
    void aWorkerFirstSeenAfterTheIterationCountsFromItsStartAndTheDumpIsTakenOnlyForNewWorkers() {
        workers.beforeIteration(PREFIX); // JMH has not started its workers yet
        assertEquals(0, dumps);
        worker(7);
        reader.set(7, 4_000, 1, 3);
        assertEquals(new CpuShare(4_000, 1_000), workers.afterIteration(PREFIX));
        assertEquals(1, dumps);

        workers.beforeIteration(PREFIX);
        reader.set(7, 10_000, 2, 4);
        assertEquals(new CpuShare(6_000, 3_000), workers.afterIteration(PREFIX));
        assertEquals(1, dumps, "no new worker, no new dump");
        assertEquals(1, workers.size());
    }

    @Test
    void workersThatEndedAreClosedAndForgotten() throws Exception {
        Thread gone = new Thread(() -> {});
        gone.start();
        live.add(gone);
        worker(8);
        nativeIds.put(gone.getId(), 9L);
        reader.clocks.put(9L, new long[] {0, 0, 0});
        workers.beforeIteration(PREFIX);
        gone.join();
        workers.afterIteration(PREFIX);
        live.remove(gone);
        workers.beforeIteration(PREFIX);
        assertEquals(1, workers.size());
        assertEquals(List.of(9L), reader.closed);
        workers.close();
        assertEquals(0, workers.size());
        assertTrue(reader.closed.containsAll(List.of(8L, 9L)));
    }

    @Test
    void noWorkerAtAllIsAnErrorNotAZero() {
        workers.beforeIteration(PREFIX);
        IllegalStateException none = assertThrows(IllegalStateException.class, () -> workers.afterIteration(PREFIX));
        assertTrue(none.getMessage().contains(PREFIX) && none.getMessage().contains("virtual"), none.getMessage());
    }

    @Test
    void aWorkerMissingFromTheDumpIsAnError() {
        Thread unlisted = worker(11);
        nativeIds.clear();
        IllegalStateException missing = assertThrows(IllegalStateException.class, () -> workers.beforeIteration(PREFIX));
        assertTrue(missing.getMessage().contains(unlisted.getName()), missing.getMessage());
    }

    @Test
    void withoutAnExactReaderThreadMxBeanServesAndSaysItsSplitIsNotExact() throws Exception {
        WorkerClocks fallback = WorkerClocks.choose(List.of(new FakeReader("not on this OS")), List.of("x.Y: broken"));
        assertFalse(fallback.exactSplit());
        assertTrue(fallback.description().contains("NOT"), fallback.description());
        assertTrue(fallback.description().contains("fake: not on this OS") && fallback.description().contains("x.Y: broken"),
                fallback.description());
        assertEquals(1_000_000_000L, fallback.frequency());
        assertTrue(WorkerClocks.choose(List.of(), List.of()).description().contains("add counters-posix"));

        @SuppressWarnings("deprecation")
        long self = Thread.currentThread().getId();
        long[] sample = new long[CpuTimesSource.SAMPLE_LENGTH];
        var times = fallback.open(self, 1234);
        assertEquals(1234, times.nativeThreadId());
        times.sample(sample);
        assertTrue(sample[CpuTimesSource.TOTAL] > 0);
        assertEquals(sample[CpuTimesSource.TOTAL], sample[CpuTimesSource.KERNEL] + sample[CpuTimesSource.USER]);
        times.close();
        assertThrows(IllegalStateException.class, () -> fallback.open(Long.MAX_VALUE, 1).sample(sample));
    }

    @Test
    void theHighestRankedAvailableReaderWins() {
        FakeReader low = new FakeReader();
        FakeReader high = new FakeReader() {
            @Override
            public int rank() {
                return 500;
            }
        };
        WorkerClocks clocks = WorkerClocks.choose(List.of(low, high, new FakeReader("no")), List.of());
        assertTrue(clocks.exactSplit());
        assertEquals(high.source(), clocks.description());
        assertEquals(1_000_000_000L, clocks.frequency());
    }

    /** A reader whose threads' clocks the test sets: {total, kernel, user} by native id. */
    private static class FakeReader implements ThreadCpuTimesReader {
        final Map<Long, long[]> clocks = new HashMap<>();
        final List<Long> closed = new ArrayList<>();
        private final String unavailable;

        FakeReader() {
            this(null);
        }

        FakeReader(String unavailable) {
            this.unavailable = unavailable;
        }

        void set(long tid, long total, long kernel, long user) {
            clocks.put(tid, new long[] {total, kernel, user});
        }

        @Override
        public String name() {
            return "fake";
        }

        @Override
        public int rank() {
            return 100;
        }

        @Override
        public Optional<String> unavailableReason() {
            return Optional.ofNullable(unavailable);
        }

        @Override
        public long frequency() {
            return 1_000_000_000L;
        }

        @Override
        public String source() {
            return "fake clocks ranked " + rank();
        }

        @Override
        public ThreadCpuTimes open(long nativeThreadId) {
            return new ThreadCpuTimes() {
                @Override
                public long nativeThreadId() {
                    return nativeThreadId;
                }

                @Override
                public void sample(long[] into) {
                    System.arraycopy(clocks.get(nativeThreadId), 0, into, 0, 3);
                }

                @Override
                public void close() {
                    closed.add(nativeThreadId);
                }
            };
        }
    }
}
