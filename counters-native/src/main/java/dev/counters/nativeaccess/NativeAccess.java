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

    /** The module of this layer, which the FFM cycle reader makes its downcalls from. */
    static final String THIS_MODULE = "dev.counters.nativeaccess";
    private static final String JNA_MODULE = "com.sun.jna";
    private static final String JDK_DENIAL = "Illegal native access from ";

    private NativeAccess() {}

    /**
     * The remedy where native access is not enabled for {@code module}, the module that calls the
     * restricted methods ({@code null}: the class path, which the JDK calls {@code ALL-UNNAMED}):
     * the exact flag for that launch, worded to follow "native access is denied by the JVM, ". A
     * counters module names the two that make downcalls, this layer and the platform module
     * ({@code platformModule}, {@code dev.counters.posix} or {@code dev.counters.windows}), and how a
     * jlink image carries the flag, since its launcher is run without the user's options.
     */
    static String howToEnable(String module, String platformModule) {
        if (module == null) {
            return "enable it with java --enable-native-access=ALL-UNNAMED (class path), "
                    + "or Enable-Native-Access: ALL-UNNAMED in an executable jar's manifest";
        }
        if (module.equals(JNA_MODULE)) {
            return "enable it for JNA with java --enable-native-access=" + JNA_MODULE + " (module path; on JDK 22+ FFM "
                    + "reads without JNA where --enable-native-access=" + THIS_MODULE + "," + platformModule + " is given)";
        }
        if (!module.startsWith("dev.counters.")) {
            return "enable it with java --enable-native-access=" + module + " (module path)";
        }
        String modules = THIS_MODULE + "," + (module.equals(THIS_MODULE) ? platformModule : module);
        return "enable it with java --enable-native-access=" + modules + " (module path; for a jlink image, give it "
                + "to jlink as --add-options=--enable-native-access=" + modules + ")";
    }

    /**
     * The remedy for {@code failure}: the exact flag where the failure names the module refused (the
     * FFM layers' own check, or the JDK's "Illegal native access from module ..." / "from an unnamed
     * module"), else {@link #HOW_TO_ENABLE}.
     */
    static String remedyFor(Throwable failure, String platformModule) {
        for (Throwable cause = failure; cause != null; cause = next(cause)) {
            if (cause instanceof ForeignLayers.NotEnabled) {
                return howToEnable(((ForeignLayers.NotEnabled) cause).module(), platformModule);
            }
            String message = String.valueOf(cause.getMessage());
            int denial = message.indexOf(JDK_DENIAL);
            if (denial >= 0) {
                String refused = message.substring(denial + JDK_DENIAL.length());
                if (refused.startsWith("an unnamed module")) {
                    return howToEnable(null, platformModule);
                }
                if (refused.startsWith("module ")) {
                    return howToEnable(refused.substring("module ".length()).split("[ \\[]", 2)[0], platformModule);
                }
            }
        }
        return HOW_TO_ENABLE;
    }

    /** The platform module of this operating system, which makes the downcalls beside this layer. */
    static String platformModule() {
        return System.getProperty("os.name", "").startsWith("Windows") ? "dev.counters.windows" : "dev.counters.posix";
    }

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
     * is denied (the flag for the module refused, where the failure names it); otherwise each
     * exception in the cause chain with its message.
     */
    public static String describe(Throwable failure) {
        StringBuilder text = new StringBuilder();
        if (isJnaMissing(failure)) {
            text.append(HOW_TO_ADD_JNA).append(": ");
        } else if (isDenied(failure)) {
            text.append("native access is denied by the JVM, ").append(remedyFor(failure, platformModule())).append(" (");
        }
        for (Throwable cause = failure; cause != null; cause = next(cause)) {
            if (cause != failure) {
                text.append("; caused by ");
            }
            // The FFM layers' own refusal is an IllegalCallerException to the user, whatever its class.
            Class<?> type = cause instanceof ForeignLayers.NotEnabled ? IllegalCallerException.class : cause.getClass();
            text.append(type.getSimpleName()).append(": ").append(cause.getMessage());
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
