package dev.counters.nativeaccess;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.ToLongFunction;

/**
 * Memory a native call writes its results into, for a provider whose hot path calls a function
 * with out-parameters ({@code QueryPerformanceCounter(LARGE_INTEGER*)},
 * {@code GetThreadTimes(..., FILETIME*, FILETIME*, FILETIME*, FILETIME*)},
 * {@code clock_gettime(clockid_t, struct timespec*)}, {@code read(fd, void*, count)}).
 *
 * <p><b>Why.</b> With JNA direct mapping a {@code long} argument reaches C unchanged, while every
 * {@code long[]} argument is copied in and out through {@code Get/ReleaseLongArrayElements} on
 * every call: a {@code malloc}, two copies and a {@code free} per array, four times over for
 * {@code GetThreadTimes}. A scratch is a direct buffer allocated once: declare the out-parameter
 * as {@code long} in the {@code static native} method, pass {@link #address()} (plus the field's
 * offset where one scratch holds several results), and read the results back with
 * {@link #longAt}/{@link #intAt}, which are ordinary memory reads. A read allocates nothing.
 *
 * <p><b>How.</b> Allocate one scratch per source, when the counter is created, and keep it in a
 * field of that source: a source is used by one thread at a time (its counter's rule, each call
 * happening before the next), so nothing needs a lock. The memory
 * is in the platform's byte order, zero-filled, and its address is a multiple of {@link #ALIGNMENT},
 * which suits every C integer and {@code struct} of such fields. The buffer owns the memory and
 * frees it when the scratch becomes unreachable: keep the scratch, never only its address, and
 * read the results through it after the call, which also keeps it reachable while the call writes.
 * counters-api knows no native library, so the native layer supplies the address:
 * <pre>{@code
 * Scratch count = Scratch.allocateDirect(Long.BYTES,
 *         buffer -> Pointer.nativeValue(Native.getDirectBufferPointer(buffer)));
 * if (!Kernel32Direct.QueryPerformanceCounter(count.address())) { ...GetLastError... }
 * return count.longAt(0);
 * }</pre>
 * A fake native layer, which tests substitute for the real one, hands out
 * {@link #allocateHeap heap scratches} and writes its results into {@link #buffer()} at the
 * offsets where the operating system would write them.
 *
 * <p>Use it for calls on a hot path. A call made once (a frequency, an affinity mask) gains
 * nothing worth a buffer; whatever is simplest there is fine.
 */
public final class Scratch {
    /** The alignment, in bytes, of every direct scratch's address: that of a 64-bit integer. */
    public static final int ALIGNMENT = Long.BYTES;

    private final ByteBuffer buffer;
    private final long address;

    private Scratch(ByteBuffer buffer, long address) {
        this.buffer = buffer;
        this.address = address;
    }

    /**
     * Native memory for {@code bytes} bytes of results, for the real native layer.
     *
     * @param addressOf the native layer's lookup of a direct buffer's address, such as JNA's
     *     {@code Pointer.nativeValue(Native.getDirectBufferPointer(buffer))}
     * @throws IllegalArgumentException if {@code bytes} is not positive
     * @throws IllegalStateException if {@code addressOf} finds no address (returns 0)
     */
    public static Scratch allocateDirect(int bytes, ToLongFunction<ByteBuffer> addressOf) {
        checkSize(bytes);
        requireNonNull(addressOf, "addressOf");
        // Room for the slack before the first aligned address and after the last whole unit.
        ByteBuffer aligned = ByteBuffer.allocateDirect(Math.addExact(bytes, 2 * ALIGNMENT)).alignedSlice(ALIGNMENT);
        ByteBuffer buffer = aligned.slice(0, bytes).order(ByteOrder.nativeOrder());
        long address = addressOf.applyAsLong(buffer);
        checkState(address != 0, "the native layer found no address for a direct buffer of %s bytes", bytes);
        return new Scratch(buffer, address);
    }

    /**
     * Java heap memory for {@code bytes} bytes of results, for a fake native layer: it has a
     * {@link #buffer()} to write into but no {@link #address()}.
     *
     * @throws IllegalArgumentException if {@code bytes} is not positive
     */
    public static Scratch allocateHeap(int bytes) {
        checkSize(bytes);
        return new Scratch(ByteBuffer.allocate(bytes).order(ByteOrder.nativeOrder()), 0);
    }

    private static void checkSize(int bytes) {
        checkArgument(bytes > 0, "a scratch holds at least one byte; %s bytes were asked for", bytes);
    }

    /**
     * The native address to hand to the call.
     *
     * @throws IllegalStateException for a {@link #allocateHeap heap scratch}, which a real native
     *     call must never receive (it would write through a null pointer)
     */
    public long address() {
        checkState(address != 0, "this scratch is on the Java heap, for a fake native layer; a native call needs"
                + " Scratch.allocateDirect");
        return address;
    }

    /** Whether this scratch is native memory with an {@link #address()}, rather than a fake's heap buffer. */
    public boolean isDirect() {
        return address != 0;
    }

    /** The size in bytes. */
    public int size() {
        return buffer.capacity();
    }

    /**
     * The memory itself, in native byte order, for a fake native layer to write results into as
     * the operating system would. Use absolute {@code put}s: the buffer is shared, not a copy.
     */
    public ByteBuffer buffer() {
        return buffer;
    }

    /** The 64-bit value at byte offset {@code offset}. */
    public long longAt(int offset) {
        return buffer.getLong(offset);
    }

    /** The 32-bit value at byte offset {@code offset}. */
    public int intAt(int offset) {
        return buffer.getInt(offset);
    }

    @Override
    public String toString() {
        return (isDirect() ? "direct" : "heap") + " scratch of " + size() + " bytes";
    }
}
