package dev.counters.windows;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterInfo;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.nativeaccess.ForeignLayers;
import java.lang.invoke.MethodHandles;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Chooses how counters-windows reaches Win32: through Foreign Function &amp; Memory downcalls
 * ({@code FfmWindowsCalls}) on a JVM of release 22 or later where they link and native access is enabled,
 * else through JNA ({@link JnaWindowsCalls}), which is then bound and only then. The user changes
 * nothing: the same artifact serves both.
 *
 * <p>The FFM class is compiled for release 22 when the build runs on JDK 22+, and is reached here
 * only by name ({@link ForeignLayers#bindByName}), so that this class, compiled for release 17,
 * still loads on JDK 17 and on a build made on JDK 17 (which has no FFM class).
 */
final class Win32Bindings {
    static final String FFM = CounterInfo.BINDING_FFM;
    static final String JNA = CounterInfo.BINDING_JNA;
    /** The first release with the final FFM API ({@code java.lang.foreign}). */
    static final int FFM_RELEASE = ForeignLayers.RELEASE;
    static final String FFM_CLASS = "dev.counters.windows.FfmWindowsCalls";

    private Win32Bindings() {}

    /** The layer chosen on this JVM ({@link LayerChoice#choose(Supplier, Supplier)}): FFM where it links, else JNA, else why neither. */
    static Chosen choose() {
        // A lambda, not a method reference, so that JNA's classes are first touched inside Binding.of.
        return from(LayerChoice.choose(Win32Bindings::bindFfm, () -> Binding.of(() -> JnaWindowsCalls.bind())));
    }

    /**
     * The layer {@code ffm} binds on {@code release} 22 or later where it can, else the one
     * {@code jna} binds (asked for only then, so that JNA is not bound where FFM serves), else
     * none, with the reason. Never throws what a failed binding throws.
     */
    static Chosen choose(int release, Supplier<? extends WindowsCalls> ffm, Supplier<? extends WindowsCalls> jna) {
        return from(LayerChoice.choose(release, ffm, () -> Binding.of(jna)));
    }

    private static Chosen from(LayerChoice<WindowsCalls> choice) {
        String failure = choice.binding().failure()
                .map(reason -> "kernel32 could not be bound through JNA: " + reason
                        + (choice.ffmProblem().isEmpty() ? "" : " (" + choice.ffmProblem() + ")"))
                .orElse("");
        return new Chosen(choice.name(), choice.binding().calls().orElse(null), failure, choice.ffmProblem());
    }

    /** {@code FfmWindowsCalls.bind()}, reached by name. */
    private static WindowsCalls bindFfm() {
        return ForeignLayers.bindByName(MethodHandles.lookup(), FFM_CLASS, WindowsCalls.class, "counters-windows");
    }

    /** The layer that was bound and by what, or why none was; and why FFM was not used, if it was not. */
    static final class Chosen {
        private final String name;
        private final WindowsCalls api;
        private final String failure;
        private final String ffmProblem;

        Chosen(String name, WindowsCalls api, String failure, String ffmProblem) {
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
        Optional<WindowsCalls> api() {
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
