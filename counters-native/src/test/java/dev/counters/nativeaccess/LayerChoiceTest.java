package dev.counters.nativeaccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.counters.CounterInfo;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.logging.StreamHandler;
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

    /** Issue #32 item 11: a value of the property that is not a binding, or FFM where there is none, is not ignored silently. */
    @Test
    void aBindingPropertyThatCannotBeHonouredIsWarnedAbout() {
        LayerChoice<Object> bogus = LayerChoice.choose(25, "bogus", () -> ffm, () -> Binding.of(() -> jna));
        assertEquals(CounterInfo.Binding.FFM, bogus.name(), "an unknown value leaves the default");
        assertEquals(List.of("-Ddev.counters.binding=bogus is not a binding: the valid values are ffm (the default, on JDK 22+"
                + " where it links) and jna; it is ignored"), bogus.warnings(25, "bogus"));

        LayerChoice<Object> ffmOn17 = LayerChoice.choose(17, "ffm", () -> ffm, () -> Binding.of(() -> jna));
        assertEquals(CounterInfo.Binding.JNA, ffmOn17.name());
        assertEquals(List.of("-Ddev.counters.binding=ffm cannot be honoured: FFM needs JDK 22+; this is JDK 17; counters read"
                + " through JNA"), ffmOn17.warnings(17, "ffm"));
    }

    /** Issue #32 item 13: falling back from FFM to JNA, or to no native layer at all, is said; all being well is not. */
    @Test
    void aFallbackIsWarnedAboutAndAllBeingWellIsNot() {
        LayerChoice<Object> noAccess = LayerChoice.choose(25, null, () -> {
            throw new ForeignLayers.NotEnabled(null);
        }, () -> Binding.of(() -> jna));
        List<String> warned = noAccess.warnings(25, null);
        assertEquals(1, warned.size(), warned.toString());
        assertTrue(warned.get(0).startsWith("counters read through JNA, not FFM: FFM could not link: native access is denied")
                && warned.get(0).contains("--enable-native-access=ALL-UNNAMED (class path)"), warned.get(0));

        LayerChoice<Object> denied = LayerChoice.choose(25, null, () -> {
            throw new ForeignLayers.NotEnabled(null);
        }, () -> Binding.of(() -> {
            throw new IllegalCallerException("Illegal native access from an unnamed module (file:/app/jna.jar)");
        }));
        List<String> deniedWarnings = denied.warnings(25, null);
        assertEquals(1, deniedWarnings.size(), deniedWarnings.toString());
        assertTrue(deniedWarnings.get(0).contains("the JDK's own clocks serve instead")
                && deniedWarnings.get(0).contains("--enable-native-access=ALL-UNNAMED (class path)"), deniedWarnings.get(0));

        assertEquals(List.of(), LayerChoice.choose(25, null, () -> ffm, () -> Binding.of(() -> jna)).warnings(25, null));
        assertEquals(List.of(), LayerChoice.choose(17, null, () -> ffm, () -> Binding.of(() -> jna)).warnings(17, null));
        assertEquals(List.of(), LayerChoice.choose(25, "jna", () -> ffm, () -> Binding.of(() -> jna)).warnings(25, "jna"),
                "JNA asked for is no fallback");
        assertEquals(List.of(), LayerChoice.choose(25, " FFM ", () -> ffm, () -> Binding.of(() -> jna)).warnings(25, " FFM "));
    }

    /**
     * Issue 50, item 6: a jlink image on JDK 25 (the module path, no JNA: jlink refuses it) run without
     * native access warned that JNA was missing; the flag that lets FFM serve comes first now.
     */
    @Test
    void aJlinkImageWithoutNativeAccessIsToldTheFlagBeforeTheMissingJna() {
        NoClassDefFoundError noJna = new NoClassDefFoundError("com/sun/jna/Native");
        LayerChoice<Object> image = LayerChoice.choose(25, null, () -> {
            throw new ForeignLayers.NotEnabled("dev.counters.posix");
        }, () -> Binding.of(() -> {
            throw noJna;
        }));
        assertEquals(List.of("counters could not bind a native layer: FFM could not link: native access is denied by the JVM, "
                + "enable it with java --enable-native-access=dev.counters.nativeaccess,dev.counters.posix (module path; for "
                + "a jlink image, give it to jlink as --add-options=--enable-native-access=dev.counters.nativeaccess,"
                + "dev.counters.posix) (IllegalCallerException: native access is not enabled for module dev.counters.posix, so "
                + "FFM downcalls would warn or be refused); and the fallback, JNA: " + NativeAccess.HOW_TO_ADD_JNA
                + ": NoClassDefFoundError: com/sun/jna/Native; the JDK's own clocks serve instead, and the kinds only a "
                + "platform module serves are unavailable"), image.warnings(25, null));

        LayerChoice<Object> askedForJna = LayerChoice.choose(25, "jna", () -> ffm, () -> Binding.of(() -> {
            throw noJna;
        }));
        assertEquals(List.of("counters could not bind a native layer (JNA): " + NativeAccess.HOW_TO_ADD_JNA
                + ": NoClassDefFoundError: com/sun/jna/Native; the JDK's own clocks serve instead, and the kinds only a "
                + "platform module serves are unavailable"), askedForJna.warnings(25, "jna"), "JNA asked for: FFM is no remedy");
        LayerChoice<Object> jdk17 = LayerChoice.choose(17, null, () -> ffm, () -> Binding.of(() -> {
            throw noJna;
        }));
        assertTrue(jdk17.warnings(17, null).get(0).startsWith("counters could not bind a native layer (JNA): "),
                "before JDK 22 FFM is no remedy: " + jdk17.warnings(17, null));
    }

    /** Issue #32 item 13: the warning reaches the user once, through System.Logger, however often a choice is made. */
    @Test
    void theChoiceOnThisJvmWarnsOnceThroughSystemLogger() {
        ByteArrayOutputStream logged = new ByteArrayOutputStream();
        StreamHandler capture = new StreamHandler(logged, new SimpleFormatter());
        Logger logger = Logger.getLogger(LayerChoice.LOGGER_NAME);
        logger.addHandler(capture);
        String bogus = "bogus-" + System.nanoTime();
        String previous = System.setProperty(LayerChoice.BINDING_PROPERTY, bogus);
        try {
            LayerChoice.choose(() -> ffm, () -> Binding.of(() -> jna));
            LayerChoice.choose(() -> ffm, () -> Binding.of(() -> jna));
        } finally {
            restore(previous);
            logger.removeHandler(capture);
        }
        capture.flush();
        List<String> lines = logged.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(List.of("WARNING: -Ddev.counters.binding=" + bogus + " is not a binding: the valid values are ffm (the"
                + " default, on JDK 22+ where it links) and jna; it is ignored"),
                lines.stream().filter(line -> line.contains(bogus)).toList(), String.join("\n", lines));
    }

    private static void restore(String previous) {
        if (previous == null) {
            System.clearProperty(LayerChoice.BINDING_PROPERTY);
        } else {
            System.setProperty(LayerChoice.BINDING_PROPERTY, previous);
        }
    }
}
