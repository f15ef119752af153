package dev.counters.internal;

import dev.counters.Counter;
import dev.counters.CounterInfo;

import static java.util.Objects.requireNonNull;

/**
 * A counter that forwards every call to another, in the manner of Guava's {@code Forwarding*}
 * classes: subclass it and override only what the wrapper changes (a calibrated counter
 * overrides {@link #getPeriodCount()}, a counter holding a raised timer period adds
 * {@code close()}).
 */
public abstract class ForwardingCounter implements Counter {
    private final Counter delegate;

    protected ForwardingCounter(Counter delegate) {
        this.delegate = requireNonNull(delegate, "delegate");
    }

    /** The counter every call goes to. */
    protected final Counter delegate() {
        return delegate;
    }

    @Override
    public void start() {
        delegate.start();
    }

    @Override
    public void stop() {
        delegate.stop();
    }

    @Override
    public void restartFromStop() {
        delegate.restartFromStop();
    }

    @Override
    public long getPeriodCount() {
        return delegate.getPeriodCount();
    }

    @Override
    public long getFrequency() {
        return delegate.getFrequency();
    }

    @Override
    public CounterInfo getInfo() {
        return delegate.getInfo();
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
