package dev.counters.posix;

import dev.counters.CounterInfo;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.nativeaccess.ForeignLayers;
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
    static final String FFM = CounterInfo.BINDING_FFM;
    static final String JNA = CounterInfo.BINDING_JNA;
    /** The first release with the final FFM API ({@code java.lang.foreign}). */
    static final int FFM_RELEASE = ForeignLayers.RELEASE;
    private static final String FFM_CLASS = "dev.counters.posix.FfmPosixCalls";

    private ClockBindings() {}

    /** The binding chosen on this JVM ({@link LayerChoice#choose(Supplier, Supplier)}): FFM where it links, else JNA. */
    static LayerChoice<PosixCalls> choose() {
        return LayerChoice.choose(ClockBindings::bindFfm, PosixSystem::binding);
    }

    /** {@link LayerChoice#choose(int, Supplier, Supplier)} for libc's layers. */
    static LayerChoice<PosixCalls> choose(int release, Supplier<? extends PosixCalls> ffm,
            Supplier<? extends Binding<? extends PosixCalls>> jna) {
        return LayerChoice.choose(release, ffm, jna);
    }

    /** {@code FfmPosixCalls.bind()}, reached by name. */
    private static PosixCalls bindFfm() {
        return ForeignLayers.bindByName(MethodHandles.lookup(), FFM_CLASS, PosixCalls.class, "counters-posix");
    }
}
