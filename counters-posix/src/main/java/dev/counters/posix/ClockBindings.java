package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.nativeaccess.Binding;
import dev.counters.spi.ForeignLayers;
import java.lang.invoke.MethodHandles;
import java.util.function.Supplier;

/**
 * Chooses how counters-posix reaches libc for its clocks: through Foreign Function &amp; Memory
 * downcalls ({@code FfmPosixCalls}) on a JVM of release 22 or later where they link, else through
 * JNA ({@link JnaPosixCalls}). The user changes nothing: the same artifact serves both, and
 * {@link dev.counters.CounterInfo#binding()} says which one reads each kind.
 *
 * <p>The FFM class is compiled for release 22 when the build runs on JDK 22+, and is reached here
 * only by name, so that this class, compiled for release 17, still loads on JDK 17.
 */
final class ClockBindings {
    static final String FFM = "FFM";
    static final String JNA = "JNA";
    /** The first release with the final FFM API ({@code java.lang.foreign}). */
    static final int FFM_RELEASE = ForeignLayers.RELEASE;
    /**
     * {@code -Ddev.counters.binding=jna} keeps a JVM of 22 or later on JNA: to compare the two,
     * or to step around an FFM problem. Any other value, or none, lets FFM serve where it links.
     */
    static final String BINDING_PROPERTY = "dev.counters.binding";
    private static final String FFM_CLASS = "dev.counters.posix.FfmPosixCalls";

    private ClockBindings() {}

    /** The binding chosen on this JVM: FFM where it links, else JNA, else why neither. */
    static Chosen choose() {
        if ("jna".equalsIgnoreCase(System.getProperty(BINDING_PROPERTY, "").trim())) {
            return new Chosen(JNA, Binding.widen(SystemNative.binding()), BINDING_PROPERTY + "=jna chose JNA");
        }
        return choose(Runtime.version().feature(), ClockBindings::bindFfm, SystemNative::binding);
    }

    /**
     * FFM from {@code ffm} on {@code release} 22 or later where it links, else the JNA binding
     * {@code jna} gives (asked for only then, so that JNA is not bound where FFM serves).
     */
    static Chosen choose(int release, Supplier<? extends PosixCalls> ffm, Supplier<? extends Binding<? extends PosixCalls>> jna) {
        String ffmProblem;
        if (release < FFM_RELEASE) {
            ffmProblem = "FFM needs JDK " + FFM_RELEASE + "+; this is JDK " + release;
        } else {
            Binding<PosixCalls> bound = Binding.of(ffm);
            if (bound.calls().isPresent()) {
                return new Chosen(FFM, bound, "");
            }
            ffmProblem = "FFM could not link: " + bound.failure().orElseThrow();
        }
        return new Chosen(JNA, Binding.widen(jna.get()), ffmProblem);
    }

    /** {@code FfmPosixCalls.bind()}, reached by name. */
    private static PosixCalls bindFfm() {
        return ForeignLayers.bindByName(MethodHandles.lookup(), FFM_CLASS, PosixCalls.class, "counters-posix");
    }

    /** The binding that reads the clocks, its name, and why FFM does not, if it does not. */
    static final class Chosen {
        private final String name;
        private final Binding<PosixCalls> binding;
        private final String ffmProblem;

        Chosen(String name, Binding<PosixCalls> binding, String ffmProblem) {
            this.name = requireNonNull(name, "name");
            this.binding = requireNonNull(binding, "binding");
            this.ffmProblem = requireNonNull(ffmProblem, "ffmProblem");
        }

        /** {@link #FFM} or {@link #JNA}. */
        String name() {
            return name;
        }

        Binding<PosixCalls> binding() {
            return binding;
        }

        /** Why FFM does not serve; empty when it does. */
        String ffmProblem() {
            return ffmProblem;
        }
    }
}
