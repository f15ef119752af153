package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import java.nio.ByteBuffer;

/**
 * Memory a native call writes its result into ({@code struct timespec}, {@code struct rusage}):
 * a buffer in the platform's byte order and its native address, which the call receives as a
 * plain {@code long}. JNA passes a {@code long} without any conversion, where a {@code long[]}
 * would be copied in and out through {@code Get/ReleaseLongArrayElements} on every call; reading
 * the result back with {@link #longAt} is an ordinary memory read. One scratch belongs to one
 * source, which is confined to one thread, so nothing needs a lock and nothing is allocated.
 */
final class Scratch {
    private final ByteBuffer buffer;
    private final long address;

    /** @param address where {@code buffer} lives in native memory, or 0 for a fake native layer's heap buffer */
    Scratch(ByteBuffer buffer, long address) {
        this.buffer = requireNonNull(buffer, "buffer");
        this.address = address;
    }

    /** The native address to hand to the call. */
    long address() {
        return address;
    }

    /** The memory itself, for fakes that write results as the kernel would. */
    ByteBuffer buffer() {
        return buffer;
    }

    /** The 64-bit value at byte offset {@code offset}. */
    long longAt(int offset) {
        return buffer.getLong(offset);
    }

    /** The 32-bit value at byte offset {@code offset}. */
    int intAt(int offset) {
        return buffer.getInt(offset);
    }
}
