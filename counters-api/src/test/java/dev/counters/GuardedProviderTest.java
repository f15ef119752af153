package dev.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterRegistry.ProviderReport;
import dev.counters.ThrowingProvider.Method;
import dev.counters.spi.KindSupport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The wording and bookkeeping of {@link GuardedProvider}, beside the registry-level cases of {@link ProviderFailuresTest}. */
class GuardedProviderTest {
    private final List<ProviderReport> failed = new ArrayList<>();

    @Test
    void aNullOrBlankNameIsAFailureReportedByClass() {
        for (String name : new String[] {null, " "}) {
            assertNull(GuardedProvider.guard(new ThrowingProvider(null) {
                @Override
                public String name() {
                    return name;
                }
            }, failed));
        }
        assertEquals(List.of("failed: its name() returned null", "failed: its name() returned a blank name"),
                failed.stream().map(ProviderReport::loadFailure).toList());
    }

    @Test
    void aNullSupportIsAReasonNotANullPointerException() {
        GuardedProvider provider = GuardedProvider.guard(new ThrowingProvider(null) {
            @Override
            public KindSupport support(CounterKind kind) {
                return null;
            }
        }, failed);
        assertTrue(provider.support(CounterKind.TICK).reason().startsWith("its support(TICK) returned null ("),
                provider.support(CounterKind.TICK).reason());
        assertTrue(provider.toString().startsWith("buggy (dev.counters.GuardedProviderTest$"), provider.toString());
    }

    @Test
    void theFirstFailureOnAKindIsTheOneKept() {
        GuardedProvider provider = GuardedProvider.guard(new ThrowingProvider(Method.DESCRIBE) {
            @Override
            public Counter create(CounterKind kind) {
                throw new IllegalArgumentException("second");
            }
        }, failed);
        GuardedProvider.Failed first = assertThrows(GuardedProvider.Failed.class, () -> provider.describe(CounterKind.TICK));
        GuardedProvider.Failed second = assertThrows(GuardedProvider.Failed.class, () -> provider.create(CounterKind.TICK, false));
        assertEquals(first.getMessage(), second.getMessage());
        assertEquals(first.getMessage(), provider.support(CounterKind.TICK).reason());
        assertTrue(provider.support(CounterKind.PERFORMANCE).isSupported(), "other kinds are untouched");
    }

    @Test
    void anExceptionIsDescribedWithItsRootCause() {
        Exception wrapped = new IllegalStateException("outer", new UncheckedIOException("middle", new IOException("root")));
        assertEquals("java.lang.IllegalStateException: outer, caused by java.io.IOException: root", GuardedProvider.describe(wrapped));
        assertEquals("java.io.IOException: root", GuardedProvider.describe(new IOException("root")));
    }
}
