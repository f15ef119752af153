package dev.counters.measure.internal;

/**
 * Which task warms up first in each fork: A in the odd-numbered forks, B in the even-numbered ones.
 *
 * <p>Why: A and B share the library code they call, and HotSpot keeps one profile per method, not
 * one per task. The task warmed up first is compiled while the shared code's call sites have seen
 * its types only, and inlines them as such; the second is compiled after they have seen both, and
 * gets the slower code of a call site with two receivers. A word count through {@code HashMap.merge}
 * under two class names (identical code, each with its own {@code Integer::sum}) read B 0.3-1.7%
 * slower in all 15 forks of 3 processes, and one process called it "slower 1.0117 [1.0026, 1.0209]".
 * JMH gives each benchmark JVMs of its own and never sees it; here the order that favours one task
 * favours A in half the forks and B in the other half, so the forks' spread holds it and their
 * interval centres between. A comparison in one JVM draws the order at random.
 */
public final class WarmUpOrder {
    private WarmUpOrder() {}

    /** Whether B warms up first in fork {@code number} (from 1): in the even-numbered forks. */
    public static boolean bFirst(int number) {
        if (number < 1) {
            throw new IllegalArgumentException("forks are numbered from 1, was " + number);
        }
        return number % 2 == 0;
    }
}
