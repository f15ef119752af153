package dev.counters.windows.internal;

import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.nativeaccess.VersionedClasses;
import java.lang.invoke.MethodHandles;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link WindowsCalls} layer of this process, bound once ({@link LayerChoice}: FFM on JDK 22+, else
 * JNA), or the reason there is none. On any OS but 64-bit Windows nothing native is touched
 * (neither FFM nor JNA is even loaded), so the module loads everywhere and its providers report
 * every kind as unsupported with that reason.
 */
final class WindowsSystem {
    private static final Set<String> SUPPORTED_ARCHITECTURES = Set.of("amd64", "x86_64", "aarch64");

    private WindowsSystem() {}

    /** The bound layer, or empty when {@link #unavailableReason()} says why not. */
    static Optional<WindowsCalls> api() {
        return Optional.ofNullable(Holder.API);
    }

    /** Why there is no layer here; empty when there is one. */
    static String unavailableReason() {
        return Holder.UNAVAILABLE;
    }

    /** The bound layer; throws {@link UnsupportedOperationException} saying why there is none. */
    static WindowsCalls require() {
        if (Holder.API == null) {
            throw new UnsupportedOperationException(Holder.UNAVAILABLE);
        }
        return Holder.API;
    }

    /** How the layer was bound (FFM on JDK 22+ where it links, else JNA), or why it was not; see {@link LayerChoice}. */
    static LayerChoice<WindowsCalls> binding() {
        return Holder.CHOSEN;
    }

    /** The counter kinds of the system layer, shared so that frequencies and descriptions are looked up once per process. */
    static Optional<WindowsKinds> kinds() {
        return Optional.ofNullable(KindsHolder.KINDS);
    }

    /** Why the platform cannot host the layer, or empty when it can; {@code os}/{@code arch} as in the system properties. */
    static Optional<String> platformProblem(String os, String arch) {
        if (!os.startsWith("Windows")) {
            return Optional.of("counters-windows reads Win32 clocks and serves Windows only; this JVM runs on "
                    + os + " (" + arch + "), where the JDK provider or counters-posix serves the counters");
        }
        if (!SUPPORTED_ARCHITECTURES.contains(arch.toLowerCase(Locale.ROOT))) {
            return Optional.of("counters-windows needs a 64-bit JVM (it passes handles and affinity masks as 64-bit"
                    + " values); this one is " + os + " (" + arch + ")");
        }
        return Optional.empty();
    }

    /** Why {@code choice} bound no layer, with why FFM did not serve where that was tried too; empty when it bound one. */
    static String unavailableReason(LayerChoice<WindowsCalls> choice) {
        return choice.binding().failure()
                .map(reason -> "kernel32 could not be bound through JNA: " + reason
                        + (choice.ffmProblem().isEmpty() ? "" : " (" + choice.ffmProblem() + ")"))
                .orElse("");
    }

    private static final class Holder {
        static final LayerChoice<WindowsCalls> CHOSEN;
        static final WindowsCalls API;
        static final String UNAVAILABLE;

        static {
            Optional<String> problem = platformProblem(
                    System.getProperty("os.name", "unknown"), System.getProperty("os.arch", "unknown"));
            CHOSEN = problem.isPresent()
                    ? LayerChoice.<WindowsCalls>refused(problem.get())
                    : choose();
            API = CHOSEN.calls().orElse(null);
            UNAVAILABLE = problem.orElseGet(() -> unavailableReason(CHOSEN));
        }

        private static LayerChoice<WindowsCalls> choose() {
            VersionedClasses.defineWhereUnversioned(MethodHandles.lookup(), "FfmWindowsCalls"); // before FfmWindowsCalls is named
            // A lambda, not a method reference, so that JNA's classes are first touched inside Binding.of.
            return LayerChoice.choose(FfmWindowsCalls::bind, () -> Binding.of(() -> JnaWindowsCalls.bind()));
        }
    }

    private static final class KindsHolder {
        static final WindowsKinds KINDS = Holder.API == null ? null : new WindowsKinds(Holder.API, Holder.CHOSEN.whyNotFfm());
    }
}
