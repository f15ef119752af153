package dev.counters.nativeaccess;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The one choice between a platform module's two native layers: Foreign Function &amp; Memory
 * downcalls on a JVM of release {@value ForeignLayers#RELEASE} or later where they link, else JNA,
 * which is bound only then. {@code -Ddev.counters.binding=jna} keeps a JVM of 22 or later on JNA:
 * to compare the two, or to step around an FFM problem; {@code =ffm} is the default, and any other
 * value is ignored with a warning. Both platform modules hold one choice for
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
    /** The logger that says, once, when the choice falls back or the property is not understood. */
    public static final String LOGGER_NAME = "dev.counters";

    private static final String BINDING_JNA_VALUE = "jna";
    private static final String BINDING_FFM_VALUE = "ffm";
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

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

    /**
     * The choice on this JVM, honouring {@link #BINDING_PROPERTY}. Where the choice is not what the
     * user would expect, it says so once, as a {@link System.Logger.Level#WARNING} of the logger
     * {@value #LOGGER_NAME}: a property value that is not a binding, FFM asked for on a JVM that has
     * none, JNA serving on JDK {@value ForeignLayers#RELEASE}+ because FFM could not link (native
     * access not enabled), and no native layer at all (native access denied), which leaves the JDK's
     * own clocks. When all is well (FFM on 22+, JNA before, or JNA asked for) it says nothing.
     */
    public static <T> LayerChoice<T> choose(Supplier<? extends T> ffm, Supplier<? extends Binding<? extends T>> jna) {
        String requested = System.getProperty(BINDING_PROPERTY);
        int release = Runtime.version().feature();
        LayerChoice<T> chosen = choose(release, requested, ffm, jna);
        chosen.warnings(release, requested).forEach(LayerChoice::warnOnce);
        return chosen;
    }

    /** {@link #choose(Supplier, Supplier)} on a JVM of {@code release} with {@link #BINDING_PROPERTY} set to {@code requested} (null: unset). */
    static <T> LayerChoice<T> choose(int release, String requested, Supplier<? extends T> ffm,
            Supplier<? extends Binding<? extends T>> jna) {
        if (BINDING_JNA_VALUE.equals(normalised(requested))) {
            return new LayerChoice<>(CounterInfo.Binding.JNA, Binding.widen(jna.get()), BINDING_PROPERTY + "=jna chose JNA");
        }
        return choose(release, ffm, jna);
    }

    /**
     * What a user should be told about this choice, made on a JVM of {@code release} with
     * {@link #BINDING_PROPERTY} set to {@code requested} (null: unset); empty when all is well.
     */
    List<String> warnings(int release, String requested) {
        List<String> warnings = new ArrayList<>();
        String asked = normalised(requested);
        if (!asked.isEmpty() && !asked.equals(BINDING_JNA_VALUE) && !asked.equals(BINDING_FFM_VALUE)) {
            warnings.add("-D" + BINDING_PROPERTY + "=" + requested + " is not a binding: the valid values are "
                    + BINDING_FFM_VALUE + " (the default, on JDK " + ForeignLayers.RELEASE + "+ where it links) and "
                    + BINDING_JNA_VALUE + "; it is ignored");
        }
        if (asked.equals(BINDING_FFM_VALUE) && release < ForeignLayers.RELEASE) {
            warnings.add("-D" + BINDING_PROPERTY + "=ffm cannot be honoured: " + ffmProblem + "; counters read through JNA");
        }
        if (binding.failure().isPresent()) {
            // Where FFM could have served (a jlink image, which holds no JNA, run without native access), its
            // remedy comes first: the missing JNA is only the fallback's failure.
            String failures = ffmCouldHaveServed(release, asked)
                    ? ": " + ffmProblem + "; and the fallback, JNA: " + binding.failure().get()
                    : " (" + name + "): " + binding.failure().get();
            warnings.add("counters could not bind a native layer" + failures
                    + "; the JDK's own clocks serve instead, and the kinds only a platform module serves are unavailable");
        } else if (!asked.equals(BINDING_JNA_VALUE) && !whyNotFfm(release).isEmpty()) {
            warnings.add("counters " + whyNotFfm(release));
        }
        return warnings;
    }

    /** Whether FFM was tried on this JVM, without {@link #BINDING_PROPERTY} asking for JNA, and failed. */
    private boolean ffmCouldHaveServed(int release, String asked) {
        return release >= ForeignLayers.RELEASE && !asked.equals(BINDING_JNA_VALUE) && !ffmProblem.isEmpty()
                && name == CounterInfo.Binding.JNA;
    }

    private static String normalised(String requested) {
        return requested == null ? "" : requested.trim().toLowerCase(Locale.ROOT);
    }

    /** Logs {@code warning} unless it was logged before in this process: a choice is made once per platform module. */
    private static void warnOnce(String warning) {
        if (WARNED.add(warning)) {
            System.getLogger(LOGGER_NAME).log(System.Logger.Level.WARNING, warning);
        }
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
