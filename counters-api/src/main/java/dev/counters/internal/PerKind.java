package dev.counters.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterKind;
import java.util.function.Supplier;

/**
 * One value per {@link CounterKind}, worked out by {@link #compute} the first time that kind is
 * asked for, and only then: whether a provider serves a kind, which provider that is, a kind's
 * description. Asking about one kind never computes another's, so the first
 * {@code Counters.performance()} pays for PERFORMANCE alone.
 *
 * <p>Thread-safe: threads that ask for a kind at the same time wait for one computation and
 * all see its value; once known, a value is read through a volatile field, without a lock. A
 * computation that throws leaves the kind unknown, to be tried again by the next request, as
 * {@link #forget} does.
 *
 * <p>Subclass it where the values are made, typically as an anonymous class: no lambda is created,
 * so start-up does not pay for the lambda machinery ({@code docs/PERFORMANCE.md}, "First reading").
 *
 * @param <T> the value; never null (use {@link java.util.Optional} for "none")
 */
public abstract class PerKind<T> {
    private final Slot<T>[] slots;

    @SuppressWarnings("unchecked")
    protected PerKind() {
        CounterKind[] kinds = CounterKind.values();
        slots = (Slot<T>[]) new Slot<?>[kinds.length];
        for (CounterKind kind : kinds) {
            slots[kind.ordinal()] = new Slot<>(this, kind);
        }
    }

    /** Works out {@code kind}'s value; called once per kind, unless it throws. Must not return null. */
    protected abstract T compute(CounterKind kind);

    /** {@code kind}'s value, computed now if this is the first request for it. */
    public final T get(CounterKind kind) {
        return slots[requireNonNull(kind, "kind").ordinal()].get();
    }

    /** Whether {@code kind}'s value has been computed; asking computes nothing. */
    public final boolean isKnown(CounterKind kind) {
        return slots[requireNonNull(kind, "kind").ordinal()].value != null;
    }

    /**
     * Forgets {@code kind}'s value, so that the next request computes it again: for a decision that
     * a later failure overturned (a provider chosen for a kind that then failed to create it).
     */
    public final void forget(CounterKind kind) {
        slots[requireNonNull(kind, "kind").ordinal()].forget();
    }

    /** {@link #get}{@code (kind)} as a supplier, for a counter's memoised description. */
    public final Supplier<T> supplier(CounterKind kind) {
        return slots[requireNonNull(kind, "kind").ordinal()];
    }

    private static final class Slot<T> implements Supplier<T> {
        private final PerKind<T> owner;
        private final CounterKind kind;
        private volatile T value;

        Slot(PerKind<T> owner, CounterKind kind) {
            this.owner = owner;
            this.kind = kind;
        }

        @Override
        public T get() {
            T known = value;
            if (known == null) {
                synchronized (this) {
                    known = value;
                    if (known == null) {
                        known = owner.compute(kind);
                        if (known == null) {
                            throw new NullPointerException(owner.getClass().getName() + ".compute(" + kind + ") returned null");
                        }
                        value = known;
                    }
                }
            }
            return known;
        }

        synchronized void forget() {
            value = null;
        }

        @Override
        public String toString() {
            T known = value;
            return kind + "=" + (known == null ? "(not yet computed)" : known);
        }
    }
}
