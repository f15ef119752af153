package dev.counters.nativeaccess;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The outcome of binding a native layer once: the bound calls, or the reason they could not be
 * bound. Keeping the reason lets a provider load everywhere and tell {@code counters list} why it
 * serves nothing, while the next provider serves.
 *
 * <p>Every way a native layer fails to bind becomes a reason, never an error that escapes later:
 * {@link IllegalCallerException} (what JDK 24+ throws under {@code --illegal-native-access=deny}
 * when JNA loads its library), {@link LinkageError} ({@code UnsatisfiedLinkError} for a missing
 * library or symbol, {@code ExceptionInInitializerError} from a failed static initialiser, and the
 * {@code NoClassDefFoundError} every later use of that class throws) and any other
 * {@link RuntimeException}. This is the one "bind once, or remember why not" of counters-posix and
 * counters-windows: hold a {@code Binding} in a static holder's field, never a half-initialised class.
 */
public final class Binding<T> {
    private final T calls;
    private final String failure;

    private Binding(T calls, String failure) {
        this.calls = calls;
        this.failure = failure;
    }

    /** Runs {@code binder} now, once, catching whatever a failed native binding throws. */
    public static <T> Binding<T> of(Supplier<? extends T> binder) {
        requireNonNull(binder, "binder");
        try {
            T bound = binder.get();
            return bound == null ? failed("the binder returned nothing") : new Binding<>(bound, null);
        } catch (LinkageError | RuntimeException e) {
            return failed(describe(e));
        }
    }

    /** A binding that failed, or was never tried, for {@code reason}. */
    public static <T> Binding<T> failed(String reason) {
        return new Binding<>(null, requireNonNull(reason, "reason"));
    }

    /** {@code binding} seen as a binding of a wider type: a binding only hands its calls out. */
    @SuppressWarnings("unchecked")
    public static <T> Binding<T> widen(Binding<? extends T> binding) {
        return (Binding<T>) requireNonNull(binding, "binding");
    }

    /** The bound calls, if binding succeeded. */
    public Optional<T> calls() {
        return Optional.ofNullable(calls);
    }

    /** Why binding failed; empty if it succeeded. */
    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    /** The bound calls, or an {@link UnsupportedOperationException} saying why there are none. */
    public T require() {
        if (calls == null) {
            throw new UnsupportedOperationException(failure);
        }
        return calls;
    }

    /**
     * {@code error} and its causes as one line ({@code "ExceptionInInitializerError: null; caused by
     * IllegalCallerException: ..."}), led by the flag to add where the JVM denied native access
     * ({@link NativeAccess#describe}).
     */
    public static String describe(Throwable error) {
        return NativeAccess.describe(error);
    }

    @Override
    public String toString() {
        return calls != null ? "bound: " + calls : "unbound: " + failure;
    }
}
