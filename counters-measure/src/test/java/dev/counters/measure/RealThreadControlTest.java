package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.internal.ThreadControl;
import dev.counters.measure.PreparationStep;
import dev.counters.measure.internal.PreparedThread;
import dev.counters.measure.internal.ThreadControls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The platform's ThreadControl (found by ServiceLoader; counters-posix is on the test class path)
 * checked against the kernel's own view of the thread: {@code /proc/thread-self/status} for the
 * affinity, {@code /proc/thread-self/stat} for nice value, policy and real-time priority.
 */
class RealThreadControlTest {
    private static final Path STATUS = Path.of("/proc/thread-self/status");
    private static final Path STAT = Path.of("/proc/thread-self/stat");

    @Test
    void pinsAndRaisesTheMeasuringThreadOnlyAndRestoresIt() throws IOException {
        if (ThreadControls.best().isEmpty() || !Files.isReadable(STATUS)) {
            // No platform control here (or not Linux): every step must say it was not applied, and why.
            try (PreparedThread prepared = PreparedThread.prepare(true, true)) {
                assertFalse(prepared.fullyApplied());
                prepared.steps().forEach(step -> assertTrue(step.description().startsWith("not applied: "), step.toString()));
            }
            return;
        }
        String affinityBefore = allowedCpus();
        List<String> schedulingBefore = scheduling();
        Map<String, String> otherThreadsBefore = otherThreadsAffinity();
        try (PreparedThread prepared = PreparedThread.prepare(true, true)) {
            PreparationStep pin = prepared.steps().get(0);
            if (pin.applied()) {
                assertFalse(allowedCpus().contains(",") || allowedCpus().contains("-"), "pinned to one CPU: " + allowedCpus());
                Map<String, String> otherThreadsNow = otherThreadsAffinity();
                otherThreadsBefore.forEach((tid, cpus) -> {
                    if (otherThreadsNow.containsKey(tid)) {
                        assertEquals(cpus, otherThreadsNow.get(tid), "only the calling thread is pinned, not thread " + tid);
                    }
                });
            }
            PreparationStep raise = prepared.steps().get(1);
            if (raise.applied()) {
                assertNotEquals(schedulingBefore, scheduling(), "priority raised: " + raise);
            }
            assertTrue(pin.applied() || pin.description().startsWith("not applied: "), pin.toString());
        }
        assertEquals(affinityBefore, allowedCpus(), "affinity restored");
        assertEquals(schedulingBefore, scheduling(), "nice value, policy and real-time priority restored");
    }

    @Test
    void aPinnedMeasureStillCountsEveryCpuOfTheMachine() {
        int cpus = Runtime.getRuntime().availableProcessors();
        org.junit.jupiter.api.Assumptions.assumeTrue(ThreadControls.best().isPresent() && cpus > 1,
                "needs the platform's thread control and two CPUs to pin to one");
        MeasureResult result = Measure.of(() -> null).noWarmUp().repetitions(3).pinned().run();
        org.junit.jupiter.api.Assumptions.assumeTrue(result.preparation().get(0).applied(), result.preparation().toString());
        assertEquals(cpus, result.noise().load().cpus(), "read before pinning, not the one CPU the pinned thread sees");
    }

    private static String allowedCpus() throws IOException {
        return field(Files.readAllLines(STATUS), "Cpus_allowed_list:");
    }

    /** Every other thread of the JVM (the JIT compilers among them) and the CPUs it may use. */
    private static Map<String, String> otherThreadsAffinity() throws IOException {
        String self = Path.of("/proc/thread-self").toRealPath().getFileName().toString();
        Map<String, String> affinity = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                String tid = task.getFileName().toString();
                if (!tid.equals(self)) {
                    try {
                        affinity.put(tid, field(Files.readAllLines(task.resolve("status")), "Cpus_allowed_list:"));
                    } catch (IOException threadEnded) {
                        // a thread that ended meanwhile has nothing to compare
                    }
                }
            }
        }
        return affinity;
    }

    private static String field(List<String> lines, String name) {
        return lines.stream().filter(l -> l.startsWith(name)).findFirst().orElseThrow().substring(name.length()).trim();
    }

    /** nice (field 19), rt_priority (40) and policy (41) of this thread, from /proc/thread-self/stat. */
    private static List<String> scheduling() throws IOException {
        String stat = Files.readString(STAT);
        String[] afterName = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // afterName[0] is field 3 (state), so field n is afterName[n - 3].
        return Arrays.asList(afterName[19 - 3], afterName[40 - 3], afterName[41 - 3]);
    }
}
