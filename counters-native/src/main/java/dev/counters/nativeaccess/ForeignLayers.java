package dev.counters.nativeaccess;

import static java.util.Objects.requireNonNull;


/**
 * What the platform modules' Foreign Function &amp; Memory layers share: refusing to link where
 * native access is not enabled, letting a downcall's {@code Throwable} out, and the message of a
 * build that has no FFM classes. A platform module's FFM layer ({@code FfmPosixCalls},
 * {@code FfmWindowsCalls}) is compiled for release {@value #RELEASE} from {@code src/main/java22}
 * into the jar's {@code META-INF/versions/22}, where it replaces a JNA-only stand-in of the same
 * name that code compiled for release 17 calls as usual: on JDK 17 the stand-in loads, and is never
 * asked to bind ({@link LayerChoice} asks only on {@value #RELEASE}+).
 */
public final class ForeignLayers {
    /** The first release with the final FFM API ({@code java.lang.foreign}). */
    public static final int RELEASE = 22;

    private ForeignLayers() {}

    /**
     * What the JNA-only stand-in of an FFM layer throws from its {@code bind()}: the jar was built
     * where no JDK {@value #RELEASE}+ was found, so its multi-release part holds no FFM classes.
     *
     * @param artifact the platform module, as the user adds it to a build
     */
    public static UnsupportedOperationException notInThisBuild(String artifact) {
        return new UnsupportedOperationException("this build of " + artifact + " has no FFM classes: it was built"
                + " where Maven found no JDK " + RELEASE + "+ (see the README, \"Building\")");
    }

    /**
     * What an FFM layer's {@code bind()} throws when {@code Module.isNativeAccessEnabled()} is
     * false for its {@code module}: checking first, rather than linking, means the JVM never
     * prints its restricted-method warning and never refuses under {@code --illegal-native-access=deny}.
     */
    public static IllegalCallerException nativeAccessNotEnabled(Module module) {
        return new NotEnabled(module.isNamed() ? module.getName() : null);
    }

    /** {@link #nativeAccessNotEnabled}'s exception, which keeps the module so that the remedy names it. */
    static final class NotEnabled extends IllegalCallerException {
        private static final long serialVersionUID = 1L;
        private final String module;

        NotEnabled(String module) {
            super("native access is not enabled for " + (module == null ? "the class path (ALL-UNNAMED)" : "module " + module)
                    + ", so FFM downcalls would warn or be refused");
            this.module = module;
        }

        /** The module refused; null for the class path. */
        String module() {
            return module;
        }
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
