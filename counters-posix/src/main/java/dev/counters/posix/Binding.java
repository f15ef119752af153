package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.spi.NativeAccess;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The outcome of binding a native layer once: the bound calls, or the reason they could not be
 * bound (JNA's native support missing, libc not found). Keeping the reason lets the provider
 * still load everywhere and tell {@code counters list} why it serves nothing.
 */
final class Binding<T> {
    private final T calls;
    private final String failure;

    private Binding(T calls, String failure) {
        this.calls = calls;
        this.failure = failure;
    }

    /** Runs {@code binder} once, catching what a failed native binding throws. */
    static <T> Binding<T> of(Supplier<? extends T> binder) {
        try {
            return new Binding<>(requireNonNull(binder.get(), "binder returned null"), null);
        } catch (LinkageError | RuntimeException e) {
            return failed(describe(e));
        }
    }

    /** A binding that failed for {@code reason}. */
    static <T> Binding<T> failed(String reason) {
        return new Binding<>(null, requireNonNull(reason, "reason"));
    }

    /** {@code binding} seen as a binding of a wider type: a binding only hands its calls out. */
    @SuppressWarnings("unchecked")
    static <T> Binding<T> widen(Binding<? extends T> binding) {
        return (Binding<T>) requireNonNull(binding, "binding");
    }

    /** The bound calls, if binding succeeded. */
    Optional<T> calls() {
        return Optional.ofNullable(calls);
    }

    /** Why binding failed; empty if it succeeded. */
    Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    private static String describe(Throwable error) {
        return NativeAccess.describe(error);
    }
}
