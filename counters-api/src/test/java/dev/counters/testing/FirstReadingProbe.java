package dev.counters.testing;

import dev.counters.Counter;
import dev.counters.Counters;

/**
 * Takes the first reading of a fresh JVM, {@code Counters.performance()} started and stopped, and
 * only then prints {@value #DONE} and what served it. Run with {@code -verbose:class}, the lines
 * before {@value #DONE} are every class the first reading loaded.
 */
public final class FirstReadingProbe {
    /** The line that ends the first reading. */
    public static final String DONE = "first reading done";

    private FirstReadingProbe() {}

    public static void main(String[] args) {
        Counter counter = Counters.performance();
        counter.start();
        counter.stop();
        long ticks = counter.getPeriodCount();
        System.out.println(DONE);
        System.out.println("ticks=" + ticks);
        System.out.println("provider=" + counter.getInfo().provider());
        System.out.println("binding=" + counter.getInfo().binding());
    }
}
