package dev.counters.measure.internal.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult;
import dev.counters.measure.ForkFailedException;
import dev.counters.measure.ForkRun;
import dev.counters.measure.Task;
import dev.counters.measure.internal.fork.ForkTasks.Chatty;
import dev.counters.measure.internal.fork.ForkTasks.ExitsInRun;
import dev.counters.measure.internal.fork.ForkTasks.Keeps24Megabytes;
import dev.counters.measure.internal.fork.ForkTasks.LeavesAThreadRunning;
import dev.counters.measure.internal.fork.ForkTasks.Once;
import dev.counters.measure.internal.fork.ForkTasks.ThrowsInRun;
import dev.counters.measure.internal.fork.ForkTasks.ThrowsWhenMade;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** What forks do when their tasks fail, exit, hang on, print much, or their parent goes away (issue 44, items 2, 3, 6, 7). */
class ForkFailuresTest {
    private static ForkFailedException failure(Class<? extends Task> b, List<String> options) {
        return assertThrows(ForkFailedException.class,
                () -> ForkTasks.forked(Once.class, b, Duration.ofSeconds(6), 2, 2, options).run());
    }

    @Test
    void aTaskThatThrowsIsNamedWithTheCallAndTheExceptionsFirstLines() {
        ForkFailedException e = failure(ThrowsInRun.class, List.of());
        assertEquals("B", e.task());
        assertEquals("run()", e.call());
        assertTrue(e.getMessage().contains("task B (" + ThrowsInRun.class.getName() + ")"), e.getMessage());
        assertTrue(e.getMessage().contains("java.lang.IllegalStateException: boom in run 5"), e.getMessage());
        assertTrue(e.getMessage().contains("at " + ThrowsInRun.class.getName() + ".run"), e.getMessage());
        assertFalse(e.getMessage().contains("-cp"), "never the command line: " + e.getMessage());
        assertTrue(e.getMessage().length() < 1500, e.getMessage());
    }

    @Test
    void aStaticInitialiserThatThrowsIsNamedNotTakenForASignal() {
        // Issue #50, item 6: it read "the fork's JVM was ended (a signal, or System.exit)".
        ForkFailedException e = failure(ForkTasks.FailsToInitialise.class, List.of());
        assertEquals("B", e.task(), e.getMessage());
        assertEquals("its static initialiser", e.call(), e.getMessage());
        assertTrue(e.getMessage().contains("NumberFormatException"), e.getMessage());
        assertFalse(e.getMessage().contains("a signal"), e.getMessage());
    }

    @Test
    void aJvmOptionTheForkRefusesIsNamedByTheJvmNotHiddenInTheCommandLine() {
        // Issue #50, item 6: "cannot run a fork or read its reply (Stream closed); the fork's command: ..." and no cause.
        ForkFailedException e = failure(Once.class, List.of("-XX:+SurelyNoSuchOption"));
        assertTrue(e.getMessage().contains("Unrecognized VM option 'SurelyNoSuchOption'"), e.getMessage());
        assertFalse(e.getMessage().contains("-cp"), "never the command line: " + e.getMessage());
    }

    @Test
    void theForksDoNotReadTheJvmOptionsOfTheEnvironmentAgain() {
        // Issue #50, item 8: -Xlog:gc:file=gc.log in JDK_JAVA_OPTIONS made every fork write gc.log.0 beside the user's.
        java.util.Map<String, String> environment = new java.util.HashMap<>(java.util.Map.of("JDK_JAVA_OPTIONS",
                "-Xlog:gc:file=gc.log", "JAVA_TOOL_OPTIONS", "-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
                "_JAVA_OPTIONS", "-Xmx1g", "PATH", "/usr/bin"));
        ForkProcess.withoutJvmOptions(environment);
        assertEquals(java.util.Map.of("PATH", "/usr/bin"), environment);
    }

    @Test
    void aConstructorThatThrowsIsNamed() {
        ForkFailedException e = failure(ThrowsWhenMade.class, List.of());
        assertEquals("B", e.task());
        assertEquals("its constructor", e.call());
        assertTrue(e.getMessage().contains("IllegalArgumentException: no data file"), e.getMessage());
    }

    @Test
    void aTaskThatCallsSystemExitIsNamedWithItsExitCode() {
        ForkFailedException e = failure(ExitsInRun.class, List.of());
        assertEquals("B", e.task(), e.getMessage());
        assertEquals("System.exit", e.call());
        assertTrue(e.getMessage().contains("called System.exit"), e.getMessage());
        assertTrue(e.getMessage().contains("at " + ExitsInRun.class.getName() + ".run"), e.getMessage());
        assertTrue(e.getMessage().contains("exit code 3"), e.getMessage());
    }

    @Test
    void instancesThatDoNotFitInTheHeapAreSaidToWithTheirSize() {
        // 4 instances of each task in a 64 MB heap: B's keep 24 MB each.
        ForkFailedException e = failure(Keeps24Megabytes.class, List.of("-Xmx64m"));
        assertEquals("B", e.task(), e.getMessage());
        assertTrue(e.getMessage().contains("ran out of heap making 4 instances of B: each instance keeps ~"), e.getMessage());
        assertTrue(e.getMessage().contains("give the forks more heap"), e.getMessage());
    }

