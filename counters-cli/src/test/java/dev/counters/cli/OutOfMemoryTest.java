package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FloorProvider;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A JVM out of memory, as under a tight {@code ulimit -v}, where it cannot start a thread (issue 23,
 * item 10): exit 1, a message that says what to raise or lower, no stack trace.
 */
class OutOfMemoryTest {
    /** What the JVM says when it cannot start a thread. */
    private static final String NO_THREAD =
            "unable to create native thread: possibly out of memory or process/resource limits reached";

    @Test
    void anOutOfMemoryErrorOnTheCommandsThreadIsReportedWithWhatToDo() {
        Cli.Result result = Cli.run(registry(kind -> {
            throw new OutOfMemoryError(NO_THREAD);
        }), "frequency", "-q");
        assertReported(result, "java.lang.OutOfMemoryError: " + NO_THREAD);
    }

    @Test
    void anOutOfMemoryErrorOnTheThreadOfTimeoutIsReportedWithWhatToDo() {
        // The counter is made on the command's thread and read on the thread of --timeout, where it fails.
        Cli.Result result = Cli.run(registry(kind -> FakeCounters.over(kind, () -> {
            throw new OutOfMemoryError("Java heap space");
        }, 1_000_000_000L)), "frequency", "--interval", "1ms", "--repeats", "1", "-q");
        assertReported(result, "java.lang.OutOfMemoryError: Java heap space");
    }

    private static void assertReported(Cli.Result result, String error) {
        assertEquals(CountersCommand.EXIT_FAILURE, result.exitCode(), result.toString());
        assertTrue(result.err().startsWith("counters frequency: failed: the JVM ran out of memory (" + error + ")"),
                result.err());
        assertTrue(result.err().contains("(ulimit -v), raise the limit, or let the JVM reserve less of it: a smaller "
                + "-Xmx"), result.err());
        assertTrue(result.err().lines().noneMatch(line -> line.matches("^\\s+at [\\w.$/]+\\(.*")), result.err());
        assertEquals("", result.out());
    }

    /** The floor's HIGH_PERFORMANCE, and a CPU_CYCLES that {@code cycles} makes. */
    private static CounterRegistry registry(Function<CounterKind, Counter> cycles) {
        return CounterRegistry.of(List.of(new FloorProvider(CounterKind.HIGH_PERFORMANCE), new CounterProvider() {
            @Override
            public String name() {
                return "starved";
            }

            @Override
            public int rank() {
                return RANK_PLATFORM;
            }

            @Override
            public KindSupport support(CounterKind kind) {
                return kind == CounterKind.CPU_CYCLES ? KindSupport.supported() : KindSupport.unsupported("cycles only");
            }

            @Override
            public Counter create(CounterKind kind) {
                return cycles.apply(kind);
            }
        }));
    }
}
