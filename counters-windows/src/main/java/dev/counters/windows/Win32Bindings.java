package dev.counters.windows;

import static java.util.Objects.requireNonNull;

import dev.counters.spi.ForeignLayers;
import dev.counters.spi.NativeAccess;
import java.lang.invoke.MethodHandles;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Chooses how counters-windows reaches Win32: through Foreign Function &amp; Memory downcalls
 * ({@code FfmWin32}) on a JVM of release 22 or later where they link and native access is enabled,
 * else through JNA ({@link NativeWin32}), which is then bound and only then. The user changes
 * nothing: the same artifact serves both.
 *
 * <p>The FFM class is compiled for release 22 when the build runs on JDK 22+, and is reached here
 * only by name ({@link ForeignLayers#bindByName}), so that this class, compiled for release 17,
 * still loads on JDK 17 and on a build made on JDK 17 (which has no FFM class).
 */
final class Win32Bindings {
    static final String FFM = "FFM";
    static final String JNA = "JNA";
    /** The first release with the final FFM API ({@code java.lang.foreign}). */
    static final int FFM_RELEASE = ForeignLayers.RELEASE;
    static final String FFM_CLASS = "dev.counters.windows.FfmWin32";

    private Win32Bindings() {}

    /** The layer chosen on this JVM: FFM where it links, else JNA, else why neither. */
    static Chosen choose() {
        // A lambda, not a method reference, so that JNA's classes are first touched inside choose.
        return choose(Runtime.version().feature(), Win32Bindings::bindFfm, () -> NativeWin32.bind());
    }

    /**
     * The layer {@code ffm} binds on {@code release} 22 or later where it can, else the one
     * {@code jna} binds (asked for only then, so that JNA is not bound where FFM serves), else
     * none, with the reason. Never throws what a failed binding throws.
     */
    static Chosen choose(int release, Supplier<? extends Win32> ffm, Supplier<? extends Win32> jna) {
        String ffmProblem;
        if (release < FFM_RELEASE) {
            ffmProblem = "FFM needs JDK " + FFM_RELEASE + "+; this is JDK " + release;
        } else {
            try {
                return new Chosen(FFM, requireNonNull(ffm.get(), "the FFM binder returned null"), "", "");
            } catch (LinkageError | RuntimeException e) {
                ffmProblem = "FFM could not link: " + NativeAccess.describe(e);
            }
        }
        try {
            return new Chosen(JNA, requireNonNull(jna.get(), "the JNA binder returned null"), "", ffmProblem);
        } catch (LinkageError | RuntimeException e) {
            return new Chosen(JNA, null, "kernel32 could not be bound through JNA: " + NativeAccess.describe(e)
                    + (ffmProblem.isEmpty() ? "" : " (" + ffmProblem + ")"), ffmProblem);
        }
    }

    /** {@code FfmWin32.bind()}, reached by name. */
    private static Win32 bindFfm() {
        return ForeignLayers.bindByName(MethodHandles.lookup(), FFM_CLASS, Win32.class, "counters-windows");
    }

    /** The layer that was bound and by what, or why none was; and why FFM was not used, if it was not. */
    static final class Chosen {
        private final String name;
        private final Win32 api;
        private final String failure;
        private final String ffmProblem;

        Chosen(String name, Win32 api, String failure, String ffmProblem) {
            this.name = requireNonNull(name, "name");
            this.api = api;
            this.failure = requireNonNull(failure, "failure");
            this.ffmProblem = requireNonNull(ffmProblem, "ffmProblem");
        }

        /** {@link #FFM} or {@link #JNA}: what serves, or what was tried last. */
        String name() {
            return name;
        }

        /** The bound layer; empty when {@link #failure()} says why there is none. */
        Optional<Win32> api() {
            return Optional.ofNullable(api);
        }

        /** Why no layer could be bound; empty when one was. */
        String failure() {
            return failure;
        }

        /** Why FFM does not serve; empty when it does. */
        String ffmProblem() {
            return ffmProblem;
        }
    }
}
