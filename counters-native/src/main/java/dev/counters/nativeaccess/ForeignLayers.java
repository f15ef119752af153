package dev.counters.nativeaccess;

import static java.util.Objects.requireNonNull;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * What the platform modules' Foreign Function &amp; Memory layers share: reaching the layer by
 * name, refusing to link where native access is not enabled, and letting a downcall's
 * {@code Throwable} out. A platform module compiles its FFM layer for release 22, from
 * {@code src/main/java22}, only when the build runs on JDK 22 or later, and its code compiled for
 * release 17 reaches the layer only through {@link #bindByName}: it still loads on JDK 17, and on a
 * build made on JDK 17, which has no FFM class at all.
 */
public final class ForeignLayers {
    /** The first release with the final FFM API ({@code java.lang.foreign}). */
    public static final int RELEASE = 22;

    private ForeignLayers() {}

    /**
     * Calls {@code className}'s {@code static bind()} and returns what it bound, rethrowing what
     * it threw as it was thrown: an {@link IllegalCallerException} for denied native access, an
     * {@link UnsatisfiedLinkError} for a missing library or symbol. {@code bind()} returns its own
     * class, which must be a {@code type}.
     *
     * @param lookup the platform module's {@code MethodHandles.lookup()}, which may reach its own
     *     package-private layer where this module could not
     * @param moduleName the artifact, for the message when the build has no such class
     * @throws IllegalStateException when there is no such class (the build ran on a JDK before 22)
     */
    public static <T> T bindByName(MethodHandles.Lookup lookup, String className, Class<T> type, String moduleName) {
        MethodHandle bind;
        try {
            Class<?> layer = lookup.findClass(className);
            bind = lookup.findStatic(layer, "bind", MethodType.methodType(layer));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("this build of " + moduleName + " has no FFM binding (it was built on a JDK "
                    + "before " + RELEASE + ")", e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot call " + className + ".bind()", e);
        }
        try {
            return type.cast(bind.invoke());
        } catch (Throwable thrown) {
            throw rethrow(thrown);
        }
    }

    /**
     * What an FFM layer's {@code bind()} throws when {@code Module.isNativeAccessEnabled()} is
     * false for its {@code module}: checking first, rather than linking, means the JVM never
     * prints its restricted-method warning and never refuses under {@code --illegal-native-access=deny}.
     */
    public static IllegalCallerException nativeAccessNotEnabled(Module module) {
        return new IllegalCallerException("native access is not enabled for " + (module.isNamed() ? module.getName()
                : "the class path (ALL-UNNAMED)") + ", so FFM downcalls would warn or be refused; JNA serves instead");
    }

    /**
     * For the {@code catch (Throwable)} that {@code MethodHandle.invokeExact} obliges around a
     * downcall: throws {@code thrown} itself if it is unchecked, else returns an exception naming
     * {@code call} for the caller to throw. A downcall throws nothing checked.
     */
    public static IllegalStateException downcallThrew(String call, Throwable thrown) {
        if (thrown instanceof RuntimeException || thrown instanceof Error) {
            throw rethrow(thrown);
        }
        return new IllegalStateException("the FFM downcall to " + call + " threw " + thrown, thrown);
    }

    private static RuntimeException rethrow(Throwable cause) {
        requireNonNull(cause, "cause");
        if (cause instanceof RuntimeException) {
            throw (RuntimeException) cause;
        }
        if (cause instanceof Error) {
            throw (Error) cause;
        }
        throw new IllegalStateException(cause);
    }
}
