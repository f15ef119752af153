package dev.counters.nativeaccess;

import dev.counters.internal.TickSource;

/**
 * What makes machine code in a page callable from Java once the page is mapped: copying the bytes
 * in and binding or calling the code. {@link ExecutableCode#binder} is the real one (JNA); a fake
 * in tests serves a counter without native code.
 */
public interface CodeBinder {
    /** Copies {@code code} to the writable memory at {@code address}. */
    void copy(byte[] code, long address);

    /** A source that calls the code at {@code address} as {@code long read(void)}: one direct call per read. */
    TickSource bindCycleReader(long address);

    /** Calls the code at {@code address} once as {@code long f(void)}. */
    long call(long address);

    /** How the code is called: {@link dev.counters.CounterInfo.Binding#JNA} unless an FFM binder says otherwise. */
    default dev.counters.CounterInfo.Binding binding() {
        return dev.counters.CounterInfo.Binding.JNA;
    }
}
