package dev.counters.measure.cycles;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.counters.spi.Scratch;

/** {@link Scratch} memory for the cycle counters' out-parameters, its address found by JNA. */
final class NativeScratch {
    private NativeScratch() {}

    /** Native memory for {@code bytes} bytes of results. */
    static Scratch allocate(int bytes) {
        return Scratch.allocateDirect(bytes, buffer -> Pointer.nativeValue(Native.getDirectBufferPointer(buffer)));
    }
}
