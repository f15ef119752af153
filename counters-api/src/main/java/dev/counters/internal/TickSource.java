package dev.counters.internal;

/**
 * One native clock read: the current value in the clock's ticks. Implementations are the hot
 * path of every counter, so they allocate nothing and make exactly one native call; failures
 * throw {@link dev.counters.CounterException}.
 */
@FunctionalInterface
public interface TickSource {
    long read();
}
