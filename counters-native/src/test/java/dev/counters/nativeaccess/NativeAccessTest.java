package dev.counters.nativeaccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The reasons a failed binding is reported with: a denial named with its remedy, anything else as its cause chain. */
class NativeAccessTest {
    /** What JDK 24+ throws at JNA's first System.load under --illegal-native-access=deny. */
    private static final IllegalCallerException DENIED =
            new IllegalCallerException("Illegal native access from an unnamed module (file:/app.jar)");

    @Test
    void theFirstDenialIsRecognisedWithTheFlagToAdd() {
        Throwable failure = new ExceptionInInitializerError(DENIED);
        assertTrue(NativeAccess.isDenied(failure));
        String reason = NativeAccess.describe(failure);
        assertTrue(reason.startsWith("native access is denied by the JVM, enable it with java "
                + "--enable-native-access=ALL-UNNAMED (class path) or --enable-native-access="
                + "dev.counters.nativeaccess,dev.counters.posix (module path; dev.counters.windows on Windows; add com.sun.jna"
                + " where JNA is resolved too)"), reason);
        assertTrue(reason.endsWith("(ExceptionInInitializerError: null; caused by IllegalCallerException: "
                + "Illegal native access from an unnamed module (file:/app.jar))"), reason);
    }

    @Test
    void everyLaterTouchIsRecognisedByTheCauseTheJvmKeeps() {
        // JDK 25: "Could not initialize class com.sun.jna.Native", caused by an ExceptionInInitializerError
        // whose message names the IllegalCallerException (the original exception is not kept as a cause).
        Throwable later = new NoClassDefFoundError("Could not initialize class com.sun.jna.Native");
        later.initCause(new ExceptionInInitializerError("Exception java.lang.IllegalCallerException: Illegal native "
                + "access from an unnamed module (file:/app.jar) [in thread \"main\"]"));
        assertTrue(NativeAccess.isDenied(later));
        assertTrue(NativeAccess.describe(later).contains(NativeAccess.HOW_TO_ENABLE));
        assertTrue(NativeAccess.isDenied(new IllegalStateException("Illegal native access from module x")));
    }

    @Test
    void otherFailuresAreDescribedByTheirCauseChainWithoutAdvice() {
        Throwable missing = new UnsatisfiedLinkError("Unable to load library 'c'");
        missing.initCause(new IllegalArgumentException("no such file"));
        assertFalse(NativeAccess.isDenied(missing));
        assertEquals("UnsatisfiedLinkError: Unable to load library 'c'; caused by IllegalArgumentException: no such file",
                NativeAccess.describe(missing));
        assertFalse(NativeAccess.isJnaMissing(missing));
    }

    @Test
    void missingJnaClassesSayHowToAddJna() {
        Throwable missing = new NoClassDefFoundError("com/sun/jna/Platform");
        missing.initCause(new ClassNotFoundException("com.sun.jna.Platform"));
        assertTrue(NativeAccess.isJnaMissing(missing));
        assertEquals(NativeAccess.HOW_TO_ADD_JNA + ": NoClassDefFoundError: com/sun/jna/Platform; caused by "
                + "ClassNotFoundException: com.sun.jna.Platform", NativeAccess.describe(missing));
        assertFalse(NativeAccess.isJnaMissing(new NoClassDefFoundError("dev/counters/posix/LibcDirect")));
        assertFalse(NativeAccess.isJnaMissing(new IllegalStateException("com.sun.jna.Native")));
    }

    @Test
    void aSelfCausedThrowableEndsTheChain() {
        Throwable odd = new RuntimeException("loop") {
            private static final long serialVersionUID = 1L;

            @Override
            public synchronized Throwable getCause() {
                return this;
            }
        };
        assertFalse(NativeAccess.isDenied(odd));
        assertTrue(NativeAccess.describe(odd).endsWith(": loop"));
        assertThrows(NullPointerException.class, () -> NativeAccess.isDenied(null));
    }
}
