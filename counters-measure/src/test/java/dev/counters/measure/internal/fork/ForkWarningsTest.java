package dev.counters.measure.internal.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ForkWarningsTest {
    private static String jit(int millis, int rounds) {
        return "the JIT compiler was still at work when B's warm-up ended (" + millis + " ms of compilation in its last round, "
                + "after " + rounds + " rounds): the first pairs may hold compilation; give it a longer warm-up (--warm-up)";
    }

    @Test
    void warningsThatDifferOnlyInTheirFiguresAreSaidOnceWithHowManyJvmsGaveThem() {
        ForkWarnings warnings = new ForkWarnings();
        warnings.add(List.of(jit(1, 18), "the tasks are too short for wall time: a run takes 145.605 us"));
        warnings.add(List.of());
        warnings.add(List.of(jit(3, 23)));
        warnings.add(List.of(jit(51, 1), "something only this JVM saw"));
        warnings.add(List.of("the tasks are too short for wall time: a run takes 1,145.5 us"));

        assertEquals(List.of(jit(1, 18) + " (in 3 of 5 JVMs; the figures are the first's)",
                "the tasks are too short for wall time: a run takes 145.605 us (in 2 of 5 JVMs; the figures are the first's)",
                "something only this JVM saw"), warnings.list());
    }

    @Test
    void aWarningTwiceInOneJvmCountsThatJvmOnce() {
        ForkWarnings warnings = new ForkWarnings();
        warnings.add(List.of(jit(1, 18), jit(2, 5)));
        warnings.add(List.of("other"));

        assertEquals(List.of(jit(1, 18), "other"), warnings.list());
    }
}
