package dev.counters.posix;

import dev.counters.internal.PerKind;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.nativeaccess.VersionedClasses;
import java.lang.invoke.MethodHandles;
import java.util.function.Supplier;

/**
 * This process's platform table and libc binding, made once and shared by
 * {@link PosixCounterProvider} and {@link PosixThreadControl}. A refused platform is never bound,
 * so nothing native is touched on Windows or a 32-bit JVM.
 */
final class PosixSystem {
    private PosixSystem() {}

    static PosixPlatform platform() {
        return PlatformHolder.PLATFORM;
    }

    /** The JNA libc binding (thread control uses it), or why there is none (the platform's refusal, or JNA's error). */
    static Binding<JnaPosixCalls> binding() {
        return Holder.BINDING;
    }

    /** The binding the clocks are read through: FFM on JDK 22+ where it links, else JNA (see {@link LayerChoice}). */
    static LayerChoice<PosixCalls> clockBinding() {
        return ClockHolder.CHOSEN;
    }

    /** Binds with {@code binder} unless {@code platform} is refused, in which case nothing is bound and the refusal is the reason. */
    static <T> Binding<T> bindUnlessRefused(PosixPlatform platform, Supplier<? extends T> binder) {
        return platform instanceof PosixPlatform.Refused refused ? Binding.failed(refused.reason()) : Binding.of(binder);
    }

    /** {@link #clockBinding()} as a supplier, for clocks that bind when first needed. Not a lambda: see {@link dev.counters.internal.PerKind}. */
    enum ClockBinder implements Supplier<LayerChoice<PosixCalls>> {
        INSTANCE;

        @Override
        public LayerChoice<PosixCalls> get() {
            return clockBinding();
        }
    }

    private static final class ClockHolder {
        static final LayerChoice<PosixCalls> CHOSEN = PlatformHolder.PLATFORM instanceof PosixPlatform.Refused refused
                ? LayerChoice.<PosixCalls>refused(refused.reason())
                : choose();

        private static LayerChoice<PosixCalls> choose() {
            VersionedClasses.defineWhereUnversioned(MethodHandles.lookup(), "FfmPosixCalls"); // before FfmPosixCalls is named
            return LayerChoice.choose(FfmPosixCalls::bind, PosixSystem::binding);
        }
    }

    private static final class PlatformHolder {
        static final PosixPlatform PLATFORM = PosixPlatform.current();
    }

    /** JNA, bound only when first asked for: never where FFM serves the clocks and no thread control is used. */
    private static final class Holder {
        // A lambda, not a method reference, so that JNA's classes are first touched inside Binding.of.
        static final Binding<JnaPosixCalls> BINDING = bindUnlessRefused(PlatformHolder.PLATFORM, () -> JnaPosixCalls.bind());
    }
}
