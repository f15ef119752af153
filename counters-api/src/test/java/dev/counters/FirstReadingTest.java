package dev.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.testing.FreshJvm;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The first {@code Counters.performance()} of a fresh JVM with counters-api alone loads only what it
 * needs: no Guava collection or memoiser, no management bean and no lambda of ours, whose first
 * uses cost a fresh JVM milliseconds each (docs/PERFORMANCE.md, "The first reading"). A guard
 * against start-up regressions; the figures come from scripts/startup-benchmark.sh.
 */
class FirstReadingTest {

    @Test
    void theFirstReadingLoadsNoGuavaCollectionManagementBeanOrLambda() throws Exception {
        FreshJvm.FirstReading first = FreshJvm.firstReading();

        assertEquals("jdk", first.value("provider"));
        assertTrue(Long.parseLong(first.value("ticks")) >= 0);
        assertEquals(List.of("dev.counters.Counters"), first.loaded("dev.counters.Counters"), "the first reading's classes are listed");
        assertEquals(List.of(), first.loaded("com.google.common.collect"), "Guava's collections");
        assertEquals(List.of(), first.loaded("com.google.common.base.Suppliers"), "Guava's memoising suppliers");
        assertEquals(List.of(), first.loaded("java.lang.management"), "the management beans serve only the CPU-time kinds");
        List<String> ourLambdas = first.loaded("$$Lambda").stream().filter(name -> name.startsWith("dev.counters")).toList();
        assertEquals(List.of(), ourLambdas, "lambdas of ours (the JDK's own may come from its CDS archive)");
    }
}
