package dev.counters.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.testing.FreshJvm;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * Spans started and dropped without an end cost the processor nothing that lasts: in a fresh JVM with a
 * 64 MB heap (which 100,000 such spans held by a table of strong references exhaust), the heap in use
 * after a full GC stays within a few MB of where it was right after, and within 1 MB once the
 * application has gone on tracing (the table lets go of the records of collected spans as it is
 * written; what stays is its slot arrays, grown to the most entries it held at once).
 */
class AbandonedSpansTest {
    /** What abandoned spans' records may hold for a while: those whose spans the last collections freed (all 100,000 would be about 16 MB). */
    private static final long DROPPED_BOUND = 8L << 20;
    /** Once the application goes on tracing, the table has let go of them. */
    private static final long TRACED_BOUND = 1L << 20;

    @Test
    void aHundredThousandDroppedSpansLeaveNothingBehind() throws Exception {
        Properties with = FreshJvm.report(AbandonedSpansApplication.class,
                "-Xmx64m", "--enable-native-access=ALL-UNNAMED", "-Dabandoned.processor=with");
        Properties without = FreshJvm.report(AbandonedSpansApplication.class,
                "-Xmx64m", "--enable-native-access=ALL-UNNAMED", "-Dabandoned.processor=without");
        String figures = "with the processor " + with + ", without " + without;
        assertTrue(Long.parseLong(with.getProperty("dropped")) < DROPPED_BOUND, figures);
        assertTrue(Long.parseLong(with.getProperty("traced")) < TRACED_BOUND, figures);
        assertTrue(Long.parseLong(without.getProperty("traced")) < TRACED_BOUND, figures);
    }
}
