package dev.counters.nativeaccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.counters.CounterInfo;
import org.junit.jupiter.api.Test;

/** How {@link LayerChoice} chooses between FFM and JNA, with stand-ins for both layers. */
class LayerChoiceTest {
    private final Object jna = new Object();
    private final Object ffm = new Object();

    @Test
    void beforeJdk22JnaServesAndFfmIsNotEvenTried() {
        LayerChoice<Object> chosen = LayerChoice.choose(21, () -> {
            throw new AssertionError("FFM must not be tried before JDK 22");
        }, () -> Binding.of(() -> jna));

        assertEquals(CounterInfo.Binding.JNA, chosen.name());
        assertSame(jna, chosen.calls().orElseThrow());
        assertEquals("FFM needs JDK 22+; this is JDK 21", chosen.ffmProblem());
    }

    @Test
    void whereFfmLinksJnaIsNeverBound() {
        LayerChoice<Object> chosen = LayerChoice.choose(25, () -> ffm, () -> {
            throw new AssertionError("JNA must not be bound where FFM serves");
        });

        assertEquals(CounterInfo.Binding.FFM, chosen.name());
        assertSame(ffm, chosen.calls().orElseThrow());
        assertEquals("", chosen.ffmProblem());
    }

    @Test
    void anFfmDeniedNativeAccessFallsBackToJnaSayingWhy() {
        LayerChoice<Object> chosen = LayerChoice.choose(25, () -> {
            throw new IllegalCallerException("native access is not enabled for the class path (ALL-UNNAMED)");
        }, () -> Binding.of(() -> jna));

        assertEquals(CounterInfo.Binding.JNA, chosen.name());
        assertSame(jna, chosen.calls().orElseThrow());
        assertTrue(chosen.ffmProblem().startsWith("FFM could not link: native access is denied"), chosen.ffmProblem());
    }

    @Test
    void aJarBuiltWithoutTheFfmClassesFallsBackToJnaSayingHowToGetThem() {
        LayerChoice<Object> chosen = LayerChoice.choose(25, () -> {
            throw ForeignLayers.notInThisBuild("counters-test");
        }, () -> Binding.of(() -> jna));

        assertEquals(CounterInfo.Binding.JNA, chosen.name());
        assertTrue(chosen.ffmProblem().contains("has no FFM classes"), chosen.ffmProblem());
    }

    @Test
    void theStandInOfTheFfmCodeBinderSaysHowToGetTheRealOne() {
        assumeTrue(Runtime.version().feature() < ForeignLayers.RELEASE, "JDK 22+ loads the real class");
        UnsupportedOperationException standIn = assertThrows(UnsupportedOperationException.class, ForeignCode::binder);
        assertTrue(standIn.getMessage().startsWith("this build of counters-native has no FFM classes"), standIn.getMessage());
    }

    @Test
    void aRefusedPlatformBindsNothingAndGivesItsReason() {
        LayerChoice<Object> refused = LayerChoice.refused("counters-windows serves Windows only");

        assertTrue(refused.calls().isEmpty());
        assertEquals("counters-windows serves Windows only", refused.binding().failure().orElseThrow());
        assertEquals("", refused.ffmProblem());
    }

    /** Issue #20 item 4: why JNA serves where FFM could, for a counter's notes. */
    @Test
    void saysWhyJnaServesOnlyWhereFfmCouldHave() {
        LayerChoice<Object> denied = new LayerChoice<>(CounterInfo.Binding.JNA, Binding.of(() -> jna),
                "FFM could not link: native access is denied by the JVM, enable it with java --enable-native-access=ALL-UNNAMED");
        assertEquals("read through JNA, not FFM: FFM could not link: native access is denied by the JVM, enable it with java "
                + "--enable-native-access=ALL-UNNAMED", denied.whyNotFfm(25));
        assertEquals("", denied.whyNotFfm(17), "FFM is no option before 22");
        assertEquals("", new LayerChoice<>(CounterInfo.Binding.FFM, Binding.of(() -> ffm), "").whyNotFfm(25));
        assertEquals("", new LayerChoice<>(CounterInfo.Binding.JNA, Binding.of(() -> jna), "").whyNotFfm(25));
    }
}
