package dev.counters.nativeaccess;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterInfo;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one choice between a platform module's two native layers: Foreign Function &amp; Memory
 * downcalls on a JVM of release {@value ForeignLayers#RELEASE} or later where they link, else JNA,
 * which is bound only then. {@code -Ddev.counters.binding=jna} keeps a JVM of 22 or later on JNA:
 * to compare the two, or to step around an FFM problem. Both platform modules hold one choice for
 * the process, made the first time it is needed:
 * <pre>{@code
 * LayerChoice<PosixCalls> chosen = LayerChoice.choose(FfmPosixCalls::bind, PosixSystem::binding);
 * PosixCalls calls = chosen.binding().require();
 * }</pre>
 * The FFM layer is reached as an ordinary class: the multi-release jar holds a JNA-only stand-in
 * for it, compiled for release 17, and under {@code META-INF/versions/22} the real one, which a
 * JVM of 22 or later loads in its place.
 *
 * @param name {@link CounterInfo.Binding#FFM} or {@link CounterInfo.Binding#JNA}: what serves, or what was tried last
 * @param binding the layer bound, or why none was
 * @param ffmProblem why FFM does not serve; empty when it does
 */
public record LayerChoice<T>(CounterInfo.Binding name, Binding<T> binding, String ffmProblem) {
    /** The system property that can keep a JVM of 22 or later on JNA. */
    public static final String BINDING_PROPERTY = "dev.counters.binding";

    public LayerChoice {
        requireNonNull(name, "name");
        requireNonNull(binding, "binding");
        requireNonNull(ffmProblem, "ffmProblem");
    }

    /**
     * No layer at all, because the platform itself is refused (another OS, a 32-bit JVM): nothing
     * native is touched, and {@code reason} is what the providers report.
     */
    public static <T> LayerChoice<T> refused(String reason) {
        return new LayerChoice<>(CounterInfo.Binding.JNA, Binding.failed(reason), "");
    }

    /**
     * Where JNA serves on this JVM although it is of release {@value ForeignLayers#RELEASE} or later,
     * why FFM does not (native access not enabled, with the flags that enable it; the
     * {@link #BINDING_PROPERTY}; a failed link), worded for a counter's notes; empty otherwise.
     */
    public String whyNotFfm() {
        return whyNotFfm(Runtime.version().feature());
    }

    /** {@link #whyNotFfm()} on a JVM of {@code release}. */
    public String whyNotFfm(int release) {
        boolean ffmCouldServe = release >= ForeignLayers.RELEASE;
        return ffmCouldServe && name == CounterInfo.Binding.JNA && !ffmProblem.isEmpty()
                ? "read through JNA, not FFM: " + ffmProblem
                : "";
    }

    /** The bound layer; empty when {@link #binding()} says why there is none. */
    public Optional<T> calls() {
        return binding.calls();
    }

    /** The choice on this JVM, honouring {@link #BINDING_PROPERTY}. */
    public static <T> LayerChoice<T> choose(Supplier<? extends T> ffm, Supplier<? extends Binding<? extends T>> jna) {
        if ("jna".equalsIgnoreCase(System.getProperty(BINDING_PROPERTY, "").trim())) {
            return new LayerChoice<>(CounterInfo.Binding.JNA, Binding.widen(jna.get()), BINDING_PROPERTY + "=jna chose JNA");
        }
        return choose(Runtime.version().feature(), ffm, jna);
    }

    /**
     * FFM from {@code ffm} on {@code release} 22 or later where it links, else the JNA binding
     * {@code jna} gives (asked for only then, so that JNA is not bound where FFM serves).
     */
    public static <T> LayerChoice<T> choose(int release, Supplier<? extends T> ffm, Supplier<? extends Binding<? extends T>> jna) {
        String ffmProblem;
        if (release < ForeignLayers.RELEASE) {
            ffmProblem = "FFM needs JDK " + ForeignLayers.RELEASE + "+; this is JDK " + release;
        } else {
            Binding<T> bound = Binding.of(ffm);
            if (bound.calls().isPresent()) {
                return new LayerChoice<>(CounterInfo.Binding.FFM, bound, "");
            }
            ffmProblem = "FFM could not link: " + bound.failure().orElseThrow();
        }
        return new LayerChoice<>(CounterInfo.Binding.JNA, Binding.widen(jna.get()), ffmProblem);
    }
}
