package dev.counters.nativeaccess;

import dev.counters.spi.TickSource;

/**
 * What a platform module does to make a few bytes of machine code callable: its own page calls
 * ({@code mmap}/{@code mprotect} on POSIX, {@code VirtualAlloc}/{@code VirtualProtect} on Windows)
 * and the binding of the code's address ({@link ExecutableCode} for the real layer). A fake in
 * tests serves a counter without any native code.
 */
public interface CodeLoader {
    /**
     * Places {@code code} in a fresh page that is writable while the code is copied in and then
     * executable, never both at once (W^X); the page lives as long as the process.
     *
     * @return the page's address
     * @throws dev.counters.CounterException naming the call that failed, its error code and text
     */
    long load(byte[] code);

    /** A source that calls the code at {@code address} as {@code long read(void)} on each read. */
    TickSource bindReader(long address);

    /** Calls the code at {@code address} once as {@code long f(void)}. */
    long call(long address);
}