    @Test
    void aTaskClassThatCannotBeMadeIsRefusedBeforeAnyFork() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Compare.of(Once.class, NotPublic.class).forks(2).run());
        assertTrue(e.getMessage().contains("is not public"), e.getMessage());
        assertEquals(0, ProcessHandle.current().descendants().count(), "no fork was started");
    }

    static final class NotPublic implements Task {
        @Override
        public Object run() {
            return null;
        }
    }

    @Test
    void aForkWhoseTaskLeftAThreadRunningIsTakenAndEndedAndTheThreadsNamed() {
        long start = System.nanoTime();
        CompareResult result = Compare.of(Once.class, LeavesAThreadRunning.class).forks(2).budget(Duration.ofSeconds(10)).run();
        assertEquals(2, result.jvms(), result.toString());
        assertTrue(result.warnings().stream().anyMatch(w -> w.contains("non-daemon thread") && w.contains("left-running-")),
                result.warnings().toString());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30), "the forks ended with their result");
    }

    @Test
    void aChattyTaskNeitherFillsTheParentsMemoryNorItsOutput() {
        ForkedOutcome outcome = ForkTasks.forked(Once.class, Chatty.class, Duration.ofSeconds(5), 2, 2, List.of("-Xmx64m")).run();
        assertEquals(2, outcome.runs().stream().filter(ForkRun::counted).count(), outcome.toString());
    }

    @Test
    void onlyTheTailOfAForksOutputIsRead() throws Exception {
        Path output = Files.createTempFile("fork-output", ".txt");
        try {
            Files.writeString(output, "first line\n" + "y".repeat(3 * ForkProcess.TAIL_BYTES) + "\nthe last line\n");
            String tail = ForkProcess.tail(output);
            assertTrue(tail.length() <= ForkProcess.TAIL_BYTES, "" + tail.length());
            assertTrue(tail.endsWith("the last line\n"), tail);
        } finally {
            Files.delete(output);
        }
    }

    @Test
    void anInterruptEndsAForkedComparisonWithTheForksSoFarAndLeavesNoForkRunning(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path marker = dir.resolve("fork");
        Path second = Path.of(marker + ".second");
        java.util.concurrent.atomic.AtomicReference<Object> outcome = new java.util.concurrent.atomic.AtomicReference<>();
        // 3 forks of about 5.6 s each: the first ends with its figures; the second is interrupted as it starts, long
        // before its stall would be killed (its share and a grace of 9 s).
        Thread comparing = new Thread(() -> {
            try {
                outcome.set(ForkTasks.forked(Once.class, ForkTasks.NeverMadeInTheSecondFork.class, Duration.ofSeconds(18), 3, 3,
                        List.of("-Dcounters.test.marker=" + marker)).run());
            } catch (RuntimeException e) {
                outcome.set(e);
            }
        });
        comparing.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(second) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(Files.exists(second), "the second fork is running");
        comparing.interrupt();
        comparing.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(comparing.isAlive(), "the interrupt ended the comparison");
        ForkedOutcome result = (ForkedOutcome) outcome.get();
        assertEquals(dev.counters.measure.Compare.StopReason.INTERRUPTED, result.stoppedBy());
        assertEquals(1, result.runs().size(), "the first fork's figures, kept");
        assertEquals(0, ProcessHandle.current().descendants().count(), "the running fork was killed");
    }

    @Test
    void aForkKilledBecauseTheParentIsShuttingDownIsNotTakenForAForkThatFailed() throws Exception {
        // The CI's SIGTERM test once read "fork 2 ... ended with exit code 137 and sent no result": the shutdown
        // hook's own kill, taken for the fork's failure. System.exit here runs the same hook, with no interrupt.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process parent = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                ForkTasks.ParentThatExitsDuringItsFirstFork.class.getName()).redirectErrorStream(true).start();
        try {
            String printed = new String(parent.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(parent.waitFor(60, TimeUnit.SECONDS), printed);
            assertTrue(printed.contains("threw java.lang.IllegalStateException: stopped before any fork ended: this JVM is "
                    + "shutting down (a signal, or System.exit), and the running fork was killed with it"), printed);
            assertFalse(printed.contains(ForkFailedException.class.getSimpleName()), printed);
            List<Long> forks = printed.lines().filter(line -> line.startsWith("fork ")).map(line -> Long.valueOf(line.substring(5)))
                    .toList();
            assertFalse(forks.isEmpty(), printed);
            for (long fork : forks) {
                ProcessHandle.of(fork).ifPresent(running -> running.onExit().join());
            }
        } finally {
            parent.descendants().forEach(ProcessHandle::destroyForcibly);
            parent.destroyForcibly();
        }
    }

    @Test
    void aForkDiesWithItsParentHoweverTheParentEnds() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process parent = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                ForkTasks.ParentOfAHangingFork.class.getName()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            List<ProcessHandle> forks = List.of();
            while (forks.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(100);
                // A JVM, not the jspawnhelper that JDK 17 starts it with, a child of its own for a moment.
                forks = parent.descendants().filter(fork -> fork.info().command().map(command -> Path.of(command).getFileName()
                        .toString()).filter(name -> name.equals("java") || name.equals("java.exe")).isPresent()).toList();
            }
            assertFalse(forks.isEmpty(), "the parent started a fork");
            parent.destroyForcibly();   // SIGKILL: no shutdown hook runs in the parent
            parent.waitFor();
            for (ProcessHandle fork : forks) {
                fork.onExit().get(20, TimeUnit.SECONDS);
                assertFalse(fork.isAlive(), "the fork ended with its parent");
            }
        } finally {
            parent.descendants().forEach(ProcessHandle::destroyForcibly);
            parent.destroyForcibly();
        }
        try (Stream<Path> left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            // The killed parent could not delete its fork's files; the ones of this test's own forks are gone.
            assertTrue(left.noneMatch(path -> path.getFileName().toString().endsWith(".reply.part")), "no half-written reply");
        }
    }
}
