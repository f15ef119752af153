package dev.counters.jmh;

import static dev.counters.internal.CpuTimesSource.SAMPLE_LENGTH;
import static dev.counters.internal.CpuTimesSource.TOTAL;
import static java.util.Objects.requireNonNull;

import dev.counters.internal.CpuTimesSplit;
import dev.counters.internal.ThreadCpuTimesReader.ThreadCpuTimes;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The CPU time of one benchmark's worker threads over an iteration, read from the harness thread:
 * each worker's clock is sampled before and after the iteration, and the deltas are summed, each
 * split on its own ({@link CpuTimesSplit}) so that kernel + user == total for every worker.
 *
 * <p>Workers are found by name; their native ids come from a thread dump, taken only when a worker
 * not seen before appears, and only outside the measured window. JMH starts its workers on the
 * first iteration, after the profiler's {@code beforeIteration}: a worker first seen after an
 * iteration is counted from its start (a baseline of zero), which adds its start-up, a fraction
 * of a millisecond, to that first warm-up iteration only.
 */
final class WorkerCpu implements AutoCloseable {
    private final WorkerClocks clocks;
    private final Function<String, List<Thread>> workersNamed;
    private final Supplier<Map<Long, Long>> nativeIds;
    private final Map<Thread, Tracked> tracked = new LinkedHashMap<>();

    WorkerCpu(WorkerClocks clocks, Function<String, List<Thread>> workersNamed, Supplier<Map<Long, Long>> nativeIds) {
        this.clocks = requireNonNull(clocks, "clocks");
        this.workersNamed = requireNonNull(workersNamed, "workersNamed");
        this.nativeIds = requireNonNull(nativeIds, "nativeIds");
    }

    /** Before the window: forgets workers that ended, opens new ones, and samples every worker's start. */
    void beforeIteration(String prefix) {
        Iterator<Tracked> known = tracked.values().iterator();
        while (known.hasNext()) {
            Tracked worker = known.next();
            if (!worker.thread.isAlive()) {
                worker.times.close();
                known.remove();
            }
        }
        track(workersNamed.apply(prefix));
        for (Tracked worker : tracked.values()) {
            worker.times.sampleStart(worker.start);
            worker.sampled = true;
        }
    }

    /**
     * After the window: the workers' CPU time since {@link #beforeIteration}, and the whole life of
     * workers that started since.
     *
     * @throws IllegalStateException if no worker named {@code prefix}... was found
     */
    CpuShare afterIteration(String prefix) {
        long[] end = new long[SAMPLE_LENGTH];
        long total = 0;
        long kernel = 0;
        for (Tracked worker : tracked.values()) {
            if (worker.sampled) {
                worker.times.sampleEnd(end);
                long delta = end[TOTAL] - worker.start[TOTAL];
                total += delta;
                kernel += CpuTimesSplit.kernelPart(delta, worker.start, end);
            }
        }
        for (Tracked worker : track(workersNamed.apply(prefix))) {
            worker.times.sampleEnd(end);
            total += end[TOTAL];
            kernel += CpuTimesSplit.kernelPart(end[TOTAL], worker.start, end);
        }
        if (tracked.isEmpty()) {
            throw new IllegalStateException("No live worker thread named " + prefix + "* was found: the CPU time of"
                    + " virtual-thread workers (-Djmh.executor=VIRTUAL) cannot be read, as they have no CPU clock of"
                    + " their own; run on JMH's default platform-thread executor");
        }
        for (Tracked worker : tracked.values()) {
            worker.sampled = false;
        }
        return CpuShare.ofTicks(total, kernel, clocks.frequency());
    }

    /** Opens the workers in {@code live} not tracked yet, and returns them (each with a zero start sample). */
    private List<Tracked> track(List<Thread> live) {
        List<Thread> unknown = live.stream().filter(thread -> !tracked.containsKey(thread)).toList();
        if (unknown.isEmpty()) {
            return List.of();
        }
        Map<Long, Long> ids = nativeIds.get();
        List<Tracked> opened = new ArrayList<>();
        for (Thread thread : unknown) {
            @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+; getId() is the same id on every JDK
            long javaId = thread.getId();
            Long nativeId = ids.get(javaId);
            if (nativeId == null) {
                if (!thread.isAlive()) {
                    continue;
                }
                throw new IllegalStateException("The JVM's thread dump does not list worker thread '" + thread.getName()
                        + "' (#" + javaId + "), so its native id, and its CPU clock, are unknown");
            }
            Tracked worker = new Tracked(thread, clocks.open(javaId, nativeId));
            tracked.put(thread, worker);
            opened.add(worker);
        }
        return opened;
    }

    /** The workers tracked now. */
    int size() {
        return tracked.size();
    }

    /** Releases every worker's clock (Windows thread handles). */
    @Override
    public void close() {
        tracked.values().forEach(worker -> worker.times.close());
        tracked.clear();
    }

    private static final class Tracked {
        final Thread thread;
        final ThreadCpuTimes times;
        final long[] start = new long[SAMPLE_LENGTH];
        boolean sampled;

        Tracked(Thread thread, ThreadCpuTimes times) {
            this.thread = thread;
            this.times = times;
        }
    }
}
