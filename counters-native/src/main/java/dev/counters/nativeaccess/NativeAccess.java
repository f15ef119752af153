package dev.counters.nativeaccess;

import static java.util.Objects.requireNonNull;

import dev.counters.spi.KindSupport;

/**
 * Explains why a native binding could not be made, in the words a user can act on. Used by the
 * platform modules when JNA (or a later binding) fails, so that {@code counters list} and
 * {@link KindSupport#reason()} say "native access is denied: add this flag", not a bare
 * {@code NoClassDefFoundError}.
 *
 * <p>JDK 24+ restricts native access ({@code System.load}, downcalls): where it is denied
 * ({@code --illegal-native-access=deny}, the announced future default) JNA's first use throws an
 * {@link IllegalCallerException}, and every later use a {@link NoClassDefFoundError} whose cause
 * names the first failure. Both are recognised here.
 */
public final class NativeAccess {
    /** What to add on JDK 24+ so that JNA may load its library and the FFM layers link, for each way of launching. */
    public static final String HOW_TO_ENABLE = "enable it with java --enable-native-access=ALL-UNNAMED (class path) "
            + "or --enable-native-access=dev.counters.nativeaccess,dev.counters.posix (module path; "
            + "dev.counters.windows on Windows; add com.sun.jna where JNA is resolved too), "
            + "or Enable-Native-Access: ALL-UNNAMED in an executable jar's manifest";
    /**
     * What to do where JNA's classes are missing: the platform modules require JNA only statically (FFM needs
     * none, so a jlink image may leave it out), and the module path resolves it only when asked.
     */
    public static final String HOW_TO_ADD_JNA = "JNA (module com.sun.jna) is not present, and JDK 17-21 reads through it: "
            + "put jna.jar on the class path, or on the module path with --add-modules com.sun.jna "
            + "(com.sun.jna,com.sun.jna.platform on Windows; or requires com.sun.jna in the application's module-info)";

    private NativeAccess() {}

    /** Whether {@code failure}, or anything it was caused by, is the JVM refusing native access. */
    public static boolean isDenied(Throwable failure) {
        for (Throwable cause = requireNonNull(failure, "failure"); cause != null; cause = next(cause)) {
            if (cause instanceof IllegalCallerException
                    || String.valueOf(cause.getMessage()).contains("IllegalCallerException")
                    || String.valueOf(cause.getMessage()).contains("Illegal native access")) {
                return true;
            }
        }
        return false;
    }

    /**
     * A one-line reason for a failed binding: the denial and how to lift it where native access
     * is denied; otherwise each exception in the cause chain with its message.
     */
    public static String describe(Throwable failure) {
        StringBuilder text = new StringBuilder();
        if (isJnaMissing(failure)) {
            text.append(HOW_TO_ADD_JNA).append(": ");
        } else if (isDenied(failure)) {
            text.append("native access is denied by the JVM, ").append(HOW_TO_ENABLE).append(" (");
        }
        for (Throwable cause = failure; cause != null; cause = next(cause)) {
            if (cause != failure) {
                text.append("; caused by ");
            }
            text.append(cause.getClass().getSimpleName()).append(": ").append(cause.getMessage());
        }
        return isDenied(failure) ? text.append(')').toString() : text.toString();
    }

    /** Whether {@code failure}, or anything it was caused by, says that JNA's classes are not there to load. */
    public static boolean isJnaMissing(Throwable failure) {
        for (Throwable cause = requireNonNull(failure, "failure"); cause != null; cause = next(cause)) {
            boolean classMissing = cause instanceof NoClassDefFoundError || cause instanceof ClassNotFoundException;
            String message = String.valueOf(cause.getMessage()).replace('/', '.');
            if (classMissing && message.startsWith("com.sun.jna.") && !isDenied(failure)) {
                return true;
            }
        }
        return false;
    }

    private static Throwable next(Throwable cause) {
        return cause.getCause() == cause ? null : cause.getCause();
    }
}
