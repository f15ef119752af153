package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.internal.CostlyClock;
import dev.counters.measure.internal.CostlyCpuTimes;
import dev.counters.measure.internal.FakeThreadControl;
import dev.counters.testing.FakeCounters;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The fixture of the {@link Compare.Order#DUET} tests over fake clocks: every thread has clocks of its
 * own, which only its own runs advance, so each worker's counters see exactly what the task it ran
 * did there. Tasks that record the threads they ran on, a duet over those clocks with a
 * {@link FakeThreadControl}, and a check after each test that no worker is left running. Shared by
 * {@link CompareDuetTest} and {@link CompareDuetFailuresTest}.
 */
abstract class CompareDuetFixture {
    private static final String WORKER = "counters duet worker ";

    final ThreadLocal<CostlyClock> wall = ThreadLocal.withInitial(() -> new CostlyClock(0));
    final ThreadLocal<CostlyCpuTimes> cpu = ThreadLocal.withInitial(() -> new CostlyCpuTimes(0, 0));
    /** The budget's clock: every run's wall time, whichever thread ran it. */
    private final AtomicLong elapsed = new AtomicLong();
    final FakeThreadControl control = new FakeThreadControl();
    final List<Thread> aThreads = Collections.synchronizedList(new ArrayList<>());
    final List<Thread> bThreads = Collections.synchronizedList(new ArrayList<>());

    /** Workers alive before the test (none, unless an earlier test leaked them, which that test reported). */
    private Set<Thread> workersBefore;

    @BeforeEach
    void noteTheWorkersAlive() {
        workersBefore = liveWorkers();
    }

    @AfterEach
    void noWorkerIsLeftRunning() {
        Set<Thread> left = liveWorkers();
        left.removeAll(workersBefore);
        assertEquals(Set.of(), left, "workers alive after run() returned");
    }

    private static Set<Thread> liveWorkers() {
        Set<Thread> workers = new HashSet<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith(WORKER)) {
                workers.add(thread);
            }
        }
        return workers;
    }

    /** Advances the calling thread's clocks: {@code nanos} of wall time, all of it on the CPU (a tenth in the kernel). */
    void work(long nanos) {
        wall.get().advance(nanos);
        cpu.get().advance(nanos / 10, nanos - nanos / 10);
        elapsed.addAndGet(nanos);
    }

    /** A task that records the thread of each run and takes {@code nanos.applyAsLong(thread)}. */
    Task task(List<Thread> threads, ToLongFunction<Thread> nanos) {
        return () -> {
            threads.add(Thread.currentThread());
            work(nanos.applyAsLong(Thread.currentThread()));
            return null;
        };
    }

    Task task(List<Thread> threads, long nanos) {
        return task(threads, thread -> nanos);
    }

    Compare duet(Task a, Task b) {
        return withThePlatformsControl(a, b).instruments(i -> i.withThreadControl(control));
    }

    Compare withThePlatformsControl(Task a, Task b) {
        return Compare.of(a, b).order(Compare.Order.DUET).noWarmUp()
                .wallCounter(() -> FakeCounters.nanoseconds(wall.get()))
                .threadCounter(() -> FakeCounters.threadTimes(cpu.get()))
                .instruments(i -> i.withNanoClock(elapsed::get))
                .instruments(i -> i.withProc(path -> List.of()))
                .instruments(i -> i.withProcessors(() -> 2));
    }

    static int worker(Thread thread) {
        assertTrue(thread.getName().startsWith(WORKER), thread.getName());
        return Integer.parseInt(thread.getName().substring(WORKER.length()));
    }
}
