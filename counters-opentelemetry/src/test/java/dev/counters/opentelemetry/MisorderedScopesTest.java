package dev.counters.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.testing.FreshJvm;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Scopes closed out of order, or twice: OpenTelemetry ignores such a close and keeps the span current,
 * and so does the processor's accounting, with another context storage wrapper added before or after
 * its own (each order in a fresh JVM, since wrappers apply only before the storage is first used).
 * The truth is each span's share of the thread's CPU while OpenTelemetry held it current.
 */
class MisorderedScopesTest {
    /** Scopes' own work lies inside the stretches; a JDK clock's steps and a late tick. */
    private static final double SLACK = 0.010;

    @ParameterizedTest
    @ValueSource(strings = {"alone", "before", "after"})
    void theSpanOpenTelemetryHoldsCurrentIsCharged(String order) throws Exception {
        Properties report = FreshJvm.report(MisorderedScopesApplication.class, "--enable-native-access=ALL-UNNAMED", "-Dmisordered.wrapper=" + order);
        assertEquals(order.equals("alone") ? 0 : 4, Integer.parseInt(report.getProperty("wrapped")), report.toString());
        for (String span : new String[] {"outOfOrder.a", "outOfOrder.b", "closedTwice.a", "closedTwice.b"}) {
            double truth = Double.parseDouble(report.getProperty(span + ".truth"));
            double recorded = Double.parseDouble(report.getProperty(span + ".recorded"));
            assertTrue(truth - SLACK <= recorded && recorded <= truth + SLACK,
                    span + ": " + recorded + " s recorded against " + truth + " s while current (" + order + "): " + report);
            assertEquals("null", report.getProperty(span + ".unmeasured"), span + ": " + report);
        }
    }
}
