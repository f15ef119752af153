package dev.counters.examples.composition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.examples.Truths;
import dev.counters.examples.composition.ComposedApplication.Report;
import dev.counters.examples.library.WordIndex;
import dev.counters.Counters;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The composed figures against each other and against the kernel's account of the thread's CPU
 * time: every library operation ran inside the observation and both Stopwatches on this one thread,
 * on one CPU clock, so the operations' sum is at most the observation's, which is at most the CPU
 * Stopwatch's, which is at most the kernel's bracket (give or take its accounting lag).
 */
class ComposedApplicationTest {
    private static final double LAG = 10e6;

    @Test
    void theLibraryMicrometerAndTheStopwatchAgreeWithTheKernel() throws Exception {
        long before = Truths.threadCpuNanos();
        long wallBefore = System.nanoTime();
        Report report = new ComposedApplication().run(500, 700);
        long wall = System.nanoTime() - wallBefore;
        long cpu = Truths.threadCpuNanos() - before;
        System.out.print(report);

        assertEquals(500, report.libraryTimings().get(WordIndex.ADD).count());
        assertEquals(700, report.libraryTimings().get(WordIndex.FIND).count());
        assertEquals(1200, report.operationTimerCount(), "one Micrometer recording per library operation");
        long librarySum = report.libraryTimings().values().stream().mapToLong(WordIndex.OperationTimes::totalNanoseconds).sum();
        assertEquals(librarySum, report.operationTimerNanos(), 1e-3 * librarySum, "Micrometer holds what the library reported");
        assertTrue(librarySum > 0 && librarySum <= report.jobCpuNanos() + 1e3, report.toString());
        assertTrue(report.jobCpuNanos() <= report.stopwatchCpuNanos() + 1e3, report.toString());
        assertTrue(report.stopwatchCpuNanos() <= cpu + LAG, "CPU Stopwatch " + report.stopwatchCpuNanos() + " ns, kernel " + cpu + " ns");
        assertTrue(report.stopwatchCpuNanos() <= report.stopwatchWallNanos() + 1e6 && report.stopwatchWallNanos() <= wall, report.toString());
        assertTrue(report.provider().equals("posix") || !System.getProperty("os.name").equals("Linux"), report.provider());
    }

    @Test
    void theLibraryTimesWithWhateverCounterItIsGiven() {
        List<String> heard = new ArrayList<>();
        WordIndex index = new WordIndex(Counters::performance, (operation, time) -> heard.add(operation + " " + time.isNegative()));
        assertEquals(0, index.add("a counter, a clock"));
        assertEquals(1, index.add("a clock, a tick"));
        assertEquals(List.of(1), index.find("tick", "CLOCK"));
        assertEquals(List.of(0, 1), index.find("a"));
        assertEquals(List.of(), index.find("cycle"));
        assertEquals(List.of("add false", "add false", "find false", "find false", "find false"), heard);
    }

    @Test
    void theLibraryAsksForANewCounterForEachOperation() {
        AtomicInteger made = new AtomicInteger();
        WordIndex index = new WordIndex(() -> {
            made.incrementAndGet();
            return Counters.threadTimes();
        }, (operation, time) -> { });
        index.add("one");
        index.add("two");
        index.find("one");
        assertEquals(3, made.get(), "a counter belongs to one thread: one per operation lets callers share the index");
    }
}
