package dev.counters.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * A reading through the layer under test taken between two readings through a reference layer,
 * as the platform modules' tests read each call through JNA, then FFM, then JNA again: what the
 * readings measure cannot go backwards, so each figure of the middle reading lies between the
 * same figure of the other two.
 *
 * @param <T> a reading: a structure the call filled, or a clock's value
 * @param before the first reading, through the reference
 * @param between the middle reading, through the layer under test
 * @param after the last reading, through the reference again
 */
public record ReadingBetween<T>(T before, T between, T after) {
    /** Reads through {@code reference}, then through {@code subject}, then through {@code reference} again. */
    public static <T> ReadingBetween<T> read(Supplier<? extends T> reference, Supplier<? extends T> subject) {
        T before = reference.get();
        T between = subject.get();
        T after = reference.get();
        return new ReadingBetween<>(before, between, after);
    }

    /** Asserts that clock {@code what} read through {@code subject} lies between two reads through {@code reference}. */
    public static void assertBetween(String what, LongSupplier reference, LongSupplier subject) {
        read(reference::getAsLong, subject::getAsLong).assertInOrder(Long::longValue, what);
    }

    /** Asserts that {@code figure} of the middle reading lies between its values in the other two. */
    public void assertInOrder(ToLongFunction<? super T> figure, String what) {
        long first = figure.applyAsLong(before);
        long middle = figure.applyAsLong(between);
        long last = figure.applyAsLong(after);
        assertTrue(first <= middle && middle <= last,
                what + ": the layer under test read " + middle + ", outside the reference's " + first + ".." + last);
    }
}
