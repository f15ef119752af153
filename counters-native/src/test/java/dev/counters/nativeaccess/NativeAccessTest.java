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
                + "--enable-native-access=ALL-UNNAMED (class path), or Enable-Native-Access: ALL-UNNAMED in an executable "
                + "jar's manifest"), reason);
        assertTrue(reason.endsWith("(ExceptionInInitializerError: null; caused by IllegalCallerException: "
                + "Illegal native access from an unnamed module (file:/app.jar))"), reason);
    }

    /**
     * Issue 50, item 6: the remedy names the flag for the module refused. A jlink image (module path,
     * FFM, no JNA) run without native access was told to add JNA instead.
     */
    @Test
    void theRemedyNamesTheFlagForEachWayOfLaunching() {
        String posix = "dev.counters.posix";
        assertEquals("enable it with java --enable-native-access=ALL-UNNAMED (class path), or Enable-Native-Access: "
                + "ALL-UNNAMED in an executable jar's manifest", NativeAccess.howToEnable(null, posix),
                "FFM or JNA on the class path");
        assertEquals("enable it with java --enable-native-access=dev.counters.nativeaccess,dev.counters.posix (module path; "
                + "for a jlink image, give it to jlink as --add-options=--enable-native-access=dev.counters.nativeaccess,"
                + "dev.counters.posix)", NativeAccess.howToEnable(posix, posix), "FFM on the module path or in a jlink image");
        assertEquals("enable it with java --enable-native-access=dev.counters.nativeaccess,dev.counters.windows (module path; "
                + "for a jlink image, give it to jlink as --add-options=--enable-native-access=dev.counters.nativeaccess,"
                + "dev.counters.windows)", NativeAccess.howToEnable("dev.counters.nativeaccess", "dev.counters.windows"),
                "the cycle reader's module names its platform's module too");
        assertEquals("enable it for JNA with java --enable-native-access=com.sun.jna (module path; on JDK 22+ FFM reads "
                + "without JNA where --enable-native-access=dev.counters.nativeaccess,dev.counters.posix is given)",
                NativeAccess.howToEnable("com.sun.jna", posix), "JNA on the module path");
        assertEquals("enable it with java --enable-native-access=app.shaded (module path)",
                NativeAccess.howToEnable("app.shaded", posix));
    }

    @Test
    void theRemedyIsReadFromTheFailure() {
        String posix = "dev.counters.posix";
        assertEquals(NativeAccess.howToEnable(posix, posix),
                NativeAccess.remedyFor(new ExceptionInInitializerError(new ForeignLayers.NotEnabled(posix)), posix));
        assertEquals(NativeAccess.howToEnable(null, posix), NativeAccess.remedyFor(DENIED, posix));
        assertEquals(NativeAccess.howToEnable("com.sun.jna", posix), NativeAccess.remedyFor(new IllegalCallerException(
                "Illegal native access from module com.sun.jna (file:/lib/jna.jar)"), posix));
        assertEquals(NativeAccess.howToEnable("com.sun.jna", posix), NativeAccess.remedyFor(new ExceptionInInitializerError(
                "Exception java.lang.IllegalCallerException: Illegal native access from module com.sun.jna [in thread \"main\"]"),
                posix));
        assertEquals(NativeAccess.HOW_TO_ENABLE, NativeAccess.remedyFor(new IllegalCallerException("refused"), posix));
        assertEquals(NativeAccess.HOW_TO_ENABLE, NativeAccess.remedyFor(new IllegalCallerException(
                "Illegal native access from somewhere"), posix));
        assertTrue(NativeAccess.describe(new ForeignLayers.NotEnabled(posix)).startsWith("native access is denied by the JVM, "
                + NativeAccess.howToEnable(posix, NativeAccess.platformModule()) + " (IllegalCallerException: native access "
                + "is not enabled for module dev.counters.posix"), NativeAccess.describe(new ForeignLayers.NotEnabled(posix)));
    }

    @Test
    void everyLaterTouchIsRecognisedByTheCauseTheJvmKeeps() {
        // JDK 25: "Could not initialize class com.sun.jna.Native", caused by an ExceptionInInitializerError
        // whose message names the IllegalCallerException (the original exception is not kept as a cause).
        Throwable later = new NoClassDefFoundError("Could not initialize class com.sun.jna.Native");
        later.initCause(new ExceptionInInitializerError("Exception java.lang.IllegalCallerException: Illegal native "
                + "access from an unnamed module (file:/app.jar) [in thread \"main\"]"));
        assertTrue(NativeAccess.isDenied(later));
        assertTrue(NativeAccess.describe(later).contains("--enable-native-access=ALL-UNNAMED (class path)"));
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
