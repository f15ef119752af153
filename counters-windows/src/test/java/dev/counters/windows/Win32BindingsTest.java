package dev.counters.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How {@link Win32Bindings} chooses between FFM and JNA, with stand-ins for both; runs on any OS. */
class Win32BindingsTest {
    private final FakeWindowsCalls jna = new FakeWindowsCalls();
    private final FakeWindowsCalls ffm = new FakeWindowsCalls();

    @Test
    void beforeJdk22JnaServesAndFfmIsNotEvenTried() {
        Win32Bindings.Chosen chosen = Win32Bindings.choose(21, () -> {
            throw new AssertionError("FFM must not be tried before JDK 22");
        }, () -> jna);

        assertEquals(Win32Bindings.JNA, chosen.name());
        assertSame(jna, chosen.api().orElseThrow());
        assertEquals("FFM needs JDK 22+; this is JDK 21", chosen.ffmProblem());
        assertEquals("", chosen.failure());
    }

    @Test
    void whereFfmLinksJnaIsNeverBound() {
        Win32Bindings.Chosen chosen = Win32Bindings.choose(25, () -> ffm, () -> {
            throw new AssertionError("JNA must not be bound where FFM serves");
        });

        assertEquals(Win32Bindings.FFM, chosen.name());
        assertSame(ffm, chosen.api().orElseThrow());
        assertEquals("", chosen.ffmProblem());
    }

    @Test
    void anFfmDeniedNativeAccessFallsBackToJnaSayingWhy() {
        Win32Bindings.Chosen chosen = Win32Bindings.choose(25, () -> {
            throw new IllegalCallerException("native access is not enabled for the class path (ALL-UNNAMED)");
        }, () -> jna);

        assertEquals(Win32Bindings.JNA, chosen.name());
        assertSame(jna, chosen.api().orElseThrow());
        assertTrue(chosen.ffmProblem().startsWith("FFM could not link: native access is denied"), chosen.ffmProblem());
    }

    @Test
    void whenNeitherBindsThereIsNoLayerAndBothReasonsAreGiven() {
        Win32Bindings.Chosen chosen = Win32Bindings.choose(25, () -> {
            throw new UnsatisfiedLinkError("no export GetTickCount64 for an FFM downcall");
        }, () -> {
            throw new UnsatisfiedLinkError("Unable to load library 'kernel32'");
        });

        assertTrue(chosen.api().isEmpty());
        assertEquals("kernel32 could not be bound through JNA: UnsatisfiedLinkError: Unable to load library 'kernel32'"
                + " (FFM could not link: UnsatisfiedLinkError: no export GetTickCount64 for an FFM downcall)", chosen.failure());
    }

    /** The real chooser on this OS, where kernel32 exists in neither FFM's nor JNA's view: no layer, no exception. */
    @Test
    @OffWindows
    void offWindowsTheRealChooserFallsBackAndThenReportsWhyNeitherBinds() {
        Win32Bindings.Chosen chosen = Win32Bindings.choose();

        assertTrue(chosen.api().isEmpty());
        assertEquals(Win32Bindings.JNA, chosen.name());
        assertTrue(chosen.failure().startsWith("kernel32 could not be bound through JNA: "), chosen.failure());
        if (Runtime.version().feature() < Win32Bindings.FFM_RELEASE) {
            assertEquals("FFM needs JDK 22+; this is JDK " + Runtime.version().feature(), chosen.ffmProblem());
        } else {
            assertTrue(chosen.ffmProblem().startsWith("FFM could not link: "), chosen.ffmProblem());
        }
        assertTrue(chosen.failure().endsWith("(" + chosen.ffmProblem() + ")"), chosen.failure());
    }
}
