package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.internal.InstantNow;
import dev.counters.testing.FreshJvm;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue #23 item 6 and issue #32 item 6: the contract says start()/stop() allocate nothing, from
 * the first call. In a fresh JVM that only interprets ({@code -Xint}, where no escape analysis
 * removes anything), every kind's pairs are counted by the JVM's own allocation counter, through
 * the binding this JVM chooses and through JNA: SYSTEM_TIME, once read through {@code Instant.now()}
 * on JNA, allocated 48 bytes a pair here, and 24 to 48 on JDK 25 even when compiled.
 */
class ColdAllocationTest {
    private static final int PAIRS = 2_000;

    @ParameterizedTest
    @ValueSource(strings = {"", "jna"})
    void interpretedPairsAllocateNothing(String binding) throws Exception {
        List<String> lines = FreshJvm.run(Interpreted.class, "-Xint", "-XX:+UseSerialGC",
                "-D" + LayerChoice.BINDING_PROPERTY + "=" + binding);
        int checked = 0;
        for (String line : lines) {
            if (!line.startsWith("kind=")) {
                continue;
            }
            String[] fields = line.split(" ");
            String kind = fields[0].substring("kind=".length());
            long bytes = Long.parseLong(fields[1].substring("bytes=".length()));
            assertEquals(0, bytes, kind + " allocated " + bytes + " bytes in " + PAIRS + " interpreted pairs: " + line);
            checked++;
        }
        assertTrue(checked >= 5, "every wall and CPU-time kind was measured: " + lines);
    }

    /** Prints, per kind, what {@link #PAIRS} pairs allocated and through which binding. */
    public static final class Interpreted {
        private static final com.sun.management.ThreadMXBean THREADS =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

        public static void main(String[] args) {
            PosixCounterProvider provider = new PosixCounterProvider();
            for (CounterKind kind : new CounterKind[] {CounterKind.TICK, CounterKind.MULTIMEDIA, CounterKind.SYSTEM_TIME,
                    CounterKind.HIGH_PERFORMANCE, CounterKind.PERFORMANCE, CounterKind.THREAD_TIMES, CounterKind.PROCESS_TIMES}) {
                if (!provider.support(kind).isSupported()) {
                    continue;
                }
                Counter counter = provider.create(kind);
                pairs(counter, PAIRS); // loads every class on the path, and lets every lazy initialisation happen
                long idle = allocatedBy(counter, 0);
                long bytes = allocatedBy(counter, PAIRS) - idle;
                System.out.println("kind=" + kind + " bytes=" + bytes + " binding=" + counter.getInfo().binding());
            }
        }

        private static long allocatedBy(Counter counter, int pairs) {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            pairs(counter, pairs);
            return THREADS.getCurrentThreadAllocatedBytes() - before;
        }

        private static void pairs(Counter counter, int pairs) {
            for (int i = 0; i < pairs; i++) {
                counter.start();
                counter.stop();
            }
        }
    }
}
